import type { TenantReach } from '../access';
import { and, asc, eq, gt, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ApprovalListFilters, ListQuery } from '@custody/contracts';
import {
  type Executor,
  executePrepared,
  isUuid,
  prepared,
  type PreparedStatement,
  listClauses,
  one,
  selectPage,
  type Page,
} from '@custody/persistence';
import {
  admissions,
  type ApprovalRow,
  approvals,
  type AdmissionRow,
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
  // Read on every evaluation: one text, prepared once per connection, without drizzle's builder.
  return executePrepared<PolicyRow>(
    db,
    sql`SELECT id, tenant_id AS "tenantId", name, activity, rule, action, approvers, filters,
               enabled, allow_token_authorizations AS "allowTokenAuthorizations",
               created_by AS "createdBy", created_at AS "createdAt",
               updated_at AS "updatedAt", deleted_at AS "deletedAt"
          FROM ${policies}
         WHERE (tenant_id = ANY(${sql.param(tenantIds)}::text[]) OR tenant_id IS NULL)
           AND activity <> 'policy-change' AND enabled AND deleted_at IS NULL`,
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

/** The admissions of these operations (a held signature's intent, a withdrawal's legs). */
export async function admissionsOf(
  db: Executor,
  operationIds: string[],
): Promise<Map<string, Pick<AdmissionRow, 'owner' | 'legs' | 'intent'>>> {
  if (operationIds.length === 0) return new Map();
  const rows = await db
    .select({
      operationId: admissions.operationId,
      owner: admissions.owner,
      legs: admissions.legs,
      intent: admissions.intent,
    })
    .from(admissions)
    .where(inArray(admissions.operationId, operationIds));
  return new Map(rows.map(({ operationId, ...held }) => [operationId, held]));
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

/** Pending approvals of one activity, for metrics. */
export interface PendingApprovals {
  activity: string;
  pending: number;
  /** Those that have waited more than half of their life (from creation to expiry). */
  pastHalfLife: number;
}

/** The pending approvals by activity: a read of the partial index of pending ones. */
export async function pendingApprovals(db: Executor): Promise<PendingApprovals[]> {
  const result = await db.execute(
    sql`SELECT activity, count(*)::int AS pending,
               count(*) FILTER (WHERE now() >= created_at + (expires_at - created_at) / 2)::int
                 AS "pastHalfLife"
          FROM ${approvals}
         WHERE status = 'pending'
         GROUP BY activity`,
  );
  return result.rows as unknown as PendingApprovals[];
}

/**
 * Takes the tenants' velocity locks until the transaction ends, in one order for everyone (two
 * batches never wait for each other in a cycle): their operations are counted one batch at a
 * time (a withdrawal limit counts raw transactions too, so one lock per tenant). The same
 * statement lets the commit skip waiting for the disk (see EvaluateOperations.evaluate;
 * `COMMIT_DURABLY` undoes it).
 */
export function lockVelocity(tenantIds: string[]): PreparedStatement {
  return prepared(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)),
               set_config('synchronous_commit', 'off', true)
          FROM (SELECT 'policy.velocity:' || t AS k
                  FROM unnest(${sql.param(tenantIds)}::text[]) AS t ORDER BY 1) keys`,
  );
}

/** Sent before COMMIT: this transaction's commit waits for the disk again (it holds approvals). */
export const COMMIT_DURABLY = 'SET LOCAL synchronous_commit TO DEFAULT';

/** The usage rows a policy of this activity counts (a withdrawal's: raw transactions' too). */
function activityClause(activity: string): SQL | undefined {
  // `any` is every operation on wallets: an issuer's signatures are not.
  if (activity === 'any') return ne(velocityUsage.activity, 'issuer-activity');
  if (activity === 'withdrawal')
    return sql`(${velocityUsage.activity} = 'withdrawal' OR (${velocityUsage.activity} = 'sign-tx' AND ${velocityUsage.amount} > 0))`;
  return eq(velocityUsage.activity, activity);
}

/** A velocity window's read: sent as it is in the pipelined transaction's first round trip. */
export type WindowTotalsStatement = SQL;

/** A velocity window's totals per key. */
export type WindowTotals = Map<string, { count: number; amount: string }>;

/**
 * A velocity policy's windows for one tenant, per key (`scopes`: wallets, users, or `*`): the
 * operations counted since `since` that its filters select, and their amount of its asset.
 * Aggregated in SQL over the indexed window, never read row by row; `windowTotalsOf` reads its
 * rows. Planned with its values on each call, never prepared: a generic plan, blind to the
 * tenant and the keys, summed the tenant's whole window for each key (30 ms instead of 1).
 *
 * Each wallet's or user's window is summed on its own (a lateral join on the key's equality) and
 * the tenant's whole window is found by `tenantScope`, whose index the others cannot use: the
 * plan reads the key's index whatever the table's statistics say. The table grows fast from
 * empty, and a planner that had not analyzed it yet chose the tenant's index for `wallet_id IN
 * (...)`, summing every operation of the tenant in the window on each evaluation.
 */
export function windowTotalsStatement(
  policy: Pick<PolicyRow, 'activity' | 'filters'> & {
    rule: { per: 'wallet' | 'user' | 'tenant'; assetId?: string };
  },
  tenantId: string,
  scopes: string[],
  since: Date,
): WindowTotalsStatement {
  const { per, assetId } = policy.rule;
  const filters = policy.filters;
  const anyOf = (column: PgColumn, values: string[]) =>
    sql`${column} = ANY(${sql.param(values)}::text[])`;
  const window = and(
    per === 'tenant'
      ? eq(velocityUsage.tenantScope, tenantId)
      : eq(velocityUsage.tenantId, tenantId),
    // A literal, not a parameter: the indexes are partial on it.
    sql`NOT ${velocityUsage.released}`,
    gt(velocityUsage.createdAt, since),
    activityClause(policy.activity),
    filters?.assetIds ? anyOf(velocityUsage.assetId, filters.assetIds) : undefined,
    filters?.userIds ? anyOf(velocityUsage.userId, filters.userIds) : undefined,
    filters?.walletIds ? anyOf(velocityUsage.walletId, filters.walletIds) : undefined,
  );
  const totals = sql`count(DISTINCT ${velocityUsage.operationId})::int AS count,
    coalesce(sum(${velocityUsage.amount}) FILTER (WHERE ${velocityUsage.assetId} = ${assetId ?? null}::text), 0)::text AS amount`;
  const column = per === 'user' ? velocityUsage.userId : velocityUsage.walletId;
  return per === 'tenant'
    ? sql`SELECT '*' AS scope, ${totals} FROM ${velocityUsage} WHERE ${window}`
    : sql`SELECT k.scope, t.count, t.amount
            FROM unnest(${sql.param(scopes)}::text[]) AS k(scope)
           CROSS JOIN LATERAL (
                 SELECT ${totals} FROM ${velocityUsage} WHERE ${window} AND ${column} = k.scope
               ) t`;
}

/** The rows of a `windowTotalsStatement` as totals per key; keys without a count count zero. */
export function windowTotalsOf(rows: readonly unknown[]): WindowTotals {
  const totals: WindowTotals = new Map();
  for (const row of rows as { scope: string; count: number; amount: string }[])
    if (row.count > 0) totals.set(row.scope, { count: row.count, amount: row.amount });
  return totals;
}

/** A leg that runs or waits, as it counts towards the windows. */
export type CountedLeg = Omit<typeof velocityUsage.$inferInsert, 'released' | 'tenantScope'>;

/**
 * What runs or waits counts towards the windows: one row per leg, in one statement of fixed text
 * (columns as arrays), prepared once per connection.
 */
export function countUsageStatement(rows: readonly CountedLeg[]): PreparedStatement {
  const column = <K extends keyof CountedLeg>(key: K) => sql.param(rows.map((row) => row[key]));
  return prepared(
    sql`INSERT INTO ${velocityUsage}
          (operation_id, leg, tenant_id, activity, user_id, wallet_id, asset_id, amount)
        SELECT * FROM unnest(${column('operationId')}::uuid[], ${column('leg')}::int[],
          ${column('tenantId')}::text[], ${column('activity')}::text[], ${column('userId')}::text[],
          ${column('walletId')}::text[], ${column('assetId')}::text[], ${column('amount')}::numeric[])
        ON CONFLICT DO NOTHING`,
  );
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

/**
 * The activities that the approvals and counts of these operations name (an operation's are all
 * one activity), whatever their state: whose operations they are.
 */
export async function activitiesOf(
  db: Executor,
  operationIds: string[],
): Promise<{ operationId: string; activity: string }[]> {
  if (operationIds.length === 0) return [];
  const { rows } = await db.execute<{ operation_id: string; activity: string }>(
    sql`SELECT operation_id, activity FROM ${approvals}
         WHERE operation_id = ANY(${sql.param(operationIds)}::uuid[])
        UNION
        SELECT operation_id, activity FROM ${velocityUsage}
         WHERE operation_id = ANY(${sql.param(operationIds)}::uuid[])`,
  );
  return rows.map((r) => ({ operationId: r.operation_id, activity: r.activity }));
}

/** The pending approvals of these operations, locked. */
export async function lockPendingOf(db: Executor, operationIds: string[]): Promise<ApprovalRow[]> {
  if (operationIds.length === 0) return [];
  return db
    .select()
    .from(approvals)
    .where(
      and(
        inArray(approvals.operationId, operationIds),
        eq(approvals.status, 'pending'),
        // A restore's frozen approvals end only by its release (policy/src/restore): a caller's
        // release must not cancel one before wallet-ledger has matched the chain.
        sql`NOT EXISTS (SELECT 1 FROM policy.frozen_approvals f
                         WHERE f.approval_id = ${approvals.id} AND f.released_at IS NULL)`,
      ),
    )
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

/**
 * The approvals among `ids` that are no longer pending, of these activities (the sweeps of the
 * apps that hold operations: approval-outcomes.ts). Ids that are not uuids name nothing.
 */
export async function decidedApprovals(
  db: Executor,
  ids: string[],
  activities: readonly string[],
): Promise<ApprovalRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0 || activities.length === 0) return [];
  return db
    .select()
    .from(approvals)
    .where(
      and(
        inArray(approvals.id, valid),
        ne(approvals.status, 'pending'),
        inArray(approvals.activity, [...activities] as ApprovalRow['activity'][]),
      ),
    );
}
