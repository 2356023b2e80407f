import { Errors } from '@custody/errors';
import type { ApprovalRow, DecisionRow } from '../schema';

/**
 * Whether a client may decide on an approval now: a pending one before its expiry, not its own
 * operation, one of the approvers the governing policy names (any eligible client when it names
 * none) and eligible (identity's `clients.approvers`), once.
 */
export function checkDecider(
  approval: Pick<ApprovalRow, 'status' | 'expiresAt' | 'initiatorClientId' | 'approverIds'>,
  decider: string,
  eligible: readonly string[],
  decisions: readonly Pick<DecisionRow, 'clientId'>[],
  now: Date,
): void {
  if (approval.status !== 'pending' || approval.expiresAt <= now)
    throw Errors.conflict('This approval is no longer pending.', 'approval_finished');
  if (decider === approval.initiatorClientId)
    throw Errors.forbidden(
      'The client that started an operation cannot decide on it.',
      'self_approval_forbidden',
    );
  if (
    !eligible.includes(decider) ||
    (approval.approverIds !== null && !approval.approverIds.includes(decider))
  )
    throw Errors.forbidden(
      'This client is not an approver of this approval.',
      'approver_forbidden',
    );
  if (decisions.some((d) => d.clientId === decider))
    throw Errors.conflict('This client has decided on this approval already.', 'already_decided');
}

/** Where the decisions leave an approval: any rejection rejects; the quorum approves. */
export function statusAfter(
  quorum: number,
  decisions: readonly Pick<DecisionRow, 'decision'>[],
): 'pending' | 'approved' | 'rejected' {
  if (decisions.some((d) => d.decision === 'reject')) return 'rejected';
  return decisions.filter((d) => d.decision === 'approve').length >= quorum
    ? 'approved'
    : 'pending';
}
