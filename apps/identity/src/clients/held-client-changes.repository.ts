import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { type Executor, one } from '@custody/persistence';
import { type HeldClientChangeRow, heldClientChanges } from '../schema';

/** Held changes of clients (migration 0010): kept until their approval's outcome. */

export async function insertHeldChange(
  db: Executor,
  row: typeof heldClientChanges.$inferInsert,
): Promise<HeldClientChangeRow> {
  return one(await db.insert(heldClientChanges).values(row).returning());
}

export async function setApproval(db: Executor, id: string, approvalId: string): Promise<void> {
  await db
    .update(heldClientChanges)
    .set({ approvalId, updatedAt: new Date() })
    .where(eq(heldClientChanges.id, id));
}

/** The change, locked until the transaction that settles it ends. */
export async function lockHeldChange(
  db: Executor,
  id: string,
): Promise<HeldClientChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(heldClientChanges)
    .where(eq(heldClientChanges.id, id))
    .for('update');
  return row;
}

/** Ends a change: its new password's hash is not kept past it. */
export async function endHeldChange(
  db: Executor,
  id: string,
  status: Exclude<HeldClientChangeRow['status'], 'pending'>,
): Promise<void> {
  await db
    .update(heldClientChanges)
    .set({ status, passwordHash: null, updatedAt: sql`now()` })
    .where(eq(heldClientChanges.id, id));
}

/**
 * The approvals of held changes still waiting for their outcome, in id order after `after`, at
 * most `limit` (the approval outcomes' sweep, docs/decisions/sweeps.md; a partial index of its
 * own).
 */
export async function waitingApprovals(
  db: Executor,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ approvalId: heldClientChanges.approvalId })
    .from(heldClientChanges)
    .where(and(eq(heldClientChanges.status, 'pending'), gt(heldClientChanges.approvalId, after)))
    .orderBy(asc(heldClientChanges.approvalId))
    .limit(limit);
  return rows.flatMap((row) => (row.approvalId ? [row.approvalId] : []));
}
