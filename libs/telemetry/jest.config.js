module.exports = require('../../jest.preset.js')('telemetry', __dirname);
