// `npm run test:restore`: the restore drill alone (docs/operations/backup-and-restore.md). It
// makes its own PostgreSQL cluster (pg_createcluster, port 5433, root), so npm test leaves it out
// (*.restore.ts) and it runs by itself, one worker.
const path = require('node:path');
const preset = require('../../jest.preset.js')('stack-e2e-restore', __dirname, {
  testMatch: ['<rootDir>/src/**/*.restore.ts'],
});
module.exports = {
  ...preset,
  testMatch: ['<rootDir>/src/**/*.restore.ts'],
  maxWorkers: 1,
  globalSetup: path.join(__dirname, '..', '..', 'jest.global-setup.js'),
  globalTeardown: path.join(__dirname, '..', '..', 'libs', 'testing', 'global-teardown.js'),
};
