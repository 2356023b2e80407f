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
  /** A held change of the treasury's bound. */
  treasury: Settles;
}): EventHandlers {
  return {
    [EVENTS.approvalDecided]: async ({ data: approval }, tx) => {
      // A still pending approval settles nothing (the event names finished ones only).
      if (approval.status === 'pending') return;
      switch (approval.activity) {
        case 'withdrawal':
          return held.withdrawals.settleApproval(tx, approval);
        case 'transfer':
          return held.transfers.settleApproval(tx, approval);
        case 'sign-tx':
        case 'sign-message':
        case 'sign-typed-data':
          return held.signatures.settleApproval(tx, approval);
        case 'treasury-change':
          return held.treasury.settleApproval(tx, approval);
        default:
          // What other services hold (policies, clients, purchases, issuer activities).
          return;
      }
    },
  };
}
