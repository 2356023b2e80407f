module.exports = require('../../jest.preset.js')('errors', __dirname);
