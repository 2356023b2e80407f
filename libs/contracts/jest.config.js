module.exports = require('../../jest.preset.js')('contracts', __dirname);
