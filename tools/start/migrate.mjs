// `npm run db:migrate`: builds, then migrates every schema and exits, as the Kubernetes
// migrations Job does (docs/deployment-kubernetes.md, "Migrations"): identity's audit schema as
// its owner (`main.js migrate-audit`), then each service's schema as the service
// (`main.js migrate`). The database and its roles are `npm start`'s (tools/start/database.mjs).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installIfNeeded } from '../lib/install.mjs';
import { prepareDatabase } from './database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICES = [
  'identity',
  'wallet-ledger',
  'trading',
  'signing',
  'issuer',
  'notifier',
  'policy',
];
const env = { DATABASE_URL: 'postgres://localhost:5432/custody', ...process.env };

installIfNeeded(root, env);
const databaseUrls = await prepareDatabase(root, env);
const built = spawnSync(process.execPath, [path.join(root, 'tools', 'build', 'build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

function command(app, args, extraEnv) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'dist', 'apps', app, 'main.js'), ...args],
    { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } },
  );
  if (result.status !== 0) {
    console.error(`${app} ${args[0]} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

// The audit schema first, granted to identity's login (with one user for all, that user).
const identityRole = databaseUrls.identity
  ? 'identity'
  : decodeURIComponent(new URL(env.DATABASE_URL).username) ||
    (process.env.PGUSER ?? os.userInfo().username);
command('identity', ['migrate-audit', identityRole], {
  AUDIT_MIGRATION_DATABASE_URL: databaseUrls.audit_owner ?? env.DATABASE_URL,
});
for (const service of SERVICES)
  command(service, ['migrate'], { DATABASE_URL: databaseUrls[service] ?? env.DATABASE_URL });
