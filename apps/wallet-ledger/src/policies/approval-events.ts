import { type ApprovalView, EVENTS } from '@custody/contracts';
import type { EventHandlers } from '@custody/messaging';
import type { Transaction } from '@custody/persistence';
import type { HeldForApprovals } from '@custody/service-kit';
import * as signatures from '../signatures/signatures.repository';
import * as transfers from '../transfers/transfers.repository';
import * as treasury from '../treasury/treasury.repository';
import * as withdrawals from '../withdrawals/withdrawals.repository';

/** What settles the operations an approval can hold, per activity. */
interface Settles {
  settleApproval(
    tx: Transaction,
    approval: { operationId: string; id: string; status: string },
  ): Promise<void>;
}

/** The use-cases that settle each kind of operation wallet-ledger holds for an approval. */
export interface HeldOperations {
  withdrawals: Settles;
  transfers: Settles;
  signatures: Settles;
  /** A held change of the treasury's bound. */
  treasury: Settles;
}

/**
 * Runs or releases the operation an approval held, once its outcome is known: by the event (in
 * its transaction with its inbox row) or by the sweep, whichever comes first; the other finds the
 * operation no longer pending and changes nothing.
 */
export function settleApprovalOutcome(held: HeldOperations) {
  return async (tx: Transaction, approval: ApprovalView): Promise<void> => {
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
  };
}

/** The consumer of `approval.is-decided`. */
export function approvalEventHandlers(held: HeldOperations): EventHandlers {
  const settle = settleApprovalOutcome(held);
  return {
    [EVENTS.approvalDecided]: async ({ data: approval }, tx) => settle(tx, approval),
  };
}

/**
 * The same outcomes, read back by the sweep for the operations still waiting (their event may
 * have been lost: docs/decisions/sweeps.md).
 */
export function heldForApprovals(held: HeldOperations): HeldForApprovals {
  return {
    waiting: [
      withdrawals.waitingApprovals,
      transfers.waitingApprovals,
      signatures.waitingApprovals,
      treasury.waitingApprovals,
    ],
    settle: settleApprovalOutcome(held),
  };
}
