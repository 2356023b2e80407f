// `npm run test:faults`: the long fault runs. 1) chaos (CHAOS_SECONDS, default 120), the
// hostile-input fuzzer (FUZZ_REQUESTS, default 10,000) and the security matrix, in one jest run;
// 2) the worst day (worst-day.spec.ts) alone, with two replicas of every app (FAULT_REPLICAS=2)
// for CHAOS_SECONDS; 3) the RabbitMQ/Redis restart tests (*.faults.ts), alone, because they
// restart the services every other test uses. npm test runs 1) and 2) in a short form (see each
// spec). FAULT_SEED replays a run's seeded choices (each spec prints its seed).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = {
  ...process.env,
  CHAOS_SECONDS: process.env.CHAOS_SECONDS ?? '120',
  FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? '10000',
  FAULT_REPLICAS: process.env.FAULT_REPLICAS ?? '2',
};
const runTests = path.join(root, 'tools', 'test', 'run-tests.mjs');
const steps = [
  [
    '--selectProjects',
    'stack-e2e',
    '--testPathPatterns',
    '(chaos|fuzz|security-matrix)\\.spec\\.ts$',
  ],
  // Twelve app processes, anvil and a PostgreSQL cluster of its own: alone, not beside chaos.
  ['--selectProjects', 'stack-e2e', '--testPathPatterns', 'worst-day\\.spec\\.ts$'],
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
