import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@custody/persistence';
import { type WithdrawalAttemptRow, withdrawalAttempts } from '../schema';
import type { SignedAttempt } from './chain-adapter';

/**
 * The transactions sent for withdrawals at their nonces (`ledger.withdrawal_attempts`): the
 * first, speed-ups and cancels. Written only by the withdrawals module's use-cases.
 */

/** Withdrawals' transactions at their nonces (speed-ups, cancels), oldest first. */
export async function attemptsOf(
  db: Executor,
  withdrawalIds: string[],
): Promise<WithdrawalAttemptRow[]> {
  if (withdrawalIds.length === 0) return [];
  return db
    .select()
    .from(withdrawalAttempts)
    .where(inArray(withdrawalAttempts.withdrawalId, withdrawalIds))
    .orderBy(asc(withdrawalAttempts.createdAt));
}

/**
 * A transaction signed for a withdrawal at its nonce, `sent`: the inserted row, or undefined when
 * that transaction is recorded already (signed twice, it is the same one).
 */
export async function insertAttempt(
  db: Executor,
  withdrawalId: string,
  kind: WithdrawalAttemptRow['kind'],
  attempt: SignedAttempt,
): Promise<WithdrawalAttemptRow | undefined> {
  const [inserted] = await db
    .insert(withdrawalAttempts)
    .values({ ...attempt, withdrawalId, kind })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

/** The attempt mined at a withdrawal's nonce, and every other one replaced by it. */
export async function settleAttempts(
  db: Executor,
  withdrawalId: string,
  minedHash: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE ledger.withdrawal_attempts
           SET status = CASE WHEN hash = ${minedHash} THEN 'mined' ELSE 'replaced' END
         WHERE withdrawal_id = ${withdrawalId}`,
  );
}
