// `npm run test:faults`: the long fault runs. 1) chaos (CHAOS_SECONDS, default 120), the
// hostile-input fuzzer (FUZZ_REQUESTS, default 10,000) and the security matrix, in one jest run;
// 2) the RabbitMQ/Redis restart tests (*.faults.ts), alone, because they restart the services
// every other test uses. npm test runs the first group in a short form (see each spec).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = {
  ...process.env,
  CHAOS_SECONDS: process.env.CHAOS_SECONDS ?? '120',
  FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? '10000',
};
const runTests = path.join(root, 'tools', 'test', 'run-tests.mjs');
const steps = [
  [
    '--selectProjects',
    'stack-e2e',
    '--testPathPatterns',
    '(chaos|fuzz|security-matrix)\\.spec\\.ts$',
  ],
  ['--config', path.join(root, 'apps', 'stack-e2e', 'jest.faults.config.js')],
];
for (const args of steps) {
  const result = spawnSync(process.execPath, [runTests, ...args], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
