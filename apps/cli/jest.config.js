// The binary's tests start a tsx process each: its start-up takes seconds on a loaded machine.
module.exports = require('../../jest.preset.js')('cli', __dirname, { testTimeout: 30_000 });
