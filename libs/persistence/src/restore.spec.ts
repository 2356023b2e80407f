import path from 'node:path';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { createDatabase, createPool, migrate, republishOutbox } from './index';

// After a restore, the events sent shortly before the restored point are sent again (their
// consumers may have handled them only in the timeline the restore threw away), never those older
// than the consumers' memory of what they handled.

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'demo', dir: path.join(__dirname, '__fixtures__', 'migrations') });
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

async function unsent(): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    'SELECT name FROM demo.outbox WHERE sent_at IS NULL ORDER BY seq',
  );
  return rows.map((r) => r.name);
}

it('marks unsent the events of the window before the newest one, and leaves older ones sent', async () => {
  // The newest event is the restored point: an hour before now, as a copy restored later.
  await pool.query(
    `INSERT INTO demo.outbox (id, name, envelope, created_at, sent_at)
     VALUES (gen_random_uuid(), 'old', '{}', now() - interval '30 hours', now() - interval '30 hours'),
            (gen_random_uuid(), 'in-window', '{}', now() - interval '3 hours', now() - interval '3 hours'),
            (gen_random_uuid(), 'newest', '{}', now() - interval '1 hour', now() - interval '1 hour'),
            (gen_random_uuid(), 'never-sent', '{}', now() - interval '1 hour', NULL)`,
  );
  const done = await republishOutbox(createDatabase(pool), 'demo', 24, 168);
  expect(done.events).toBe(2);
  expect(await unsent()).toEqual(['in-window', 'newest', 'never-sent']);
  expect(Date.parse(done.newest ?? '')).toBeLessThan(Date.now() - 59 * 60_000);
});

it("never reaches past what consumers still remember handling (their inbox's hours)", async () => {
  await pool.query(`UPDATE demo.outbox SET sent_at = created_at`);
  // Consumers keep 4 hours: of a 24-hour window only the last 3 are sent again.
  const done = await republishOutbox(createDatabase(pool), 'demo', 24, 4);
  expect(await unsent()).toEqual(['newest', 'never-sent']);
  expect(done.events).toBe(2);
});
