import {
  type AuthContext,
  type GovernedOperation,
  POLICY_RPC,
  type PolicyDecision,
} from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';

/** A decision that lets a purchase be recorded: at once, or held until its approval's quorum. */
export type PurchaseAdmitted = Exclude<PolicyDecision, { decision: 'block' }>;

/**
 * The policy service's decision on a purchase (docs/decisions/purchases.md, "Under policy"),
 * asked in the caller's name before anything is recorded, and the release of one decided on but
 * not recorded after all. Fail closed: without an answer, the purchase is not made.
 */
export class PurchaseGovernor {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Allowed, or held (`approvalId`); a blocking policy is 403 `policy_blocked` with the policies'
   * ids, nothing recorded. No answer (a timeout): what the policy service may have counted or
   * held for it is released, and the error stands.
   */
  async decide(caller: AuthContext, operation: GovernedOperation): Promise<PurchaseAdmitted> {
    const { decisions } = await this.rpc
      .call('policy', POLICY_RPC.evaluate, { operations: [operation] }, { auth: caller })
      .catch(async (error: unknown) => {
        await this.release([operation.operationId]);
        throw error;
      });
    const [decision] = decisions;
    if (!decision) throw Errors.internal(new Error('the policy service left a decision out'));
    if (decision.decision === 'block')
      throw new AppError(403, 'policy_blocked', 'A policy refuses this purchase.', {
        details: { policyIds: decision.policyIds },
      });
    return decision;
  }

  /**
   * Purchases decided on but not made after all (a twin under the same key, a refusal): they stop
   * counting towards velocity limits and a pending approval of theirs ends. Best effort: a count
   * ages out of its window, an approval expires.
   */
  async release(operationIds: string[]): Promise<void> {
    await this.rpc
      .call('policy', POLICY_RPC.release, { operationIds })
      .then(() => undefined)
      .catch(() => undefined);
  }
}
