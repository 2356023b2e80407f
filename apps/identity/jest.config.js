module.exports = require('../../jest.preset.js')('identity', __dirname);
