module.exports = require('../../jest.preset.js')('k8s', __dirname);
