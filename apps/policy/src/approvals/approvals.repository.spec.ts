import path from 'node:path';
import type pg from 'pg';
import type { PolicyActivity } from '@custody/contracts';
import {
  createDatabase,
  createPool,
  type Executor,
  executePrepared,
  migrate,
} from '@custody/persistence';
import {
  checkPlans,
  createTestDatabase,
  type PlanCheck,
  type TestDatabase,
} from '@custody/testing';
import { insertPolicy } from '../policies/policies.repository';
import type { policies } from '../schema';
import {
  type CountedLeg,
  countUsageStatement,
  governingPolicies,
  pruneUsage,
  releaseUsage,
  windowTotalsOf,
  windowTotalsStatement,
} from './approvals.repository';

// Velocity usage: summed in SQL per window and key, and kept only as long as a window can reach
// it (the sweep forgets the rest).

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

/** The statements the evaluation pipelines, run on their own. */
async function countUsage(db: Executor, rows: CountedLeg[]): Promise<void> {
  await executePrepared(db, countUsageStatement(rows).statement);
}

async function windowTotals(db: Executor, ...args: Parameters<typeof windowTotalsStatement>) {
  return windowTotalsOf((await db.execute(windowTotalsStatement(...args))).rows);
}

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

describe('a velocity window', () => {
  const id = (n: number) => `01900000-0000-7000-8000-${String(1000 + n).padStart(12, '0')}`;
  const leg = (n: number, leg: number, fields: Record<string, string>) => ({
    operationId: id(n),
    leg,
    tenantId: 'tw',
    activity: 'transfer',
    userId: 'u1',
    walletId: 'w1',
    assetId: 'eth',
    amount: '1',
    ...fields,
  });
  const since = new Date(Date.now() - 3_600_000);
  const totals = (
    activity: PolicyActivity,
    per: 'wallet' | 'user' | 'tenant',
    scopes: string[],
    filters: { assetIds?: string[] } | null = null,
  ) =>
    windowTotals(
      createDatabase(pool),
      { activity, filters, rule: { per, assetId: 'eth' } },
      'tw',
      scopes,
      since,
    );

  beforeAll(async () => {
    const db = createDatabase(pool);
    await countUsage(db, [
      // A transfer of two legs from w1 and one from w2 (another asset).
      leg(1, 0, { amount: '2' }),
      leg(1, 1, { amount: '3' }),
      leg(1, 2, { walletId: 'w2', assetId: 'usdc', amount: '50' }),
      // A withdrawal from w1 by u1, and a raw transaction moving value from w3 of u2.
      leg(2, 0, { activity: 'withdrawal', amount: '4' }),
      leg(3, 0, { activity: 'sign-tx', userId: 'u2', walletId: 'w3', amount: '0.5' }),
      // A message, which moves nothing; an old transfer out of the window; another tenant's.
      leg(4, 0, { activity: 'sign-message', amount: '0' }),
      leg(5, 0, { amount: '100' }),
      leg(6, 0, { tenantId: 'other', amount: '100' }),
      // A transfer released (refused after its decision).
      leg(7, 0, { amount: '100' }),
    ]);
    await pool.query(
      `UPDATE policy.velocity_usage SET created_at = now() - interval '2 hours' WHERE operation_id = $1`,
      [id(5)],
    );
    await releaseUsage(db, [id(7)]);
  });

  it("counts an operation once per key and sums its legs of the rule's asset", async () => {
    expect(await totals('transfer', 'wallet', ['w1', 'w2'])).toEqual(
      new Map([
        ['w1', { count: 1, amount: '5' }],
        ['w2', { count: 1, amount: '0' }],
      ]),
    );
    expect(await totals('transfer', 'tenant', ['*'])).toEqual(
      new Map([['*', { count: 1, amount: '5' }]]),
    );
  });

  it('counts raw transactions that move value as withdrawals, and every activity for any', async () => {
    expect(await totals('withdrawal', 'tenant', ['*'])).toEqual(
      new Map([['*', { count: 2, amount: '4.5' }]]),
    );
    expect(await totals('any', 'user', ['u1', 'u2'])).toEqual(
      new Map([
        ['u1', { count: 3, amount: '9' }],
        ['u2', { count: 1, amount: '0.5' }],
      ]),
    );
  });

  it("counts only what the policy's filters select", async () => {
    expect(await totals('transfer', 'tenant', ['*'], { assetIds: ['usdc'] })).toEqual(
      new Map([['*', { count: 1, amount: '0' }]]),
    );
  });
});

describe("a busy tenant's windows", () => {
  // 4,000 counted transfers over 1,000 wallets, in a table the planner has no statistics of yet
  // (it grows fast from empty; autovacuum analyzes it a minute later at best): small enough that
  // an index of the tenant alone would look as cheap as the key's.
  const TENANT = 'busy';
  let plansOf: PlanCheck['plansOf'];

  beforeAll(async () => {
    await pool.query('ALTER TABLE policy.velocity_usage SET (autovacuum_enabled = false)');
    await pool.query(
      `INSERT INTO policy.velocity_usage
         (operation_id, leg, tenant_id, activity, user_id, wallet_id, asset_id, amount)
       SELECT gen_random_uuid(), 0, $1, 'transfer', 'u' || (i % 500), 'w' || (i % 1000), 'eth', 1
         FROM generate_series(1, 4000) AS i`,
      [TENANT],
    );
    ({ plansOf } = checkPlans(pool));
  });

  /** The indexes and whole-table reads of the statement `windowTotals` sends. */
  async function planOf(per: 'wallet' | 'user' | 'tenant', scopes: string[]) {
    const totals = () =>
      windowTotals(
        createDatabase(pool),
        { activity: 'transfer', filters: null, rule: { per, assetId: 'eth' } },
        TENANT,
        scopes,
        new Date(Date.now() - 86_400_000),
      );
    // A wallet's window holds 4 operations, a user's 8, the tenant's 4,000.
    const count = { wallet: 4, user: 8, tenant: 4000 }[per];
    expect([...(await totals()).values()]).toEqual(
      scopes.map(() => ({ count, amount: String(count) })),
    );
    return plansOf(totals);
  }

  it("sums each wallet's window from the wallet's index, not the tenant's whole window", async () => {
    const plan = await planOf(
      'wallet',
      Array.from({ length: 30 }, (_, i) => `w${i * 7}`),
    );
    expect(plan.indexes).toContain('velocity_usage_wallet_idx');
    expect(plan.indexes).not.toContain('velocity_usage_window_idx');
    expect(plan.scans).toEqual([]);
  });

  it("sums each user's window from the user's index", async () => {
    const plan = await planOf(
      'user',
      Array.from({ length: 30 }, (_, i) => `u${i * 11}`),
    );
    expect(plan.indexes).toContain('velocity_usage_user_idx');
    expect(plan.indexes).not.toContain('velocity_usage_window_idx');
    expect(plan.scans).toEqual([]);
  });

  it("sums the tenant's window from the tenant's index", async () => {
    const plan = await planOf('tenant', ['*']);
    expect(plan.indexes).toContain('velocity_usage_window_idx');
    expect(plan.scans).toEqual([]);
  });
});

it("reads the tenants' and the platform's live, enabled policies of operations, as rows", async () => {
  const db = createDatabase(pool);
  const policy = (n: number, fields: Partial<typeof policies.$inferInsert>) =>
    insertPolicy(db, {
      id: `01900000-0000-7000-8000-${String(5000 + n).padStart(12, '0')}`,
      tenantId: 'pt1',
      name: `p${n}`,
      activity: 'transfer',
      rule: { kind: 'always' },
      action: 'block',
      approvers: null,
      filters: { assetIds: ['eth'] },
      enabled: true,
      createdBy: 'c1',
      ...fields,
    });
  const wanted = await policy(1, {});
  const platform = await policy(2, { tenantId: null, activity: 'any' });
  await policy(3, { tenantId: 'pt2' });
  await policy(4, { enabled: false });
  await policy(5, { deletedAt: new Date() });
  await policy(6, { activity: 'policy-change' });
  const found = await governingPolicies(db, ['pt1']);
  expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual([wanted, platform]);
});
