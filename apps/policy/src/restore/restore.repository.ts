import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@custody/persistence';
import { type ApprovalRow, approvals } from '../schema';

/**
 * The approvals a restore froze (`policy.frozen_approvals`, migration 0018;
 * docs/operations/restore-runbook.md).
 */

/** Where a frozen approval's expiry is moved: past any sweep. */
const FROZEN_EXPIRY = '9999-12-31T00:00:00Z';

/** Freezes every pending approval not frozen yet; answers how many it froze. */
export async function freezePending(db: Executor): Promise<number> {
  const result = await db.execute(
    sql`WITH frozen AS (
          INSERT INTO policy.frozen_approvals (approval_id, expires_at)
          SELECT id, expires_at FROM policy.approvals WHERE status = 'pending'
          ON CONFLICT (approval_id) DO NOTHING
          RETURNING approval_id)
        UPDATE policy.approvals a SET expires_at = ${FROZEN_EXPIRY}::timestamptz, updated_at = now()
          FROM frozen f WHERE a.id = f.approval_id
        RETURNING a.id`,
  );
  return result.rows.length;
}

/** Whether the approval is frozen and not released yet. */
export async function isFrozen(db: Executor, approvalId: string): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM policy.frozen_approvals
         WHERE approval_id = ${approvalId} AND released_at IS NULL`,
  );
  return result.rows.length > 0;
}

/** Frozen approvals not released yet, oldest first, at most `limit`. */
export async function heldFrozen(db: Executor, limit: number): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT approval_id AS id FROM policy.frozen_approvals
         WHERE released_at IS NULL ORDER BY frozen_at, approval_id LIMIT ${limit}`,
  );
  return (result.rows as { id: string }[]).map((row) => row.id);
}

/** The approval, locked (FOR UPDATE) for its release. */
export async function lockApproval(db: Executor, id: string): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).for('update');
  return row;
}

/** The approval's expiry back as it was before the freeze (its status is set by the caller). */
export async function markReleased(db: Executor, id: string): Promise<void> {
  await db.execute(
    sql`WITH released AS (
          UPDATE policy.frozen_approvals SET released_at = now()
           WHERE approval_id = ${id} AND released_at IS NULL
          RETURNING approval_id, expires_at)
        UPDATE policy.approvals a SET expires_at = r.expires_at
          FROM released r WHERE a.id = r.approval_id`,
  );
}

/** Frozen approvals not released yet. */
export async function countHeld(db: Executor): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM policy.frozen_approvals WHERE released_at IS NULL`,
  );
  return (result.rows[0] as { n: number }).n;
}
