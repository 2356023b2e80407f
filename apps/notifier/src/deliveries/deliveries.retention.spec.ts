import path from 'node:path';
import type pg from 'pg';
import { createPool, migrate, sweep } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { finishedDeliveriesRetention } from './deliveries.retention';

// Finished deliveries past the window go with their attempts; pending ones and younger ones stay.

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'notifier', dir: path.join(__dirname, '..', 'migrations') });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('forgets finished deliveries older than the window with their attempts, and nothing else', async () => {
  await pool.query(
    `INSERT INTO notifier.notification_types (id, event, description)
       VALUES ('01900000-0000-7000-8000-000000000001', 'retention.test', 'test')`,
  );
  await pool.query(
    `INSERT INTO notifier.receivers (id, notification_type_id, client_id, tenant_id, url)
       VALUES ('01900000-0000-7000-8000-000000000002', '01900000-0000-7000-8000-000000000001',
               'c1', 'c1', 'https://example.test/hook')`,
  );
  // Old finished (delivered, failed, dead), old pending, young delivered.
  await pool.query(
    `INSERT INTO notifier.deliveries (id, event_id, event_name, receiver_id, client_id, channel,
       payload, status, created_at)
     SELECT gen_random_uuid(), gen_random_uuid(), v.name, '01900000-0000-7000-8000-000000000002',
       'c1', 'url', '{}', v.status, now() - v.age
     FROM (VALUES ('old-delivered', 'delivered', interval '40 days'),
                  ('old-failed', 'failed', interval '40 days'),
                  ('old-dead', 'dead', interval '31 days'),
                  ('old-pending', 'pending', interval '40 days'),
                  ('young', 'delivered', interval '29 days')) AS v(name, status, age)`,
  );
  await pool.query(
    `INSERT INTO notifier.delivery_attempts (delivery_id, attempt, status_code, duration_ms)
     SELECT id, n, 500, 10 FROM notifier.deliveries, generate_series(1, 3) AS n`,
  );

  expect(await sweep(pool, finishedDeliveriesRetention(30), 2)).toBe(3);

  const { rows } = await pool.query<{ event_name: string; attempts: number }>(
    `SELECT d.event_name, (SELECT count(*)::int FROM notifier.delivery_attempts a
                             WHERE a.delivery_id = d.id) AS attempts
       FROM notifier.deliveries d ORDER BY d.event_name`,
  );
  expect(rows).toEqual([
    { event_name: 'old-pending', attempts: 3 },
    { event_name: 'young', attempts: 3 },
  ]);
  const orphans = await pool.query(
    `SELECT 1 FROM notifier.delivery_attempts a
      WHERE NOT EXISTS (SELECT 1 FROM notifier.deliveries d WHERE d.id = a.delivery_id)`,
  );
  expect(orphans.rowCount).toBe(0);
});
