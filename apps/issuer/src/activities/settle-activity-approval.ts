import {
  type ApprovalView,
  EVENTS,
  issuerKeyOwner,
  SIGNING_RPC,
  type SignedDecision,
  type TypedDataInput,
} from '@custody/contracts';
import type { EventHandlers, RpcClient } from '@custody/messaging';
import type { Transaction } from '@custody/persistence';
import type { HeldForApprovals } from '@custody/service-kit';
import type { ActivityRow } from '../schema';
import {
  finishHeld,
  keepOutcome,
  lockActivity,
  lockApproval,
  markApproved,
  waitingApprovals,
} from './activities.repository';

/** The issuer's key signs the data with the policy service's decision for exactly it. */
export async function signTypedData(
  rpc: RpcClient,
  issuerId: string,
  typedData: TypedDataInput,
  decision: SignedDecision,
): Promise<string> {
  const signed = await rpc.call('signing', SIGNING_RPC.signEvmTypedData, {
    ownerId: issuerKeyOwner(issuerId),
    chain: 'evm',
    typedData,
    decision,
  });
  return signed.signature;
}

/**
 * An approval's outcome for the REQUEST activity it held (docs/decisions/issuer-interface.md,
 * "Under policy"), in the transaction of `approval.is-decided` with its inbox row, so a
 * redelivered outcome applies once: approved, it is marked to be signed (`approved_at`; it stays
 * `PENDING_APPROVAL`), and SignApprovedActivities signs it outside any transaction; rejected,
 * expired or cancelled, `REJECTED`, never signed. An activity no longer waiting for this approval
 * is left as it is; an outcome that comes before its activity was committed is kept, and the
 * activity's own transaction applies it (both take the approval's lock).
 */
export class SettleActivityApproval {
  async settleApproval(
    tx: Transaction,
    approval: { operationId: string; id: string; status: string },
  ): Promise<void> {
    await lockApproval(tx, approval.id);
    const current = await lockActivity(tx, approval.operationId);
    if (!current) {
      await keepOutcome(tx, approval.id, approval.status);
      return;
    }
    if (current.status !== 'PENDING_APPROVAL' || current.approvalId !== approval.id) return;
    await this.apply(tx, current, approval.status);
  }

  /** The outcome applied to a locked `PENDING_APPROVAL` activity: its row as it is then. */
  async apply(tx: Transaction, current: ActivityRow, outcome: string): Promise<ActivityRow> {
    const approvalId = current.approvalId ?? '';
    if (outcome === 'approved') return (await markApproved(tx, current.id, approvalId)) ?? current;
    return (
      (await finishHeld(tx, current.id, approvalId, {
        status: 'REJECTED',
        failureReason: `approval_${outcome}`,
      })) ?? current
    );
  }
}

/**
 * An approval's outcome for issuer: the REQUEST activity it held, signed or rejected. By the
 * event or by the sweep, whichever comes first; the other finds the activity no longer waiting.
 */
export function activityApprovalOutcome(held: SettleActivityApproval) {
  return async (tx: Transaction, approval: ApprovalView): Promise<void> => {
    if (approval.activity !== 'issuer-activity' || approval.status === 'pending') return;
    await held.settleApproval(tx, approval);
  };
}

/** issuer's consumer of approvals' outcomes: the REQUEST activities they held. */
export function activityApprovalHandlers(held: SettleActivityApproval): EventHandlers {
  const settle = activityApprovalOutcome(held);
  return {
    [EVENTS.approvalDecided]: async ({ data: approval }, tx) => settle(tx, approval),
  };
}

/** The same outcomes, swept for the activities still waiting (docs/decisions/sweeps.md). */
export function heldActivities(held: SettleActivityApproval): HeldForApprovals {
  return { waiting: [waitingApprovals], settle: activityApprovalOutcome(held) };
}
