module.exports = require('../../jest.preset.js')('service-kit', __dirname);
