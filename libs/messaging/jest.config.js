module.exports = require('../../jest.preset.js')('messaging', __dirname);
