module.exports = require('../../jest.preset.js')('stack-e2e', __dirname);
