import path from 'node:path';
import type pg from 'pg';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { countUsage, pruneUsage } from './approvals.repository';

// Velocity usage is kept only as long as a window can reach it: the sweep forgets the rest.

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'policy', dir: path.join(__dirname, '..', 'migrations') });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('forgets counted operations older than the cut-off, a batch at a time, and keeps the rest', async () => {
  const db = createDatabase(pool);
  const op = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
  for (let n = 1; n <= 5; n += 1)
    await countUsage(db, [
      {
        operationId: op(n),
        leg: 0,
        tenantId: 't1',
        activity: 'withdrawal',
        userId: 'u1',
        walletId: 'w1',
        assetId: 'eth',
        amount: '1',
      },
    ]);
  // Three are old; two are recent.
  await pool.query(
    `UPDATE policy.velocity_usage SET created_at = now() - interval '100 days'
      WHERE operation_id = ANY($1)`,
    [[op(1), op(2), op(3)]],
  );
  const cutOff = new Date(Date.now() - 90 * 86_400_000);
  expect(await pruneUsage(db, cutOff, 2)).toBe(2);
  expect(await pruneUsage(db, cutOff, 2)).toBe(1);
  expect(await pruneUsage(db, cutOff, 2)).toBe(0);
  const { rows } = await pool.query<{ operation_id: string }>(
    'SELECT operation_id FROM policy.velocity_usage ORDER BY operation_id',
  );
  expect(rows.map((r) => r.operation_id)).toEqual([op(4), op(5)]);
});
