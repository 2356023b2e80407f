import { EVENTS } from '@custody/contracts';
import { type Database, withTransaction } from '@custody/persistence';
import { publishApproval } from './approval-events';
import * as repo from './approvals.repository';
import type { OnApprovalSettled } from './decide-approval';

/** Expired approvals handled per sweep transaction. */
const SWEEP_BATCH = 100;

/**
 * The sweep's first half (policy.compose.ts runs it every APPROVAL_SWEEP_INTERVAL_MS): pending
 * approvals past their time end `expired`, their operations' velocity counts freed, with
 * `approval.is-decided`.
 */
export class ExpireApprovals {
  constructor(
    private readonly db: Database,
    /** What the policy service itself holds (a policy change) is dropped here. */
    private readonly onSettled: OnApprovalSettled,
  ) {}

  /** Expires pending approvals past their time, a batch per transaction; answers how many. */
  async expireDue(now = new Date()): Promise<number> {
    return withTransaction(this.db, async (tx) => {
      const due = await repo.lockExpired(tx, now, SWEEP_BATCH);
      const decided = await repo.decisionsOf(
        tx,
        due.map((r) => r.id),
      );
      for (const row of due) {
        const expired = await repo.setStatus(tx, row.id, 'expired');
        await repo.releaseUsage(tx, [row.operationId]);
        await this.onSettled(tx, expired);
        await publishApproval(tx, EVENTS.approvalDecided, expired, decided);
      }
      return due.length;
    });
  }
}
