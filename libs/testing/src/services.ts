import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { DB_SCHEMAS, SERVICES, type ServiceName } from '@custody/contracts';

/** Where the test infrastructure lives: from the environment (CI), else from global-setup.js. */
export function testServiceUrls() {
  const databaseUrl = process.env['DATABASE_URL'];
  const amqpUrl = process.env['AMQP_URL'];
  const redisUrl = process.env['REDIS_URL'];
  if (!databaseUrl || !amqpUrl || !redisUrl) {
    throw new Error(
      'DATABASE_URL, AMQP_URL and REDIS_URL must be set (jest global setup sets them from testcontainers when absent).',
    );
  }
  return { databaseUrl, amqpUrl, redisUrl };
}

/** `url` with another login: the per-app users of the test stacks (docker/*). */
export function withLogin(url: string, username: string, password: string): string {
  const login = new URL(url);
  login.username = username;
  login.password = password;
  return login.toString();
}

/** A short unique lower-case name, safe for databases, queues and Redis prefixes. */
export function uniqueName(prefix = 't'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file; `drop()` removes it even with open connections. */
export async function createTestDatabase(prefix = 'test_'): Promise<TestDatabase> {
  const { databaseUrl } = testServiceUrls();
  const name = uniqueName(prefix);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

const POSTGRES_SCRIPTS = path.resolve(__dirname, '../../../docker/postgres');

/**
 * Runs docker/postgres scripts in one psql session, each with its own variables (`\\set` before
 * it): one process for all the apps' roles, not one per app (each psql costs tens of ms).
 */
function psql(
  url: string,
  runs: readonly { script: string; variables: Record<string, string> }[],
  what: string,
): void {
  const result = spawnSync(
    'psql',
    [
      url,
      '-q',
      ...runs.flatMap(({ script, variables }) => [
        ...Object.entries(variables).flatMap(([name, value]) => ['-c', `\\set ${name} '${value}'`]),
        '-f',
        path.join(POSTGRES_SCRIPTS, script),
      ]),
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr || result.error}`);
}

/** The role that owns identity's audit schema (docker/postgres/init-app-roles.sh). */
export const AUDIT_OWNER_ROLE = 'audit_owner';

/**
 * Makes the owner of identity's audit schema in `database` (as docker/postgres does) and answers
 * its login, identity's AUDIT_MIGRATION_DATABASE_URL: identity migrates the schema with it and
 * may itself only insert and read there (docs/decisions/audit.md).
 */
export function grantAuditOwnerRole(database: TestDatabase): string {
  const { databaseUrl } = testServiceUrls();
  const password = `dev-pg-${AUDIT_OWNER_ROLE}`;
  psql(
    databaseUrl,
    [{ script: 'app-role.sql', variables: { app: AUDIT_OWNER_ROLE, password } }],
    'the audit owner role',
  );
  psql(
    database.url,
    [{ script: 'app-schema.sql', variables: { app: AUDIT_OWNER_ROLE, schema: 'audit' } }],
    'the audit schema',
  );
  return withLogin(database.url, AUDIT_OWNER_ROLE, password);
}

/**
 * Gives each service its own role in `database` (docker/postgres, with the development
 * passwords): it owns its schema and cannot read the others'. Answers the URL each service
 * connects with. Roles belong to the whole server: they are made in the `postgres` database,
 * where parallel test files wait for each other's. Needs `psql`, as `npm start` and CI have.
 */
export function grantAppDatabaseRoles(database: TestDatabase): Record<ServiceName, string> {
  const { databaseUrl } = testServiceUrls();
  const password = (service: ServiceName) => `dev-pg-${service}`;
  psql(
    databaseUrl,
    SERVICES.map((app) => ({
      script: 'app-role.sql',
      variables: { app, password: password(app) },
    })),
    "the services' roles",
  );
  psql(
    database.url,
    SERVICES.map((app) => ({
      script: 'app-schema.sql',
      variables: { app, schema: DB_SCHEMAS[app] },
    })),
    "the services' schemas",
  );
  return Object.fromEntries(
    SERVICES.map((service) => [service, withLogin(database.url, service, password(service))]),
  ) as Record<ServiceName, string>;
}
