import {
  type AuthContext,
  type GovernedOperation,
  POLICY_RPC,
  type PolicyDecision,
} from '@custody/contracts';
import { AppError } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';

/**
 * The policy service's decision on an operation the caller starts (docs/decisions.md, "Policies
 * and approvals"): 403 `policy_blocked` with the blocking policies' ids when one refuses it;
 * otherwise it may run, or run once its approval (`approvalId`) has its quorum. When the policy
 * service does not answer, the call fails and nothing is applied: fail closed.
 */
export async function governedBy(
  rpc: RpcClient,
  caller: AuthContext,
  operation: GovernedOperation,
): Promise<Exclude<PolicyDecision, { decision: 'block' }>> {
  const decision = await rpc.call('policy', POLICY_RPC.evaluate, operation, { auth: caller });
  if (decision.decision === 'block')
    throw new AppError(403, 'policy_blocked', 'A policy refuses this operation.', {
      details: { policyIds: decision.policyIds },
    });
  return decision;
}

/** An approval whose operation was not created after all (best effort: it expires otherwise). */
export async function cancelApproval(
  rpc: RpcClient,
  caller: AuthContext,
  approvalId: string,
): Promise<void> {
  await rpc
    .call('policy', POLICY_RPC.cancelApproval, { id: approvalId }, { auth: caller })
    .catch(() => undefined);
}
