import type { TenantReach } from '../access';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, PolicyListFilters } from '@custody/contracts';
import {
  type Executor,
  isUuid,
  listClauses,
  one,
  selectPage,
  type Page,
} from '@custody/persistence';
import { type PolicyChangeRow, policyChanges, type PolicyRow, policies } from '../schema';

const live = isNull(policies.deletedAt);

function reachClause(reach: TenantReach): SQL | undefined {
  return reach === 'all'
    ? undefined
    : or(eq(policies.tenantId, reach.tenantId), isNull(policies.tenantId));
}

export async function insertPolicy(
  db: Executor,
  row: typeof policies.$inferInsert,
): Promise<PolicyRow> {
  return one(await db.insert(policies).values(row).returning());
}

export async function findPolicy(
  db: Executor,
  reach: TenantReach,
  id: string,
): Promise<PolicyRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.id, id), live, reachClause(reach)));
  return row;
}

/** Changes a live policy of exactly this owner (a tenant's, or the platform's: null). */
export async function updatePolicy(
  db: Executor,
  owner: string | null,
  id: string,
  patch: Partial<typeof policies.$inferInsert>,
  /** Only if it has not changed since (its `updatedAt`, to the millisecond a view shows). */
  unchangedSince?: Date,
): Promise<PolicyRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(policies)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(policies.id, id),
        live,
        owner === null ? isNull(policies.tenantId) : eq(policies.tenantId, owner),
        unchangedSince
          ? sql`date_trunc('milliseconds', ${policies.updatedAt}) = ${unchangedSince.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .returning();
  return row;
}

export async function listPolicies(
  db: Executor,
  reach: TenantReach,
  query: ListQuery,
  filters: PolicyListFilters,
): Promise<Page<PolicyRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: {
        createdAt: policies.createdAt,
        updatedAt: policies.updatedAt,
        name: policies.name,
      },
      createdAt: policies.createdAt,
      id: policies.id,
    },
    [
      live,
      reachClause(reach),
      filters.activity !== undefined ? eq(policies.activity, filters.activity) : undefined,
      filters.enabled !== undefined ? eq(policies.enabled, filters.enabled) : undefined,
    ],
  );
  return selectPage(db, policies, clauses);
}

/**
 * The enabled `policy-change` policies that govern changes of this owner's policies: a tenant's
 * own and the platform's; for the platform's (owner null), the platform's alone.
 */
export async function changeGoverning(db: Executor, owner: string | null): Promise<PolicyRow[]> {
  return db
    .select()
    .from(policies)
    .where(
      and(
        owner === null
          ? isNull(policies.tenantId)
          : or(eq(policies.tenantId, owner), isNull(policies.tenantId)),
        eq(policies.activity, 'policy-change'),
        eq(policies.enabled, true),
        live,
      ),
    );
}

export async function insertChange(
  db: Executor,
  row: typeof policyChanges.$inferInsert,
): Promise<PolicyChangeRow> {
  return one(await db.insert(policyChanges).values(row).returning());
}

export async function lockChange(db: Executor, id: string): Promise<PolicyChangeRow | undefined> {
  const [row] = await db.select().from(policyChanges).where(eq(policyChanges.id, id)).for('update');
  return row;
}

export async function setChangeStatus(
  db: Executor,
  id: string,
  status: PolicyChangeRow['status'],
): Promise<void> {
  await db
    .update(policyChanges)
    .set({ status, updatedAt: new Date() })
    .where(eq(policyChanges.id, id));
}
