import path from 'node:path';
import type pg from 'pg';
import { Registry } from 'prom-client';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import {
  checkPlans,
  createTestDatabase,
  type PlanCheck,
  type TestDatabase,
  testLogger,
} from '@custody/testing';
import { approvalMetrics } from './approvals.metrics';
import { pendingApprovals } from './approvals.repository';

// The approval gauges behind ApprovalsWaitingPastHalfLife (docs/monitoring.md): 5,000 decided
// approvals and a few pending, whose share of their life used the gauges must tell, reading the
// pending ones only.

let database: TestDatabase;
let pool: pg.Pool;
let plansOf: PlanCheck['plansOf'];

/** Approvals created `createdHoursAgo` that expire `expiresInHours` from now. */
async function approvals(
  count: number,
  a: { status: string; activity: string; createdHoursAgo: number; expiresInHours: number },
) {
  await pool.query(
    `INSERT INTO policy.approvals (id, tenant_id, status, activity, operation_id,
       initiator_client_id, policy_ids, quorum, platform, summary, expires_at, created_at)
     SELECT gen_random_uuid(), 't', $1, $2, gen_random_uuid(), 'c', '{}', 1, false, '{}',
       now() + $3 * interval '1 hour', now() - $4 * interval '1 hour'
       FROM generate_series(1, $5)`,
    [a.status, a.activity, a.expiresInHours, a.createdHoursAgo, count],
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'policy', dir: path.join(__dirname, '..', 'migrations') });
  await approvals(5000, {
    status: 'approved',
    activity: 'withdrawal',
    createdHoursAgo: 48,
    expiresInHours: -24,
  });
  // Withdrawals: two 20 hours into a 24-hour life, one past its expiry (the sweep has not run
  // yet), one an hour old.
  await approvals(2, {
    status: 'pending',
    activity: 'withdrawal',
    createdHoursAgo: 20,
    expiresInHours: 4,
  });
  await approvals(1, {
    status: 'pending',
    activity: 'withdrawal',
    createdHoursAgo: 30,
    expiresInHours: -6,
  });
  await approvals(1, {
    status: 'pending',
    activity: 'withdrawal',
    createdHoursAgo: 1,
    expiresInHours: 23,
  });
  // A transfer 11 hours into a 24-hour life.
  await approvals(1, {
    status: 'pending',
    activity: 'transfer',
    createdHoursAgo: 11,
    expiresInHours: 13,
  });
  await pool.query('ANALYZE policy.approvals');
  ({ plansOf } = checkPlans(pool));
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('counts the pending approvals and those past half their life, by activity', async () => {
  const registry = new Registry();
  approvalMetrics(registry, createDatabase(pool), testLogger());
  const lines = (await registry.metrics()).split('\n').filter((l) => !l.startsWith('#'));
  expect(lines.filter(Boolean).sort()).toEqual([
    'approvals_pending_past_half_life{activity="transfer"} 0',
    'approvals_pending_past_half_life{activity="withdrawal"} 3',
    'approvals_pending{activity="transfer"} 1',
    'approvals_pending{activity="withdrawal"} 4',
  ]);
});

it('reads the pending approvals from their index, never the decided ones', async () => {
  const plan = await plansOf(() => pendingApprovals(createDatabase(pool)));
  expect(plan.scans).toEqual([]);
  expect(plan.indexes).toContain('approvals_pending_expiry_idx');
  expect(plan.read).toBeLessThan(100);
});
