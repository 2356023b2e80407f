module.exports = require('../../jest.preset.js')('gateway', __dirname);
