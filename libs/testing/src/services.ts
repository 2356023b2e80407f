import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
