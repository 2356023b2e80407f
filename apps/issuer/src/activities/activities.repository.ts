import {
  and,
  asc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
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
export function finishHeld(
  db: Executor,
  id: string,
  approvalId: string,
  end: HeldEnd,
): Promise<ActivityRow | undefined> {
  return finish(db, id, approvalId, end, []);
}

type HeldEnd =
  | { status: 'APPROVED'; signedTypedData: string }
  | {
      status: Exclude<IssuerActivityStatus, 'APPROVED' | 'PENDING_APPROVAL'>;
      failureReason: string;
    };

async function finish(
  db: Executor,
  id: string,
  approvalId: string,
  end: HeldEnd,
  fenced: SQL[],
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
        ...fenced,
      ),
    )
    .returning();
  return row;
}

/**
 * The outcome of a REQUEST claimed to be signed (`claimApprovedActivity`): recorded only while
 * `claimed`'s claim is the latest (its fencing token), so a replica paused past its claim, the
 * REQUEST claimed again since, records nothing.
 */
export function finishClaimed(
  db: Executor,
  claimed: ActivityRow,
  end: HeldEnd,
): Promise<ActivityRow | undefined> {
  const token = claimed.claimToken;
  return finish(db, claimed.id, claimed.approvalId ?? '', end, [
    token === null ? sql`false` : eq(activities.claimToken, token),
  ]);
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
    .where(
      and(
        eq(activities.status, 'PENDING_APPROVAL'),
        // Approved already: its outcome is known, it only waits to be signed.
        isNull(activities.approvedAt),
        gt(activities.approvalId, after),
      ),
    )
    .orderBy(asc(activities.approvalId))
    .limit(limit);
  return rows.flatMap((row) => (row.approvalId ? [row.approvalId] : []));
}

/** Its approval reached its quorum: to be signed (it stays `PENDING_APPROVAL` until then). */
export async function markApproved(
  db: Executor,
  id: string,
  approvalId: string,
): Promise<ActivityRow | undefined> {
  const [row] = await db
    .update(activities)
    .set({ approvedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(activities.id, id),
        eq(activities.status, 'PENDING_APPROVAL'),
        eq(activities.approvalId, approvalId),
        isNull(activities.approvedAt),
      ),
    )
    .returning();
  return row;
}

/**
 * Claims one approved REQUEST no other replica holds (or whose claim lapsed) for `claimMs`:
 * never claimed first, then the longest lapsed, then the oldest approved. Answers it with its new
 * `claimToken`, which its outcome must name (`finishClaimed`, `retryActivityLater`).
 */
export async function claimApprovedActivity(
  db: Executor,
  claimMs: number,
): Promise<ActivityRow | undefined> {
  const waiting = db
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.status, 'PENDING_APPROVAL'),
        isNotNull(activities.approvedAt),
        or(isNull(activities.claimedUntil), lt(activities.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(sql`${activities.claimedUntil} ASC NULLS FIRST`, asc(activities.approvedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(activities)
    .set({
      claimedUntil: sql`now() + ${claimMs} * interval '1 millisecond'`,
      claimToken: sql`gen_random_uuid()`,
    })
    .where(inArray(activities.id, waiting))
    .returning();
  return row;
}

/**
 * Its signing failed on a fault: claimable again after `retryMs`. Only by the claim's holder:
 * another's claim since is left as it is.
 */
export async function retryActivityLater(
  db: Executor,
  claimed: ActivityRow,
  retryMs: number,
): Promise<void> {
  if (claimed.claimToken === null) return;
  await db
    .update(activities)
    .set({ claimedUntil: sql`now() + ${retryMs} * interval '1 millisecond'` })
    .where(
      and(
        eq(activities.id, claimed.id),
        eq(activities.status, 'PENDING_APPROVAL'),
        eq(activities.claimToken, claimed.claimToken),
      ),
    );
}
