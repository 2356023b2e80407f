import { and, asc, eq, gt, ilike, not, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  ActivityFilters,
  ActivitySortColumn,
  IssuerActivityStatus,
  V2Paging,
} from '@custody/contracts';
import { earlyOutcomes, type Executor, one, type Page } from '@custody/persistence';
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

// Outcomes that arrive before their operation: the shared statements over issuer's table.
export const { lockApproval, keepOutcome, takeOutcome } = earlyOutcomes('issuer');

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
