// `npm run restore -- <step>`: the app side of a restore of `npm start`'s deployment, in the order of
// docs/operations/restore-runbook.md, with its development logins (tools/start/database.mjs).
// Production runs the same commands with each app's own environment (the runbook).
//   prepare [--republish-hours N]   every app stopped: purge the broker's queues and the BullMQ
//                                   keys, then each service's restore-prepare
//   status                          wallet-ledger's restore-status
//   resolve --tx <hash> (--withdrawal <id> | --signed)
//   release                         the policy service's restore-release (after wallet-ledger is ready)
//   accept-database                 wallet-ledger's restore-accept-database (a failover, no restore)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareDatabase } from './database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// identity first and wallet-ledger last: the order is free, but wallet-ledger's step opens the
// restore, which the others' steps come before.
const SERVICES = [
  'identity',
  'trading',
  'signing',
  'issuer',
  'notifier',
  'policy',
  'wallet-ledger',
];
const env = { DATABASE_URL: 'postgres://localhost:5432/custody', ...process.env };
const [step, ...args] = process.argv.slice(2);

function command(app, commandArgs) {
  const main = path.join(root, 'dist', 'apps', app, 'main.js');
  if (!existsSync(main)) {
    console.error(`${main} is missing: run npm run build first`);
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [main, ...commandArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, DATABASE_URL: databaseUrls[app] ?? env.DATABASE_URL },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const databaseUrls = await prepareDatabase(root, env);
switch (step) {
  case 'prepare': {
    const purged = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'tools', 'backup', 'purge.ts')],
      { cwd: root, stdio: 'inherit', env },
    );
    if (purged.status !== 0) process.exit(purged.status ?? 1);
    for (const app of SERVICES) command(app, ['restore-prepare', ...args]);
    break;
  }
  case 'status':
    command('wallet-ledger', ['restore-status']);
    break;
  case 'resolve':
    command('wallet-ledger', ['restore-resolve', ...args]);
    break;
  case 'release':
    command('policy', ['restore-release']);
    break;
  case 'accept-database':
    command('wallet-ledger', ['restore-accept-database']);
    break;
  default:
    console.error(
      'usage: npm run restore -- prepare|status|resolve --tx <hash> (--withdrawal <id> | --signed)|release|accept-database',
    );
    process.exit(2);
}
