// `npm test`: installs if needed, then every test of the repository in one jest run, then one
// summary line.
// Services come from DATABASE_URL / AMQP_URL / REDIS_URL; when unset and the service listens on
// localhost, the local one is used; otherwise jest's global setup starts it with testcontainers.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installIfNeeded } from '../lib/install.mjs';
import { withLocalServices } from '../lib/services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A fresh clone has no node_modules: install as `npm start` does.
installIfNeeded(root);
const env = await withLocalServices(process.env);

// One results file per jest config, so that `test:restarts` and `test:restore` after `npm test`
// do not overwrite the per-file timings of the main run.
const configAt = process.argv.indexOf('--config');
const configName =
  configAt >= 0 ? path.basename(process.argv[configAt + 1] ?? '').replace(/\.config\.js$/, '') : '';
const resultsFile = path.join(
  root,
  'tmp',
  `jest-results${configName ? `-${configName}` : ''}.json`,
);
mkdirSync(path.dirname(resultsFile), { recursive: true });
rmSync(resultsFile, { force: true });
const jest = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--ci',
    '--maxWorkers=2',
    '--json',
    `--outputFile=${resultsFile}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, env, stdio: 'inherit' },
);

// Jest exits 0 after refusing an option it no longer knows, having run nothing: that is a failure.
if (!existsSync(resultsFile)) {
  console.error('jest wrote no results: no test ran.');
  process.exit(1);
}
{
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const skipped = results.numPendingTests + results.numTodoTests;
  console.log(
    `\nTests: ${results.numPassedTests} passed, ${results.numFailedTests} failed` +
      (skipped > 0 ? `, ${skipped} skipped` : ''),
  );
  if (results.numTotalTests === 0) {
    console.error('No test ran.');
    process.exit(1);
  }
}
process.exit(jest.status ?? 1);
