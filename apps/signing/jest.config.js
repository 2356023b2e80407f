module.exports = require('../../jest.preset.js')('signing', __dirname);
