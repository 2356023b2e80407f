import path from 'node:path';
import { eq, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { ListQuery } from '@custody/contracts';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import {
  checkPlans,
  createTestDatabase,
  listPlanFaults,
  MOST_READ,
  type PlanCheck,
  type TestDatabase,
} from '@custody/testing';
import { listIncomes } from './incomes/incomes.repository';
import { incomes, signedItems, withdrawals } from './schema';
import { listSignedItems } from './signatures/signatures.repository';
import { listWithdrawals } from './withdrawals/withdrawals.repository';

// The wallet-scoped lists beside a wallet's movements (withdrawals, incomes, signed items) cost
// what they return: seeded with one hot wallet (20,000 rows each, all of one status) and 10,000
// more over 200 wallets of 20 tenants, each query a list sends is explained, and its plan must
// read an index in the list's order (no table read whole, few rows read to be thrown away, no
// scope read whole to be sorted). The capped count reads up to its cap of 1,000 rows. A user's
// every wallet (the admin's `wallets/*`) is a user with few rows among many.

const TENANT = 'tenant-hot';
const HOT_USER = '01900000-0000-7000-8000-000000000001';
const HOT_WALLET = '01900000-0000-7000-8000-0000000000aa';
/** A user of the spread rows: 100 of them, over two wallets. */
const SPARSE_USER = '01900000-0000-7000-9000-000000000007';
const HOT_ROWS = 20_000;
const OTHER_ROWS = 10_000;

let database: TestDatabase;
let pool: pg.Pool;
let plansOf: PlanCheck['plansOf'];

/** The columns each table's rows take, by the row's number `i` and whether it is the hot one's. */
const seeds = {
  withdrawals: `(id, tenant_id, user_id, wallet_id, asset_id, amount, receiver_address, status,
      hold_id, created_at)
    SELECT gen_random_uuid(), %tenant, %user, %wallet, 'eth', (i % 100 + 1)::numeric, '0xabc',
      %status, gen_random_uuid(), %created`,
  incomes: `(id, tenant_id, user_id, wallet_id, asset_id, amount, blockchain_transaction_id,
      sender_address, transaction_timestamp, status, created_at)
    SELECT gen_random_uuid(), %tenant, %user, %wallet, 'eth', (i % 100 + 1)::numeric,
      gen_random_uuid()::text, '0xabc', now(), %status, %created`,
  signed_items: `(id, tenant_id, user_id, wallet_id, kind, request, result, status, created_at)
    SELECT gen_random_uuid(), %tenant, %user, %wallet, 'message', '{}', '{}', %status, %created`,
};
const statusOf = { withdrawals: 'confirmed', incomes: 'confirmed', signed_items: 'sent' };

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'ledger', dir: path.join(__dirname, 'migrations') });
  // The rows alone: their wallets and holds are not what the lists read (replica mode skips the
  // foreign keys' checks for this seed).
  const seed = await pool.connect();
  try {
    await seed.query(`BEGIN`);
    await seed.query(`SET LOCAL session_replication_role = replica`);
    for (const [table, columns] of Object.entries(seeds)) {
      const status = statusOf[table as keyof typeof statusOf];
      const hot = columns
        .replace('%tenant', `'${TENANT}'`)
        .replace('%user', `'${HOT_USER}'::uuid`)
        .replace('%wallet', `'${HOT_WALLET}'::uuid`)
        .replace('%status', `'${status}'`)
        .replace('%created', `'2026-01-01'::timestamptz + i * interval '1 second'`);
      const spread = columns
        .replace('%tenant', `'tenant-' || (i % 20)`)
        .replace('%user', `('01900000-0000-7000-9000-' || lpad((i % 100)::text, 12, '0'))::uuid`)
        .replace('%wallet', `('01900000-0000-7000-a000-' || lpad((i % 200)::text, 12, '0'))::uuid`)
        .replace('%status', `CASE WHEN i % 3 = 0 THEN 'failed' ELSE '${status}' END`)
        .replace('%created', `'2026-01-01'::timestamptz + i * interval '1 second'`);
      await seed.query(
        `INSERT INTO ledger.${table} ${hot} FROM generate_series(1, ${HOT_ROWS}) AS i`,
      );
      await seed.query(
        `INSERT INTO ledger.${table} ${spread} FROM generate_series(1, ${OTHER_ROWS}) AS i`,
      );
    }
    await seed.query(`COMMIT`);
  } finally {
    seed.release();
  }
  await pool.query('ANALYZE ledger.withdrawals, ledger.incomes, ledger.signed_items');
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
const byAmount = list({ sort: { field: 'amount', direction: 'asc' } });

/** The scopes `walletScope` gives: a named wallet, a tenant's every wallet, the admin's all. */
const scopes = (table: typeof withdrawals | typeof incomes | typeof signedItems) => ({
  wallet: eq(table.walletId, HOT_WALLET),
  tenant: eq(table.tenantId, TENANT),
  user: eq(table.userId, SPARSE_USER),
  admin: undefined as SQL | undefined,
});

const db = () => createDatabase(pool);
const w = scopes(withdrawals);
const inc = scopes(incomes);
const s = scopes(signedItems);

const cases: [string, () => Promise<unknown>][] = [
  [
    'withdrawals: a page of the hot wallet',
    () => listWithdrawals(db(), w.wallet, list(), undefined),
  ],
  ['withdrawals: status=failed', () => listWithdrawals(db(), w.wallet, list(), 'failed')],
  ['withdrawals: sorted by amount', () => listWithdrawals(db(), w.wallet, byAmount, undefined)],
  [
    "withdrawals: a tenant's every wallet",
    () => listWithdrawals(db(), w.tenant, list(), undefined),
  ],
  ["withdrawals: a user's every wallet", () => listWithdrawals(db(), w.user, list(), undefined)],
  ["withdrawals: the admin's all", () => listWithdrawals(db(), w.admin, list(), undefined)],
  ['incomes: a page of the hot wallet', () => listIncomes(db(), inc.wallet, list(), undefined)],
  ['incomes: status=failed', () => listIncomes(db(), inc.wallet, list(), 'failed')],
  ['incomes: sorted by amount', () => listIncomes(db(), inc.wallet, byAmount, undefined)],
  ["incomes: a tenant's every wallet", () => listIncomes(db(), inc.tenant, list(), undefined)],
  ["incomes: a user's every wallet", () => listIncomes(db(), inc.user, list(), undefined)],
  ["incomes: the admin's all", () => listIncomes(db(), inc.admin, list(), undefined)],
  [
    'signed messages: a page of the hot wallet',
    () => listSignedItems(db(), s.wallet, 'message', list()),
  ],
  [
    'signed transactions: none in the hot wallet',
    () => listSignedItems(db(), s.wallet, 'tx', list()),
  ],
  [
    "signed messages: a tenant's every wallet",
    () => listSignedItems(db(), s.tenant, 'message', list()),
  ],
  [
    "signed messages: a user's every wallet",
    () => listSignedItems(db(), s.user, 'message', list()),
  ],
  ["signed messages: the admin's all", () => listSignedItems(db(), s.admin, 'message', list())],
];

it.each(cases)("%s reads an index in the list's order", async (_name, run) => {
  expect(listPlanFaults(await plansOf(run))).toEqual([]);
});

it('a cursor page deep in the hot wallet reads an index, and continues the order', async () => {
  const deep = await listWithdrawals(db(), w.wallet, list({ page: 300 }), undefined);
  expect(deep.next).toBeDefined();
  const plan = await plansOf(() =>
    listWithdrawals(db(), w.wallet, list({ after: deep.next! }), undefined),
  );
  expect(plan.scans).toEqual([]);
  // The planner may pick an index where a few rows of others are read and skipped.
  expect(plan.discarded).toBeLessThan(1_000);
  expect(plan.read).toBeLessThan(MOST_READ);
  const following = await listWithdrawals(db(), w.wallet, list({ page: 301 }), undefined);
  const cursor = await listWithdrawals(db(), w.wallet, list({ after: deep.next! }), undefined);
  expect(cursor.rows.map((r) => r.id)).toEqual(following.rows.map((r) => r.id));
});

it('finds a page sorted after reading its whole scope (the check can fail)', async () => {
  // No index orders a wallet's withdrawals by their address: the wallet's rows are all read.
  const plan = await plansOf(() =>
    pool.query({
      text: `SELECT id FROM ledger.withdrawals WHERE wallet_id = $1
             ORDER BY receiver_address, id LIMIT 51`,
      values: [HOT_WALLET],
    }),
  );
  expect(plan.read).toBe(HOT_ROWS);
});
