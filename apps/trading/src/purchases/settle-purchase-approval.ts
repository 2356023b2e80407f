import { type ApprovalView, EVENTS } from '@custody/contracts';
import type { EventHandlers } from '@custody/messaging';
import type { Executor } from '@custody/persistence';
import type { HeldForApprovals } from '@custody/service-kit';
import type { PurchaseRow } from '../schema';
import type { PurchaseSettlement } from './purchase-settlement';
import { approvalFailure } from './purchases.rules';
import * as repo from './purchases.repository';

/**
 * An approval's outcome for the purchase it held (docs/decisions/purchases.md, "Under policy"),
 * in the transaction of `approval.is-decided` with its inbox row, so a redelivered outcome applies
 * once: approved, the purchase is settled at its quoted price (the ledger refusing it: `rejected`
 * with the refusal); rejected, expired or cancelled, it ends `rejected`, nothing booked. A
 * purchase no longer waiting for this approval is left as it is. An outcome that comes before
 * its purchase was committed is kept, and the purchase's own transaction applies it (both take
 * the approval's lock, so one of them sees the other).
 */
export class SettlePurchaseApproval {
  constructor(private readonly settlement: PurchaseSettlement) {}

  async settleApproval(
    tx: Executor,
    approval: { operationId: string; id: string; status: string },
  ): Promise<void> {
    await repo.lockApproval(tx, approval.id);
    const current = await repo.lockPurchase(tx, approval.operationId);
    if (!current) {
      await repo.keepOutcome(tx, approval.id, approval.status);
      return;
    }
    if (current.status !== 'pending_approval' || current.approvalId !== approval.id) return;
    await this.apply(tx, current, approval.status);
  }

  private async apply(tx: Executor, current: PurchaseRow, outcome: string): Promise<void> {
    if (outcome !== 'approved') {
      await repo.leaveApproval(tx, current.id, current.approvalId ?? '', {
        status: 'rejected',
        failure: approvalFailure(outcome),
      });
      return;
    }
    const pending = await repo.leaveApproval(tx, current.id, current.approvalId ?? '', {
      status: 'pending',
    });
    if (pending) await this.settlement.settleIn(tx, pending);
  }
}

/**
 * An approval's outcome for trading: the purchase it held, settled or rejected. By the event or
 * by the sweep, whichever comes first; the other finds the purchase no longer waiting.
 */
export function purchaseApprovalOutcome(held: SettlePurchaseApproval) {
  return async (tx: Executor, approval: ApprovalView): Promise<void> => {
    if (approval.activity !== 'purchase' || approval.status === 'pending') return;
    await held.settleApproval(tx, approval);
  };
}

/** trading's consumer of approvals' outcomes: the purchases they held. */
export function purchaseApprovalHandlers(held: SettlePurchaseApproval): EventHandlers {
  const settle = purchaseApprovalOutcome(held);
  return {
    [EVENTS.approvalDecided]: async ({ data: approval }, tx) => settle(tx, approval),
  };
}

/** The same outcomes, swept for the purchases still waiting (docs/decisions/sweeps.md). */
export function heldPurchases(held: SettlePurchaseApproval): HeldForApprovals {
  return { waiting: [repo.waitingApprovals], settle: purchaseApprovalOutcome(held) };
}
