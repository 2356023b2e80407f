module.exports = require('../../jest.preset.js')('money', __dirname);
