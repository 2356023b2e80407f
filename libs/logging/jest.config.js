module.exports = require('../../jest.preset.js')('logging', __dirname);
