module.exports = require('../../jest.preset.js')('chain-address', __dirname);
