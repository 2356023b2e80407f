module.exports = require('../../jest.preset.js')('tenancy', __dirname);
