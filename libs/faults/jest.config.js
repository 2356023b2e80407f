module.exports = require('../../jest.preset.js')('faults', __dirname);
