import type { ApprovalView } from '@custody/contracts';

/**
 * An approval's outcome as the policy service answers it (what its `approval.is-decided` event
 * carries), for the policy stand-ins of the services that hold operations for approval.
 */
export function decidedApproval({
  initiator,
  ...fields
}: Pick<ApprovalView, 'id' | 'operationId' | 'status' | 'activity'> & {
  /** The client that asked for the operation. */
  initiator: string;
}): ApprovalView {
  return {
    ...fields,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    initiator: { clientId: initiator },
    policyIds: ['p'],
    quorum: 1,
    requirements: [],
    decisions: [],
    expiresAt: '2026-01-02T00:00:00.000Z',
    summary: {
      userId: null,
      walletId: null,
      assetId: null,
      amount: null,
      fiatAmount: null,
      destination: null,
    },
  };
}
