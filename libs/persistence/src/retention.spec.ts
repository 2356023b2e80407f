import path from 'node:path';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { createPool, messagingRetention, migrate, sweep } from './index';

// What every service forgets: only rows past their windows, a batch per statement, and never a
// row a running transaction holds (the sweep skips it instead of waiting).

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

const rules = () => messagingRetention('demo', { outboxHours: 2, inboxHours: 3 });
const rule = (name: string) => rules().find((r) => r.name === name)!;

async function keys(): Promise<string[]> {
  const { rows } = await pool.query<{ key: string }>(
    'SELECT key FROM demo.idempotency_keys ORDER BY key',
  );
  return rows.map((r) => r.key);
}

it('forgets idempotency keys past their 24 hours, a batch at a time, and keeps younger ones', async () => {
  await pool.query(
    `INSERT INTO demo.idempotency_keys (client_id, key, request_hash, response, created_at)
     SELECT 'c1', 'old-' || i, 'h', '{}'::jsonb, now() - interval '25 hours' FROM generate_series(1, 5) i
     UNION ALL SELECT 'c1', 'young', 'h', NULL, now() - interval '23 hours'`,
  );
  expect(await rule('idempotency_keys').deleteBatch(pool, 2)).toBe(2);
  expect(await sweep(pool, rule('idempotency_keys'), 2)).toBe(3);
  expect(await keys()).toEqual(['young']);
});

it('skips a key a running transaction holds, without waiting for it', async () => {
  await pool.query(
    `INSERT INTO demo.idempotency_keys (client_id, key, request_hash, created_at)
     VALUES ('c2', 'held', 'h', now() - interval '30 hours'),
            ('c2', 'free', 'h', now() - interval '30 hours')`,
  );
  const holder = await pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(
      `UPDATE demo.idempotency_keys SET response = '{"ok":true}' WHERE key = 'held'`,
    );
    const started = Date.now();
    expect(await sweep(pool, rule('idempotency_keys'), 10)).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    await holder.query('COMMIT');
  } finally {
    holder.release();
  }
  expect(await keys()).toEqual(['held', 'young']);
});

it('forgets outbox rows published past the window, never unpublished ones', async () => {
  await pool.query(
    `INSERT INTO demo.outbox (id, name, envelope, created_at, sent_at) VALUES
       (gen_random_uuid(), 'sent-old', '{}', now() - interval '5 hours', now() - interval '3 hours'),
       (gen_random_uuid(), 'sent-new', '{}', now() - interval '5 hours', now() - interval '1 hour'),
       (gen_random_uuid(), 'unsent-old', '{}', now() - interval '900 hours', NULL)`,
  );
  expect(await sweep(pool, rule('outbox'), 10)).toBe(1);
  const { rows } = await pool.query<{ name: string }>('SELECT name FROM demo.outbox ORDER BY name');
  expect(rows.map((r) => r.name)).toEqual(['sent-new', 'unsent-old']);
});

it('forgets inbox rows handled past the window', async () => {
  await pool.query(
    `INSERT INTO demo.inbox (consumer, event_id, event_name, processed_at) VALUES
       ('c', gen_random_uuid(), 'old', now() - interval '4 hours'),
       ('c', gen_random_uuid(), 'new', now() - interval '2 hours')`,
  );
  expect(await sweep(pool, rule('inbox'), 10)).toBe(1);
  const { rows } = await pool.query<{ event_name: string }>('SELECT event_name FROM demo.inbox');
  expect(rows.map((r) => r.event_name)).toEqual(['new']);
});

it('reads only the rows it deletes: each rule walks an index in window order', async () => {
  for (const [table, column] of [
    ['idempotency_keys', 'created_at'],
    ['outbox', 'sent_at'],
    ['inbox', 'processed_at'],
  ]) {
    const { rows } = await pool.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'demo' AND tablename = $1`,
      [table],
    );
    expect(rows.map((r) => r.indexdef).join('\n')).toMatch(new RegExp(`\\(${column}\\)`));
  }
});
