// Installs the dependencies when node_modules is missing or older than the lock file: `npm start`
// and `npm test` both work on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Runs `npm install` in `root` when needed; exits with npm's status when it fails. */
export function installIfNeeded(root, env = process.env) {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (
    existsSync(installed) &&
    statSync(installed).mtimeMs >= statSync(path.join(root, 'package-lock.json')).mtimeMs
  )
    return;
  // `npm install` with the committed lock (see .ci/run for why not `npm ci`).
  console.log('Installing dependencies…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
