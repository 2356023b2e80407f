import path from 'node:path';
import type pg from 'pg';
import type { AuditFilters, AuthContext, ListQuery } from '@custody/contracts';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import {
  checkPlans,
  createTestDatabase,
  listPlanFaults,
  type PlanCheck,
  type TestDatabase,
} from '@custody/testing';
import { chainHeadsAfter, chainRecordsAfter, readChainState } from './audit.repository';
import { listAuditEvents } from './audit.service';

// The audit log's list reads an index, never the whole table, and a filter that matches nothing
// costs what it returns: seeded with 60,000 events (one busy user and client with 40,000 of them,
// all of one action), each query the list sends is explained and its plan searched for a table
// read whole or rows thrown away.

const BUSY_USER = '01900000-0000-7000-8000-000000000001';

let database: TestDatabase;
let pool: pg.Pool;
let plansOf: PlanCheck['plansOf'];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'identity', dir: path.join(__dirname, '..', 'migrations') });
  await migrate(pool, {
    schema: 'audit',
    dir: path.join(__dirname, '..', 'migrations', 'audit'),
    builtIns: false,
  });
  // Each record in its tenant's chain (its position: i, unique in any chain); hashes are not read.
  await pool.query(
    `INSERT INTO audit.audit_events (id, chain, seq, prev_hash, hash, occurred_at, request_id,
       action, method, path, client_id, tenant_id, user_id, status, outcome)
     SELECT gen_random_uuid(),
       CASE WHEN i <= 40000 THEN 'client-busy' ELSE 'client-' || (i % 20) END, i,
       md5(i::text), md5((i + 1)::text),
       '2026-01-01'::timestamptz + i * interval '1 second', 'r' || i,
       CASE WHEN i <= 40000 THEN 'transfers.create' ELSE 'users.read' END, 'POST', '/v1/transfers',
       CASE WHEN i <= 40000 THEN 'client-busy' ELSE 'client-' || (i % 20) END,
       CASE WHEN i <= 40000 THEN 'client-busy' ELSE 'client-' || (i % 20) END,
       CASE WHEN i <= 40000 THEN $1 ELSE NULL END, 201, 'success'
     FROM generate_series(1, 60000) AS i`,
    [BUSY_USER],
  );
  await pool.query('ANALYZE audit.audit_events');
  ({ plansOf } = checkPlans(pool));
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const admin: AuthContext = { clientId: 'admin', tenantId: 'admin', audience: 'admin' };

const list = (overrides: Partial<ListQuery> = {}): ListQuery => ({
  page: 1,
  limit: 50,
  sort: { field: 'createdAt', direction: 'desc' },
  ...overrides,
});

const listed =
  (filters: AuditFilters = {}, query: ListQuery = list()) =>
  () =>
    listAuditEvents(createDatabase(pool), admin, query, filters);

const cases: [string, () => Promise<unknown>][] = [
  ['a page of the whole log', listed()],
  ["the busy user's events", listed({ userId: BUSY_USER })],
  ['a user with none', listed({ userId: '01900000-0000-7000-8000-0000000000ff' })],
  ['an action with none', listed({ action: 'policies.delete' })],
  ['a client with none', listed({ clientId: 'client-none' })],
  [
    'the busy client sorted oldest first',
    listed({ clientId: 'client-busy' }, list({ sort: { field: 'createdAt', direction: 'asc' } })),
  ],
];

it.each(cases)('%s reads an index, not the table', async (_name, run) => {
  expect(listPlanFaults(await plansOf(run))).toEqual([]);
});

it('a cursor page deep in the log reads an index, and continues the order', async () => {
  const db = createDatabase(pool);
  const deep = await listAuditEvents(db, admin, list({ page: 700 }), {});
  expect(deep.next).toBeDefined();
  const after = list({ after: deep.next });
  expect(await plansOf(listed({}, after))).toMatchObject({ scans: [], discarded: 0 });
  const following = await listAuditEvents(db, admin, list({ page: 701 }), {});
  const cursor = await listAuditEvents(db, admin, after, {});
  expect(cursor.items.map((e) => e.id)).toEqual(following.items.map((e) => e.id));
});

// The chains' statements: the append's look-up (ids stored, each chain's head), an export page
// (every chain after a cursor deep in the log, one chain from its start) and the checkpoint
// round's heads each read the (chain, seq) index, not the table.
const chainCases: [string, () => Promise<unknown>][] = [
  [
    "an append's ids and heads",
    () =>
      readChainState(
        createDatabase(pool),
        ['01900000-0000-7000-8000-000000000001', '01900000-0000-7000-8000-000000000002'],
        ['client-busy', 'client-3', 'platform'],
      ),
  ],
  [
    'an export page deep in every chain',
    () =>
      chainRecordsAfter(
        createDatabase(pool),
        undefined,
        { chain: 'client-busy', seq: 30_000 },
        100,
      ),
  ],
  [
    'an export page of one chain',
    () => chainRecordsAfter(createDatabase(pool), 'client-3', undefined, 100),
  ],
  ["the checkpoint round's heads", () => chainHeadsAfter(createDatabase(pool), undefined, 500)],
];

it.each(chainCases)('%s reads the chain index, not the table', async (_name, run) => {
  expect(listPlanFaults(await plansOf(run))).toEqual([]);
});
