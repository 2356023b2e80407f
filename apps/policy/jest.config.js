module.exports = require('../../jest.preset.js')('policy', __dirname);
