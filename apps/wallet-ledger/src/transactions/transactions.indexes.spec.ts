import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { type ListQuery, TOTAL_COUNT_CAP } from '@custody/contracts';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import {
  checkPlans,
  createTestDatabase,
  listPlanFaults,
  type PlanCheck,
  type TestDatabase,
} from '@custody/testing';
import { transactions } from '../schema';
import { listTransactions, type TransactionColumnFilters } from './transactions.repository';

// The hot list queries of a wallet's movements read an index, never the whole table: seeded with
// enough rows for the planner to weigh (one hot wallet, many small ones), each query the
// repository sends is explained and its plan searched for a sequential scan of the table.

const TENANT = 'tenant-hot';
const HOT_USER = '01900000-0000-7000-8000-000000000001';
const HOT_WALLET = '01900000-0000-7000-8000-0000000000aa';
/** A user of the spread rows: 100 of them, each over two wallets. */
const SPARSE_USER = '01900000-0000-7000-a000-000000000007';
const OPERATION = '01900000-0000-7000-8000-0000000000bb';

let database: TestDatabase;
let pool: pg.Pool;
let plansOf: PlanCheck['plansOf'];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'ledger', dir: path.join(__dirname, '..', 'migrations') });
  // 40,000 movements of the hot wallet (all in, approved, internal: the filters below match
  // none of them), 20,000 spread over 200 other wallets of 100 users and several tenants.
  await pool.query(
    `INSERT INTO ledger.transactions (id, tenant_id, user_id, wallet_id, asset_id, operation_id,
       type, movement, movement_subtype, status, amount, wallet_balance_after, sender, receiver,
       created_at)
     SELECT gen_random_uuid(), $1, $2::uuid, $3::uuid, 'eth',
       CASE WHEN i = 777 THEN $4::uuid ELSE gen_random_uuid() END,
       'transfer', 'in', 'internal', 'approved', (i % 100 + 1)::numeric, i, '{}', '{}',
       '2026-01-01'::timestamptz + i * interval '1 second'
     FROM generate_series(1, 40000) AS i`,
    [TENANT, HOT_USER, HOT_WALLET, OPERATION],
  );
  await pool.query(
    `INSERT INTO ledger.transactions (id, tenant_id, user_id, wallet_id, asset_id, operation_id,
       type, movement, movement_subtype, status, amount, wallet_balance_after, sender, receiver,
       created_at)
     SELECT gen_random_uuid(), 'tenant-' || (i % 20),
       ('01900000-0000-7000-a000-' || lpad((i % 100)::text, 12, '0'))::uuid,
       ('01900000-0000-7000-9000-' || lpad((i % 200)::text, 12, '0'))::uuid,
       CASE WHEN i % 2 = 0 THEN 'eth' ELSE 'btc' END, gen_random_uuid(),
       'transfer', CASE WHEN i % 2 = 0 THEN 'in' ELSE 'out' END, 'internal', 'approved',
       1, 1, '{}', '{}', '2026-01-01'::timestamptz + i * interval '1 second'
     FROM generate_series(1, 20000) AS i`,
  );
  await pool.query('ANALYZE ledger.transactions');
  ({ plansOf } = checkPlans(pool));
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const list = (overrides: Partial<ListQuery> = {}): ListQuery => ({
  page: 1,
  limit: 50,
  sort: { field: 'createdAt', direction: 'desc' },
  ...overrides,
});

const hotWallet = and(
  eq(transactions.tenantId, TENANT),
  eq(transactions.userId, HOT_USER),
  eq(transactions.walletId, HOT_WALLET),
);

const cases: [string, () => Promise<unknown>][] = [
  ['a page of the hot wallet', () => listTransactions(createDatabase(pool), hotWallet, list(), {})],
  ...(
    [
      ['movement=out', { movement: 'out' }],
      ['movementSubtype=fee', { movementSubtype: 'fee' }],
      ['status=failed', { status: 'failed' }],
      ['txLog', { txLog: OPERATION }],
    ] as [string, TransactionColumnFilters][]
  ).map(
    ([name, filters]) =>
      [
        `the hot wallet filtered by ${name}`,
        () => listTransactions(createDatabase(pool), hotWallet, list(), filters),
      ] as [string, () => Promise<unknown>],
  ),
  [
    'the hot wallet between two dates that hold none of its rows',
    () =>
      listTransactions(
        createDatabase(pool),
        hotWallet,
        list({ createdAfter: '2027-01-01T00:00:00Z', createdBefore: '2027-02-01T00:00:00Z' }),
        {},
      ),
  ],
  [
    'the hot wallet within an hour of its rows (3,600 of them)',
    () =>
      listTransactions(
        createDatabase(pool),
        hotWallet,
        list({ createdAfter: '2026-01-01T02:00:00Z', createdBefore: '2026-01-01T03:00:00Z' }),
        {},
      ),
  ],
  [
    'the hot wallet sorted by amount',
    () =>
      listTransactions(
        createDatabase(pool),
        hotWallet,
        list({ sort: { field: 'amount', direction: 'asc' } }),
        {},
      ),
  ],
  [
    'the admin list of every wallet',
    () => listTransactions(createDatabase(pool), undefined, list(), {}),
  ],
  [
    'a tenant list of every wallet',
    () => listTransactions(createDatabase(pool), eq(transactions.tenantId, TENANT), list(), {}),
  ],
  [
    "the admin list of a user's every wallet",
    () => listTransactions(createDatabase(pool), eq(transactions.userId, SPARSE_USER), list(), {}),
  ],
  [
    'the admin list of one asset',
    () => listTransactions(createDatabase(pool), undefined, list(), { assetId: 'btc' }),
  ],
];

it.each(cases)('%s reads an index, not the table', async (_name, run) => {
  expect(listPlanFaults(await plansOf(run))).toEqual([]);
});

it('a cursor page deep in the hot wallet reads an index, and continues the order', async () => {
  const db = createDatabase(pool);
  const deep = await listTransactions(db, hotWallet, list({ page: 700 }), {});
  expect(deep.next).toBeDefined();
  const scans = await plansOf(() =>
    listTransactions(db, hotWallet, list({ after: deep.next! }), {}),
  );
  expect(scans).toMatchObject({ scans: [], discarded: 0 });
  const following = await listTransactions(db, hotWallet, list({ page: 701 }), {});
  const cursor = await listTransactions(db, hotWallet, list({ after: deep.next! }), {});
  expect(cursor.rows.map((r) => r.id)).toEqual(following.rows.map((r) => r.id));
  expect(cursor.total).toBe(TOTAL_COUNT_CAP);
  expect(cursor.totalIsLowerBound).toBe(true);
});

it('finds a sequential scan where there is one (the check can fail)', async () => {
  // A filter on a column no index starts with: the table is read whole.
  const scans = await plansOf(() =>
    pool.query({ text: `SELECT id FROM ledger.transactions WHERE tx_hash = $1`, values: ['0x1'] }),
  );
  expect(scans).toMatchObject({ scans: ['transactions'], discarded: 60_000 });
});
