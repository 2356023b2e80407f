module.exports = require('../../jest.preset.js')('issuer', __dirname);
