module.exports = require('../../jest.preset.js')('config', __dirname);
