import { and, asc, eq, gt, ilike, not, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  ActivityFilters,
  ActivitySortColumn,
  IssuerActivityStatus,
  V2Paging,
} from '@custody/contracts';
import { type Executor, one, type Page } from '@custody/persistence';
import { byName, selectV2Page } from '../paging.repository';
import { type ActivityRow, activities } from '../schema';

// Activities belong to an issue (of one issuer): every read takes the issue's id.

/** The columns behind the activity list's `sortColumn` values (ACTIVITY_SORT_COLUMNS). */
const SORTABLE: Record<ActivitySortColumn, PgColumn | SQL> = {
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
  name: byName(activities.name),
  type: activities.type,
  readed: activities.readed,
};

/** `%` and `_` in a name filter are literal characters, not patterns. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function insertActivity(
  db: Executor,
  row: typeof activities.$inferInsert,
): Promise<ActivityRow> {
  return one(await db.insert(activities).values(row).returning());
}

/** The activity, locked for the transaction; none when it does not exist (yet). */
export async function lockActivity(db: Executor, id: string): Promise<ActivityRow | undefined> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id)).for('update');
  return row;
}

/**
 * A held activity's end: signed (`APPROVED` with its signature), `REJECTED` or `FAILED` (with
 * why). None when it no longer waits for that approval.
 */
export async function finishHeld(
  db: Executor,
  id: string,
  approvalId: string,
  end:
    | { status: 'APPROVED'; signedTypedData: string }
    | {
        status: Exclude<IssuerActivityStatus, 'APPROVED' | 'PENDING_APPROVAL'>;
        failureReason: string;
      },
): Promise<ActivityRow | undefined> {
  const [row] = await db
    .update(activities)
    .set({
      status: end.status,
      ...(end.status === 'APPROVED'
        ? { signedTypedData: end.signedTypedData }
        : { failureReason: end.failureReason }),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(activities.id, id),
        eq(activities.status, 'PENDING_APPROVAL'),
        eq(activities.approvalId, approvalId),
      ),
    )
    .returning();
  return row;
}

/**
 * An approval's outcome can arrive before the activity it holds is committed (the policy
 * service commits the approval first). Both sides take the approval's lock: the activity's
 * transaction reads an outcome kept before it, or the outcome's sees the activity.
 */
export async function lockApproval(db: Executor, approvalId: string): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`issuer.approval:${approvalId}`}, 0))`,
  );
}

/** Keeps an approval's outcome that came before its activity. */
export async function keepOutcome(db: Executor, approvalId: string, status: string): Promise<void> {
  // An outcome waits seconds for its activity at most; one still here after a day belongs to an
  // activity never recorded (its signature or insert failed after its decision): forgotten.
  await db.execute(
    sql`DELETE FROM issuer.approval_outcomes WHERE created_at < now() - interval '1 day'`,
  );
  await db.execute(
    sql`INSERT INTO issuer.approval_outcomes (approval_id, status) VALUES (${approvalId}, ${status})
        ON CONFLICT (approval_id) DO NOTHING`,
  );
}

/** The outcome kept for an approval, taken (deleted) as it is read. */
export async function takeOutcome(db: Executor, approvalId: string): Promise<string | undefined> {
  const { rows } = await db.execute<{ status: string }>(
    sql`DELETE FROM issuer.approval_outcomes WHERE approval_id = ${approvalId} RETURNING status`,
  );
  return rows[0]?.status;
}

/** The issue's activity, marked read (with the time) if it was not. */
export async function readActivity(
  db: Executor,
  issueId: string,
  activityId: string,
): Promise<ActivityRow | undefined> {
  const mine = and(eq(activities.id, activityId), eq(activities.issueId, issueId));
  // Only an unread row is written; a concurrent first read finds it read by the second query.
  const [marked] = await db
    .update(activities)
    .set({ readed: true, readAt: new Date() })
    .where(and(mine, not(activities.readed)))
    .returning();
  return marked ?? (await db.select().from(activities).where(mine))[0];
}

export async function listActivities(
  db: Executor,
  issueId: string,
  filters: ActivityFilters,
  paging: V2Paging,
): Promise<Page<ActivityRow>> {
  const where: (SQL | undefined)[] = [
    eq(activities.issueId, issueId),
    filters.name !== undefined ? ilike(activities.name, containing(filters.name)) : undefined,
    filters.readed !== undefined ? eq(activities.readed, filters.readed) : undefined,
    filters.type !== undefined ? eq(activities.type, filters.type) : undefined,
  ];
  return selectV2Page(db, activities, {
    where: and(...where),
    sortable: SORTABLE,
    id: activities.id,
    paging,
  });
}

/**
 * The approvals of REQUEST activities still waiting for their outcome, in id order after
 * `after`, at most `limit` (the approval outcomes' sweep, docs/decisions/sweeps.md; a partial
 * index of its own).
 */
export async function waitingApprovals(
  db: Executor,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ approvalId: activities.approvalId })
    .from(activities)
    .where(and(eq(activities.status, 'PENDING_APPROVAL'), gt(activities.approvalId, after)))
    .orderBy(asc(activities.approvalId))
    .limit(limit);
  return rows.flatMap((row) => (row.approvalId ? [row.approvalId] : []));
}
