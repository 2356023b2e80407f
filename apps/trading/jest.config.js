module.exports = require('../../jest.preset.js')('trading', __dirname);
