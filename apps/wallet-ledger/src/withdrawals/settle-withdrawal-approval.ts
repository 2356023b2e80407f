import { EVENTS } from '@custody/contracts';
import { enqueueEvent, type Transaction } from '@custody/persistence';
import { releaseHold } from '../ledger/ledger.repository';
import * as outcomes from '../policies/approval-outcomes.repository';
import type { WithdrawalRow } from '../schema';
import { lockAndReadBlocked } from '../users/users.repository';
import type { MoveWithdrawal } from './move-withdrawal';
import { inWithdrawalTrace } from './withdrawal-trace';
import * as repo from './withdrawals.repository';
import { withdrawalView } from './withdrawals.rules';

const SCHEMA = 'ledger';

/**
 * An approval's outcome for the withdrawal it held, in the event's transaction: approved, it goes
 * on its way (`prepared`, then the chain adapter); rejected or expired, its hold is released and
 * it ends `cancelled`. A withdrawal no longer pending is left as it is, so a redelivered outcome
 * changes nothing. An outcome that comes before its withdrawal was committed is kept, and the
 * withdrawal's transaction applies it (both take the approval's lock, so one of them sees the
 * other: CreateWithdrawal calls `apply`).
 */
export class SettleWithdrawalApproval {
  constructor(private readonly moves: MoveWithdrawal) {}

  async settleApproval(
    tx: Transaction,
    approval: { operationId: string; id: string; status: string },
  ): Promise<void> {
    await outcomes.lockApproval(tx, approval.id);
    const current = await repo.lockWithdrawal(tx, approval.operationId);
    if (!current) {
      await outcomes.keepOutcome(tx, approval.id, approval.status);
      return;
    }
    if (current.status !== 'pending_approval' || current.approvalId !== approval.id) return;
    // In the withdrawal's trace, linked to the approval's: its release (and its event's webhook)
    // continue the request that created it.
    await inWithdrawalTrace(
      'withdrawal approval',
      current,
      () => this.apply(tx, current, approval.status),
      { 'custody.approval_id': approval.id, 'custody.approval_outcome': approval.status },
    );
  }

  /** The outcome applied to a locked `pending_approval` withdrawal, with its event. */
  async apply(tx: Transaction, current: WithdrawalRow, outcome: string): Promise<void> {
    // A user blocked while the approval was pending sends nothing, approved or not.
    const blocked = await lockAndReadBlocked(tx, current.userId);
    const approved = outcome === 'approved' && !blocked;
    if (!approved) await releaseHold(tx, current.holdId);
    const updated = await repo.updateWithdrawal(tx, current.id, {
      status: approved ? 'prepared' : 'cancelled',
      blockchainTransactionId: null,
      fee: current.fee,
      ...(approved ? {} : { failureReason: blocked ? 'user_blocked' : `approval_${outcome}` }),
    });
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.withdrawalUpdated,
      tenantId: updated.tenantId,
      data: withdrawalView(
        updated,
        await this.moves.symbolOf(updated.assetId),
        await repo.movementIds(tx, updated),
      ),
    });
  }
}
