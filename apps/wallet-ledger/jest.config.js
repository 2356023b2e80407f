module.exports = require('../../jest.preset.js')('wallet-ledger', __dirname);
