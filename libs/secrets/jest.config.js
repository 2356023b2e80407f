module.exports = require('../../jest.preset.js')('secrets', __dirname);
