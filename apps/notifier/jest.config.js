module.exports = require('../../jest.preset.js')('notifier', __dirname);
