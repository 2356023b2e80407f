import type { TenantReach } from '../access';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ApprovalListFilters, GovernedOperation, ListQuery } from '@custody/contracts';
import { type Executor, isUuid, listClauses, one, selectPage } from '@custody/persistence';
import {
  type ApprovalRow,
  approvals,
  type DecisionRow,
  decisions,
  type PolicyRow,
  policies,
  velocityUsage,
  type VelocityUsageRow,
} from '../schema';

function reachClause(reach: TenantReach): SQL | undefined {
  return reach === 'all' ? undefined : eq(approvals.tenantId, reach.tenantId);
}

/** The live, enabled policies that may govern an operation of this tenant and activity. */
export async function governingPolicies(
  db: Executor,
  tenantId: string,
  activity: GovernedOperation['activity'],
): Promise<PolicyRow[]> {
  return db
    .select()
    .from(policies)
    .where(
      and(
        or(eq(policies.tenantId, tenantId), isNull(policies.tenantId)),
        inArray(policies.activity, [activity, 'any']),
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
): Promise<{ rows: ApprovalRow[]; total: number }> {
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

/** Takes the tenant's velocity lock for an activity until the transaction ends. */
export async function lockVelocity(
  db: Executor,
  tenantId: string,
  activity: string,
): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`policy.velocity:${tenantId}:${activity}`}, 0))`,
  );
}

/** The operations of an activity counted since `since` (not released), oldest first. */
export async function countedUsage(
  db: Executor,
  tenantId: string,
  activity: string,
  since: Date,
): Promise<VelocityUsageRow[]> {
  return db
    .select()
    .from(velocityUsage)
    .where(
      and(
        eq(velocityUsage.tenantId, tenantId),
        eq(velocityUsage.activity, activity),
        gt(velocityUsage.createdAt, since),
        eq(velocityUsage.released, false),
      ),
    );
}

export async function countUsage(
  db: Executor,
  row: Omit<typeof velocityUsage.$inferInsert, 'released'>,
): Promise<void> {
  await db
    .insert(velocityUsage)
    .values({ ...row, released: false })
    .onConflictDoNothing();
}

/** An operation that will not run after all no longer counts. */
export async function releaseUsage(db: Executor, operationId: string): Promise<void> {
  await db
    .update(velocityUsage)
    .set({ released: true })
    .where(eq(velocityUsage.operationId, operationId));
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
