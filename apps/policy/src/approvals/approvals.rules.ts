import type { ApprovalRequirement } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { ApprovalRow, DecisionRow } from '../schema';

/**
 * The requirements an approval must meet: each holding policy's own. Approvals recorded before
 * requirements existed have their governing policy's as their only one.
 */
export function requirementsOf(
  approval: Pick<ApprovalRow, 'requirements' | 'policyIds' | 'quorum' | 'approverIds' | 'platform'>,
): ApprovalRequirement[] {
  if (approval.requirements.length > 0) return approval.requirements;
  return [
    {
      policyId: approval.policyIds[0] ?? '',
      quorum: approval.quorum,
      approverIds: approval.approverIds,
      platform: approval.platform,
    },
  ];
}

/**
 * The requirements a client's decision counts for: those decided by its side (admins for a
 * platform policy, the tenant's clients for a tenant's), where it is eligible (identity's
 * `clients.approvers`) and, when the policy names its approvers, named.
 */
export function qualifyingFor(
  requirements: readonly ApprovalRequirement[],
  decider: { clientId: string; admin: boolean },
  eligible: readonly string[],
): string[] {
  if (!eligible.includes(decider.clientId)) return [];
  return requirements
    .filter(
      (r) =>
        r.platform === decider.admin &&
        (r.approverIds === null || r.approverIds.includes(decider.clientId)),
    )
    .map((r) => r.policyId);
}

/**
 * Whether a client may decide on an approval now: a pending one before its expiry, not its own
 * operation, counting for at least one of its requirements, once.
 */
export function checkDecider(
  approval: Pick<ApprovalRow, 'status' | 'expiresAt' | 'initiatorClientId'>,
  decider: string,
  countsFor: readonly string[],
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
  if (countsFor.length === 0)
    throw Errors.forbidden(
      'This client is not an approver of this approval.',
      'approver_forbidden',
    );
  if (decisions.some((d) => d.clientId === decider))
    throw Errors.conflict('This client has decided on this approval already.', 'already_decided');
}

/** Whether one of `countsFor` still lacks approvals (an approval met already needs no more). */
export function stillNeeded(
  requirements: readonly ApprovalRequirement[],
  decisions: readonly Pick<DecisionRow, 'decision' | 'countsFor'>[],
  countsFor: readonly string[],
): boolean {
  return requirements.some(
    (r) =>
      countsFor.includes(r.policyId) &&
      decisions.filter((d) => d.decision === 'approve' && d.countsFor.includes(r.policyId)).length <
        r.quorum,
  );
}

/**
 * Where the decisions leave an approval: any rejection rejects; it is approved once every
 * requirement has its quorum of approvals that count for it.
 */
export function statusAfter(
  requirements: readonly ApprovalRequirement[],
  decisions: readonly Pick<DecisionRow, 'decision' | 'countsFor'>[],
): 'pending' | 'approved' | 'rejected' {
  if (decisions.some((d) => d.decision === 'reject')) return 'rejected';
  const met = requirements.every(
    (r) =>
      decisions.filter((d) => d.decision === 'approve' && d.countsFor.includes(r.policyId))
        .length >= r.quorum,
  );
  return met ? 'approved' : 'pending';
}
