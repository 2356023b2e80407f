module.exports = require('../../jest.preset.js')('intents', __dirname);
