import type { TenantReach } from '../access';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ApprovalListFilters, ListQuery } from '@custody/contracts';
import {
  type Executor,
  isUuid,
  listClauses,
  one,
  selectPage,
  type Page,
} from '@custody/persistence';
import {
  type ApprovalRow,
  approvals,
  type DecisionRow,
  decisions,
  type PolicyRow,
  policies,
  velocityUsage,
} from '../schema';

function reachClause(reach: TenantReach): SQL | undefined {
  return reach === 'all' ? undefined : eq(approvals.tenantId, reach.tenantId);
}

/** The live, enabled policies of these tenants and the platform's, for operations on wallets. */
export async function governingPolicies(db: Executor, tenantIds: string[]): Promise<PolicyRow[]> {
  return db
    .select()
    .from(policies)
    .where(
      and(
        or(inArray(policies.tenantId, tenantIds), isNull(policies.tenantId)),
        sql`${policies.activity} <> 'policy-change'`,
        eq(policies.enabled, true),
        isNull(policies.deletedAt),
      ),
    );
}

export async function insertApproval(
  db: Executor,
  row: typeof approvals.$inferInsert,
): Promise<ApprovalRow> {
  return one(await db.insert(approvals).values(row).returning());
}

export async function findApproval(
  db: Executor,
  reach: TenantReach,
  id: string,
  lock = false,
): Promise<ApprovalRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db
    .select()
    .from(approvals)
    .where(and(eq(approvals.id, id), reachClause(reach)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function setStatus(
  db: Executor,
  id: string,
  status: ApprovalRow['status'],
): Promise<ApprovalRow> {
  return one(
    await db
      .update(approvals)
      .set({ status, updatedAt: new Date() })
      .where(eq(approvals.id, id))
      .returning(),
  );
}

export async function decisionsOf(db: Executor, approvalIds: string[]): Promise<DecisionRow[]> {
  if (approvalIds.length === 0) return [];
  return db
    .select()
    .from(decisions)
    .where(inArray(decisions.approvalId, approvalIds))
    .orderBy(asc(decisions.createdAt), asc(decisions.id));
}

export async function insertDecision(
  db: Executor,
  row: typeof decisions.$inferInsert,
): Promise<DecisionRow> {
  return one(await db.insert(decisions).values(row).returning());
}

export async function listApprovals(
  db: Executor,
  reach: TenantReach,
  query: ListQuery,
  filters: ApprovalListFilters,
): Promise<Page<ApprovalRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: {
        createdAt: approvals.createdAt,
        updatedAt: approvals.updatedAt,
        expiresAt: approvals.expiresAt,
      },
      createdAt: approvals.createdAt,
      id: approvals.id,
    },
    [
      reachClause(reach),
      filters.status !== undefined ? eq(approvals.status, filters.status) : undefined,
      filters.activity !== undefined ? eq(approvals.activity, filters.activity) : undefined,
    ],
  );
  return selectPage(db, approvals, clauses);
}

/** Pending approvals past their expiry, locked (others' sweeps skip them), at most `limit`. */
export async function lockExpired(db: Executor, now: Date, limit: number): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(approvals)
    .where(and(eq(approvals.status, 'pending'), lte(approvals.expiresAt, now)))
    .orderBy(asc(approvals.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Takes the tenants' velocity locks until the transaction ends, in one order for everyone (two
 * batches never wait for each other in a cycle): their operations are counted one batch at a
 * time (a withdrawal limit counts raw transactions too, so one lock per tenant). The same
 * statement lets the commit skip waiting for the disk (see ApprovalsService.evaluate;
 * `commitDurably` undoes it).
 */
export async function lockVelocity(db: Executor, tenantIds: string[]): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)),
               set_config('synchronous_commit', 'off', true)
          FROM (SELECT 'policy.velocity:' || t AS k
                  FROM unnest(${sql.param(tenantIds)}::text[]) AS t ORDER BY 1) keys`,
  );
}

/** This transaction's commit waits for the disk again (it holds approvals). */
export async function commitDurably(tx: Executor): Promise<void> {
  await tx.execute(sql`SET LOCAL synchronous_commit TO DEFAULT`);
}

/** The usage rows a policy of this activity counts (a withdrawal's: raw transactions' too). */
function activityClause(activity: string): SQL | undefined {
  if (activity === 'any') return undefined;
  if (activity === 'withdrawal')
    return sql`(${velocityUsage.activity} = 'withdrawal' OR (${velocityUsage.activity} = 'sign-tx' AND ${velocityUsage.amount} > 0))`;
  return eq(velocityUsage.activity, activity);
}

/**
 * A velocity policy's windows for one tenant, per key (`scopes`: wallets, users, or `*`): the
 * operations counted since `since` that its filters select, and their amount of its asset.
 * Aggregated in SQL over the indexed window, never read row by row.
 */
export async function windowTotals(
  db: Executor,
  policy: Pick<PolicyRow, 'activity' | 'filters'> & {
    rule: { per: 'wallet' | 'user' | 'tenant'; assetId?: string };
  },
  tenantId: string,
  scopes: string[],
  since: Date,
): Promise<Map<string, { count: number; amount: string }>> {
  const { per, assetId } = policy.rule;
  const key =
    per === 'tenant'
      ? sql`'*'`
      : per === 'user'
        ? sql`${velocityUsage.userId}`
        : sql`${velocityUsage.walletId}`;
  const filters = policy.filters;
  const rows = await db
    .select({
      scope: sql<string>`${key}`,
      count: sql<number>`count(DISTINCT ${velocityUsage.operationId})::int`,
      amount: sql<string>`coalesce(sum(${velocityUsage.amount}) FILTER (WHERE ${velocityUsage.assetId} = ${assetId ?? null}), 0)::text`,
    })
    .from(velocityUsage)
    .where(
      and(
        eq(velocityUsage.tenantId, tenantId),
        eq(velocityUsage.released, false),
        gt(velocityUsage.createdAt, since),
        activityClause(policy.activity),
        per === 'tenant'
          ? undefined
          : inArray(per === 'user' ? velocityUsage.userId : velocityUsage.walletId, scopes),
        filters?.assetIds ? inArray(velocityUsage.assetId, filters.assetIds) : undefined,
        filters?.userIds ? inArray(velocityUsage.userId, filters.userIds) : undefined,
        filters?.walletIds ? inArray(velocityUsage.walletId, filters.walletIds) : undefined,
      ),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.scope, { count: r.count, amount: r.amount }]));
}

/** What runs or waits counts towards the windows: one row per leg. */
export async function countUsage(
  db: Executor,
  rows: Omit<typeof velocityUsage.$inferInsert, 'released'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(velocityUsage)
    .values(rows.map((row) => ({ ...{}, ...row, released: false })))
    .onConflictDoNothing();
}

/** Operations that will not run after all no longer count. */
export async function releaseUsage(db: Executor, operationIds: string[]): Promise<number> {
  if (operationIds.length === 0) return 0;
  const released = await db
    .update(velocityUsage)
    .set({ released: true })
    .where(and(inArray(velocityUsage.operationId, operationIds), eq(velocityUsage.released, false)))
    .returning({ id: velocityUsage.operationId });
  return new Set(released.map((r) => r.id)).size;
}

/** The pending approvals of these operations, locked. */
export async function lockPendingOf(db: Executor, operationIds: string[]): Promise<ApprovalRow[]> {
  if (operationIds.length === 0) return [];
  return db
    .select()
    .from(approvals)
    .where(and(inArray(approvals.operationId, operationIds), eq(approvals.status, 'pending')))
    .orderBy(asc(approvals.id))
    .for('update');
}

/** Forgets, a batch at a time, counted operations older than any window can reach. */
export async function pruneUsage(db: Executor, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.execute(
    sql`DELETE FROM policy.velocity_usage WHERE operation_id IN (
          SELECT operation_id FROM policy.velocity_usage
           WHERE created_at < ${before.toISOString()}::timestamptz LIMIT ${limit})`,
  );
  return rowCount ?? 0;
}
