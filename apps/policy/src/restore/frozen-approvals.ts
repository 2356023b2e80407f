import { EVENTS } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, type Executor, withTransaction } from '@custody/persistence';
import { publishApproval } from '../approvals/approval-events';
import * as approvalsRepo from '../approvals/approvals.repository';
import { settleChange } from '../policies/policies.service';
import * as repo from './restore.repository';

/** Approvals released per transaction. */
const RELEASE_BATCH = 100;

/**
 * The approvals a restore froze (docs/operations/restore-runbook.md). Pending at the restored
 * point, each may have been decided in the timeline the restore threw away and its operation
 * carried out: deciding it again would sign a second transaction with a new nonce, and pay twice.
 * The decisions given then cannot be used again (they are short-lived and used once), so
 * freezing the approvals is enough: none gets a new decision. Frozen at `restore-prepare`,
 * before any app runs; released `cancelled` by the operator's `restore-release` once wallet-ledger
 * has matched the chain (a withdrawal the chain shows paid has left `pending_approval` by then,
 * and the cancellation passes it by).
 */
export async function freezeApprovals(db: Database): Promise<{ frozenApprovals: number }> {
  return { frozenApprovals: await repo.freezePending(db) };
}

/** 409 `approval_frozen` for a decision on an approval a restore froze. */
export async function refuseFrozen(tx: Executor, approvalId: string): Promise<void> {
  if (await repo.isFrozen(tx, approvalId))
    throw Errors.conflict(
      'A restore froze this approval: it may have been decided before the restore, so no one decides it again.',
      'approval_frozen',
    );
}

/**
 * Ends every frozen approval still pending `cancelled`, with `approval.is-decided`: what it held
 * is cancelled by its app, and its requester asks again if it still wants it. Answers how many.
 */
export async function releaseFrozenApprovals(
  db: Database,
): Promise<{ cancelledApprovals: number; released: number }> {
  let cancelled = 0;
  let released = 0;
  for (;;) {
    const ids = await repo.heldFrozen(db, RELEASE_BATCH);
    if (ids.length === 0) break;
    for (const id of ids) {
      await withTransaction(db, async (tx) => {
        const approval = await repo.lockApproval(tx, id);
        // Its expiry back first: the event carries the approval as it was held.
        await repo.markReleased(tx, id);
        if (approval?.status === 'pending') {
          const finished = await approvalsRepo.setStatus(tx, id, 'cancelled');
          await approvalsRepo.releaseUsage(tx, [finished.operationId]);
          await settleChange(tx, finished);
          const decided = await approvalsRepo.decisionsOf(tx, [id]);
          await publishApproval(tx, EVENTS.approvalDecided, finished, decided);
          cancelled += 1;
        }
        released += 1;
      });
    }
  }
  return { cancelledApprovals: cancelled, released };
}
