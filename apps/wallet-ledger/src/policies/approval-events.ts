import { EVENTS } from '@custody/contracts';
import type { EventHandlers } from '@custody/messaging';
import type { Transaction } from '@custody/persistence';

/** What settles the operations an approval can hold, per activity. */
interface Settles {
  settleApproval(
    tx: Transaction,
    approval: { operationId: string; id: string; status: string },
  ): Promise<void>;
}

/**
 * Runs or releases the operation an approval held, once its outcome is known: in the event's
 * transaction with its inbox row, so a redelivered outcome applies once.
 */
export function approvalEventHandlers(held: {
  withdrawals: Settles;
  transfers: Settles;
  signatures: Settles;
}): EventHandlers {
  return {
    [EVENTS.approvalDecided]: async ({ data: approval }, tx) => {
      // A still pending approval settles nothing (the event names finished ones only).
      if (approval.status === 'pending') return;
      if (approval.activity === 'withdrawal') await held.withdrawals.settleApproval(tx, approval);
      else if (approval.activity === 'transfer') await held.transfers.settleApproval(tx, approval);
      else if (approval.activity !== 'policy-change')
        await held.signatures.settleApproval(tx, approval);
    },
  };
}
