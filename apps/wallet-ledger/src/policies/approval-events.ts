import { type ApprovalView, EVENTS, type EventEnvelope } from '@custody/contracts';
import type { EventHandler } from '@custody/messaging';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';

/**
 * Runs or releases the operation an approval held, once its outcome is known: in the event's
 * transaction with its inbox row, so a redelivered outcome applies once.
 */
export function approvalEventHandlers(
  withdrawals: WithdrawalsService,
): Record<string, EventHandler> {
  return {
    [EVENTS.approvalDecided]: async (event, tx) => {
      const { data: approval } = event as EventEnvelope<ApprovalView>;
      if (approval.activity === 'withdrawal') await withdrawals.settleApproval(tx, approval);
    },
  };
}
