const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// SoftHSM2 reads SOFTHSM2_CONF from the real environment at C_Initialize, which a spec cannot
// change (jest gives it a copy): one token directory per run, set here in the process that
// starts the workers. Each spec initializes its own tokens there (src/test-harness.ts).
if (!process.env.SOFTHSM2_CONF) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'softhsm-jest-'));
  mkdirSync(path.join(dir, 'tokens'));
  const conf = path.join(dir, 'softhsm2.conf');
  writeFileSync(
    conf,
    `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`,
  );
  process.env.SOFTHSM2_CONF = conf;
}

module.exports = require('../../jest.preset.js')('signing', __dirname);
