module.exports = require('../../jest.preset.js')('reference-data', __dirname);
