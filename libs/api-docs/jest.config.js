module.exports = require('../../jest.preset.js')('api-docs', __dirname);
