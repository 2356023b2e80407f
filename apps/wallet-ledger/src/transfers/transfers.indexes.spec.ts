import path from 'node:path';
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
import type { TenantScope } from '@custody/tenancy';
import { findTransfer, listTransfers } from './transfers.repository';

// The transfers list costs what it returns: seeded with one busy tenant (30,000 transfers between
// its 100 wallets) and 10,000 more over 20 other tenants, each query the list sends is explained
// and its plan must read an index in the list's order. A user-bound token sees the transfers of
// its user's wallets: its page reads that user's transfers (all of them, then sorted: its cost
// follows the user's transfers), never the tenant's; a user with few in a busy tenant reads few.

const TENANT = 'tenant-busy';
const BUSY_ROWS = 30_000;
const OTHER_ROWS = 10_000;
/** A user of the busy tenant whose one wallet (wallet 1) has no transfer after the first 1,000. */
const QUIET_USER = '01900000-0000-7000-9000-000000000001';
/** A user of the busy tenant whose wallet 2 is in 600 transfers. */
const BUSY_USER = '01900000-0000-7000-9000-000000000002';
const REFERENCE = 'ref-777';

let database: TestDatabase;
let pool: pg.Pool;
let plansOf: PlanCheck['plansOf'];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'ledger', dir: path.join(__dirname, '..', 'migrations') });
  // The busy tenant's 100 users with a wallet each (the quiet user's is wallet 1).
  await pool.query(
    `INSERT INTO ledger.user_refs (id, tenant_id, general_conditions, created_at, updated_at)
     SELECT ('01900000-0000-7000-9000-' || lpad(w::text, 12, '0'))::uuid, $1, 'accepted', now(),
       now()
     FROM generate_series(1, 100) AS w`,
    [TENANT],
  );
  await pool.query(
    `INSERT INTO ledger.wallets (id, tenant_id, user_id, asset_id, address, created_at)
     SELECT ('01900000-0000-7000-a000-' || lpad(w::text, 12, '0'))::uuid, $1,
       ('01900000-0000-7000-9000-' || lpad(w::text, 12, '0'))::uuid, 'eth', '0x' || w, now()
     FROM generate_series(1, 100) AS w`,
    [TENANT],
  );
  // Transfers i = 1..30,000 of the busy tenant, each from wallet i % 100 + 1 to (i + 1) % 100 + 1;
  // past the 1,000th none touches the quiet wallet (it is moved to wallet 50).
  await pool.query(
    `WITH t AS (
       INSERT INTO ledger.transfers (id, tenant_id, status, external_reference, requested,
         created_at)
       SELECT gen_random_uuid(), $1, 'approved', 'ref-' || i, '{}',
         '2026-01-01'::timestamptz + i * interval '1 second'
       FROM generate_series(1, ${BUSY_ROWS}) AS i
       RETURNING id, created_at)
     INSERT INTO ledger.transfer_legs (id, transfer_id, position, asset_id, sender_wallet_id,
       receiver_wallet_id, amount, status, created_at)
     SELECT gen_random_uuid(), t.id, 0, 'eth',
       ('01900000-0000-7000-a000-' || lpad(s::text, 12, '0'))::uuid,
       ('01900000-0000-7000-a000-' || lpad(r::text, 12, '0'))::uuid, 1, 'approved', t.created_at
     FROM (SELECT id, created_at, extract(epoch FROM created_at - '2026-01-01')::int AS i FROM t) t
     CROSS JOIN LATERAL (SELECT
       CASE WHEN i > 1000 AND i % 100 + 1 = 1 THEN 50 ELSE i % 100 + 1 END AS s,
       CASE WHEN i > 1000 AND (i + 1) % 100 + 1 = 1 THEN 50 ELSE (i + 1) % 100 + 1 END AS r) w`,
    [TENANT],
  );
  await pool.query(
    `INSERT INTO ledger.transfers (id, tenant_id, status, requested, created_at)
     SELECT gen_random_uuid(), 'tenant-' || (i % 20), 'approved', '{}',
       '2026-01-01'::timestamptz + i * interval '1 second'
     FROM generate_series(1, ${OTHER_ROWS}) AS i`,
  );
  // Other tenants' 10,000 users and wallets: enough for the planner to read wallets by user.
  await pool.query(
    `INSERT INTO ledger.user_refs (id, tenant_id, general_conditions, created_at, updated_at)
     SELECT ('01900000-0000-7000-b000-' || lpad(w::text, 12, '0'))::uuid, 'tenant-' || (w % 20),
       'accepted', now(), now()
     FROM generate_series(1, 10000) AS w`,
  );
  await pool.query(
    `INSERT INTO ledger.wallets (id, tenant_id, user_id, asset_id, address, created_at)
     SELECT gen_random_uuid(), 'tenant-' || (w % 20),
       ('01900000-0000-7000-b000-' || lpad(w::text, 12, '0'))::uuid, 'eth', '0xb' || w, now()
     FROM generate_series(1, 10000) AS w`,
  );
  await pool.query(
    'ANALYZE ledger.transfers, ledger.transfer_legs, ledger.wallets, ledger.user_refs',
  );
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
const busy: TenantScope = { kind: 'tenant', tenantId: TENANT };
const all: TenantScope = { kind: 'all' };
const db = () => createDatabase(pool);

const cases: [string, () => Promise<unknown>][] = [
  ["a page of the busy tenant's", () => listTransfers(db(), busy, undefined, list())],
  ["the admin's page of every tenant's", () => listTransfers(db(), all, undefined, list())],
  [
    'the busy tenant filtered by externalReference',
    () => listTransfers(db(), busy, undefined, list({ externalReference: REFERENCE })),
  ],
];

it.each(cases)("%s reads an index in the list's order", async (_name, run) => {
  expect(listPlanFaults(await plansOf(run))).toEqual([]);
});

it("a busy user's one transfer is read by its id, not among the user's others", async () => {
  // User 2's wallet 2 is in 600 transfers; the one asked for is found by its key.
  const [one] = (
    await listTransfers(db(), busy, undefined, list({ externalReference: 'ref-5001' }))
  ).rows;
  const plan = await plansOf(() => findTransfer(db(), busy, BUSY_USER, one!.id));
  expect(plan.scans).toEqual([]);
  expect(plan.read).toBeLessThan(10);
  await expect(findTransfer(db(), busy, BUSY_USER, one!.id)).resolves.toMatchObject({
    row: { id: one!.id },
  });
  await expect(findTransfer(db(), busy, QUIET_USER, one!.id)).resolves.toBeUndefined();
});

it("a quiet user's page reads its own transfers, not the tenant's", async () => {
  const plan = await plansOf(() => listTransfers(db(), busy, QUIET_USER, list()));
  expect(plan).toMatchObject({ scans: [], discarded: 0 });
  // Its 20 transfers' legs, sides and rows: nothing of the tenant's 30,000.
  expect(plan.read).toBeLessThan(100);
});

it("a quiet user's page shows its transfers only, newest first", async () => {
  const page = await listTransfers(db(), busy, QUIET_USER, list());
  // Wallet 1 sent transfers 100, 200, … 1,000 and received 99, 199, … 999.
  expect(page.total).toBe(20);
  expect(page.rows.map((r) => r.externalReference)).toEqual(
    [
      1000, 999, 900, 899, 800, 799, 700, 699, 600, 599, 500, 499, 400, 399, 300, 299, 200, 199,
      100, 99,
    ].map((i) => `ref-${i}`),
  );
});

it('a cursor page deep in the busy tenant reads an index, and continues the order', async () => {
  const deep = await listTransfers(db(), busy, undefined, list({ page: 400 }));
  expect(deep.next).toBeDefined();
  const plan = await plansOf(() =>
    listTransfers(db(), busy, undefined, list({ after: deep.next! })),
  );
  expect(plan.scans).toEqual([]);
  // The planner may pick an index where a few rows of others are read and skipped.
  expect(plan.discarded).toBeLessThan(1_000);
  expect(plan.read).toBeLessThan(MOST_READ);
  const following = await listTransfers(db(), busy, undefined, list({ page: 401 }));
  const cursor = await listTransfers(db(), busy, undefined, list({ after: deep.next! }));
  expect(cursor.rows.map((r) => r.id)).toEqual(following.rows.map((r) => r.id));
});
