import path from 'node:path';
import type pg from 'pg';
import { createDatabase, createPool, type Database, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { recordProviderFailure, recordProviderSuccess } from './rates.repository';

// What ingestion records of its providers, against a real PostgreSQL.

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  db = createDatabase(pool);
  await migrate(pool, { schema: 'trading', dir: path.join(__dirname, '..', 'migrations') });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it("counts a provider's failures until a success", async () => {
  const status = async () =>
    (
      await pool.query(
        `SELECT consecutive_failures, last_error FROM trading.provider_status
          WHERE provider = 'fixed:prices'`,
      )
    ).rows[0];
  await recordProviderFailure(db, 'fixed:prices', 'down');
  await recordProviderFailure(db, 'fixed:prices', 'x'.repeat(600));
  expect(await status()).toEqual({ consecutive_failures: 2, last_error: 'x'.repeat(500) });
  await recordProviderSuccess(db, 'fixed:prices');
  expect((await status())?.consecutive_failures).toBe(0);
});
