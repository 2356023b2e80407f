module.exports = require('../../jest.preset.js')('persistence', __dirname);
