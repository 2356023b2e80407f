import { sql } from 'drizzle-orm';
import type { Executor } from '@custody/persistence';

/**
 * An approval's outcome can arrive before the operation it holds is committed (the policy
 * service commits the approval first). Both sides take the approval's lock: the operation's
 * transaction reads an outcome kept before it, or the outcome's sees the operation.
 */
export async function lockApproval(tx: Executor, approvalId: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ledger.approval:${approvalId}`}, 0))`,
  );
}

/** Keeps an approval's outcome that came before its operation. */
export async function keepOutcome(tx: Executor, approvalId: string, status: string): Promise<void> {
  // An outcome waits seconds for its operation at most; one still here after a day belongs to
  // an operation that was never created (a refusal after its approval was made): forgotten.
  await tx.execute(
    sql`DELETE FROM ledger.approval_outcomes WHERE created_at < now() - interval '1 day'`,
  );
  await tx.execute(
    sql`INSERT INTO ledger.approval_outcomes (approval_id, status) VALUES (${approvalId}, ${status})
        ON CONFLICT (approval_id) DO NOTHING`,
  );
}

/** The outcome kept for an approval, taken (deleted) as it is read. */
export async function takeOutcome(tx: Executor, approvalId: string): Promise<string | undefined> {
  const { rows } = await tx.execute<{ status: string }>(
    sql`DELETE FROM ledger.approval_outcomes WHERE approval_id = ${approvalId} RETURNING status`,
  );
  return rows[0]?.status;
}
