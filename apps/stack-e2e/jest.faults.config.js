// `npm run test:faults` part two: tests that restart the machine's RabbitMQ and Redis. They
// cannot share a run with other tests (every test uses those services), so npm test leaves them
// out (*.faults.ts) and they run alone; one worker, so the files never overlap either.
const path = require('node:path');
const preset = require('../../jest.preset.js')('stack-e2e-faults', __dirname, {
  testMatch: ['<rootDir>/src/**/*.faults.ts'],
});
module.exports = {
  ...preset,
  testMatch: ['<rootDir>/src/**/*.faults.ts'],
  maxWorkers: 1,
  globalSetup: path.join(__dirname, '..', '..', 'jest.global-setup.js'),
  globalTeardown: path.join(__dirname, '..', '..', 'libs', 'testing', 'global-teardown.js'),
};
