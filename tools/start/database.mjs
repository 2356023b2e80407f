// The development database of `npm start` and `npm run db:migrate`: created if missing, and one
// role per service owning its schema, as in production (docker/postgres), unless DATABASE_URL
// names one user for all.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `url` with another login: the per-app users (docker/*). */
function withLogin(url, username, password) {
  const login = new URL(url);
  login.username = username;
  login.password = password;
  return login.toString();
}

/**
 * Creates the database of `env.DATABASE_URL` if it does not exist, and (when DATABASE_URL is not
 * set by the caller's environment) a role per service and identity's audit owner with their
 * development passwords. Answers each one's URL (service or `audit_owner` → URL); empty when
 * every service uses DATABASE_URL's user. Exits the process when the database cannot be made.
 */
export async function prepareDatabase(root, env) {
  const { default: pg } = await import('pg');
  const dbUrl = new URL(env.DATABASE_URL);
  const dbName = decodeURIComponent(dbUrl.pathname.slice(1)) || 'custody';
  const adminUrl = new URL(env.DATABASE_URL);
  adminUrl.pathname = '/postgres';
  if (!adminUrl.username)
    adminUrl.username = process.env.PGUSER ?? process.env.USER ?? os.userInfo().username;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  try {
    await admin.connect();
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      dbName,
    ]);
    if (rowCount === 0) {
      await admin.query(`CREATE DATABASE "${dbName.replace(/"/g, '""')}"`);
      console.log(`Created database ${dbName}`);
    }
  } catch (error) {
    console.error(`Cannot prepare database ${dbName} via ${adminUrl.host}: ${error.message}`);
    console.error(
      'Set DATABASE_URL to a role that may create databases, e.g. postgres://postgres@localhost:5432/custody',
    );
    process.exit(1);
  } finally {
    await admin.end().catch(() => undefined);
  }

  // One database role per service, owning its schema, unless DATABASE_URL names one user for
  // all. Takes psql here; without it, every service uses DATABASE_URL's user.
  const databaseUrls = {};
  if (process.env.DATABASE_URL) return databaseUrls;
  // The service → schema pairs of the compose init script (checked against DB_SCHEMAS), and the
  // owner of identity's audit schema (audit_owner → audit).
  const schemas = [
    ...readFileSync(path.join(root, 'docker/postgres/init-app-roles.sh'), 'utf8').matchAll(
      /^role (\S+) (\S+) /gm,
    ),
  ].map(([, service, schema]) => [service, schema]);
  const asAdmin = new URL(env.DATABASE_URL);
  if (!asAdmin.username) asAdmin.username = adminUrl.username;
  const psql = (script, variables) => {
    const result = spawnSync(
      'psql',
      [asAdmin.toString(), '-q']
        .concat(Object.entries(variables).flatMap(([name, value]) => ['-v', `${name}=${value}`]))
        .concat(['-f', path.join(root, 'docker/postgres', script)]),
      { cwd: root, encoding: 'utf8' },
    );
    return result.status === 0
      ? undefined
      : String(result.error?.message ?? result.stderr).split('\n')[0];
  };
  for (const [service, schema] of schemas) {
    const password = `dev-pg-${service}`;
    const failed =
      psql('app-role.sql', { app: service, password }) ??
      psql('app-schema.sql', { app: service, schema });
    if (failed) {
      console.log(
        `Every service connects to PostgreSQL as one user: ${service}'s role failed (${failed}).`,
      );
      for (const key of Object.keys(databaseUrls)) delete databaseUrls[key];
      break;
    }
    databaseUrls[service] = withLogin(env.DATABASE_URL, service, password);
  }
  return databaseUrls;
}
