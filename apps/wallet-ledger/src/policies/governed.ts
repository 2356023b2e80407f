import {
  type AuthContext,
  type GovernedOperation,
  MAX_EVALUATED_OPERATIONS,
  POLICY_RPC,
  type PolicyDecision,
} from '@custody/contracts';
import { AppError, Errors, isAppError } from '@custody/errors';
import { currentOrigin, type RpcClient, type RpcOrigin, runWithOrigin } from '@custody/messaging';
import { Batcher } from '../transfers/batcher';

/** A decision that lets the operation be created: at once, or once its approval has quorum. */
export type Admitted = Exclude<PolicyDecision, { decision: 'block' }>;

interface PendingDecision {
  caller: AuthContext;
  /** The request's proven auth context: the batch's call carries its attestation. */
  origin: RpcOrigin | undefined;
  operation: GovernedOperation;
  resolve: (decision: PolicyDecision) => void;
  reject: (error: unknown) => void;
}

/** Evaluation calls in flight per caller; the decisions asked meanwhile share the next call. */
const CALLS_IN_FLIGHT = 4;
/** Idle callers' batchers kept before the map is cleared (it only holds empty queues then). */
const MAX_IDLE_CALLERS = 1_000;

/** One caller's auth context as a key: its decisions can share one call in its name. */
function callerKey(caller: AuthContext): string {
  return JSON.stringify([
    caller.clientId,
    caller.tenantId,
    caller.audience,
    caller.apiClientId ?? null,
    caller.userId ?? null,
    caller.scopes ?? null,
    caller.issuer ?? null,
  ]);
}

/**
 * The policy service's decisions on the operations callers start (docs/decisions.md, "Policies
 * and approvals"). The decisions one caller asks for while its earlier calls are in flight go in
 * one call (group evaluation, as transfers group their commits): under load a batch of transfers
 * costs one evaluation, whose velocity windows are read and counted once.
 */
export class Governor {
  private readonly batchers = new Map<string, Batcher<PendingDecision>>();

  constructor(private readonly rpc: RpcClient) {}

  /**
   * The decision on an operation the caller starts: 403 `policy_blocked` with the blocking
   * policies' ids when one refuses it; otherwise it may run, or run once its approval
   * (`approvalId`) has its quorum. When the policy service does not answer, the call fails and
   * nothing is applied: fail closed.
   */
  async decide(caller: AuthContext, operation: GovernedOperation): Promise<Admitted> {
    const decision = await new Promise<PolicyDecision>((resolve, reject) => {
      this.batcherOf(caller).submit({
        caller,
        origin: currentOrigin(),
        operation,
        resolve,
        reject,
      });
    });
    if (decision.decision === 'block')
      throw new AppError(403, 'policy_blocked', 'A policy refuses this operation.', {
        details: { policyIds: decision.policyIds },
      });
    return decision;
  }

  /**
   * Operations decided on but not created after all (refused, a replay under a taken key): they
   * stop counting towards velocity limits and their approvals end. Best effort: a pending
   * approval expires otherwise, and a count ages out of its window.
   */
  async release(caller: AuthContext, operationIds: string[]): Promise<void> {
    for (let at = 0; at < operationIds.length; at += MAX_EVALUATED_OPERATIONS)
      await this.rpc
        .call(
          'policy',
          POLICY_RPC.release,
          { operationIds: operationIds.slice(at, at + MAX_EVALUATED_OPERATIONS) },
          { auth: caller },
        )
        .catch(() => undefined);
  }

  /**
   * After an operation's creation failed: released when it was refused (a 4xx, nothing
   * written); an unknown outcome (a timeout, a lost commit) keeps counting, which errs on the
   * side of the limits.
   */
  async releaseRefused(caller: AuthContext, operationId: string, error: unknown): Promise<void> {
    if (isAppError(error) && error.status < 500) await this.release(caller, [operationId]);
  }

  private batcherOf(caller: AuthContext): Batcher<PendingDecision> {
    const key = callerKey(caller);
    let batcher = this.batchers.get(key);
    if (!batcher) {
      if (this.batchers.size >= MAX_IDLE_CALLERS)
        for (const [k, b] of this.batchers) if (b.idle) this.batchers.delete(k);
      batcher = new Batcher<PendingDecision>(
        (batch) => this.evaluate(batch),
        CALLS_IN_FLIGHT,
        MAX_EVALUATED_OPERATIONS,
        () => 1,
        (item, error) => item.reject(error),
      );
      this.batchers.set(key, batcher);
    }
    return batcher;
  }

  private async evaluate(batch: PendingDecision[]): Promise<void> {
    const [first] = batch;
    if (!first) return;
    // Every item of the batch has the same caller; the first's context vouches for the call.
    const { decisions } = await runWithOrigin(first.origin, () =>
      this.rpc.call(
        'policy',
        POLICY_RPC.evaluate,
        { operations: batch.map((item) => item.operation) },
        { auth: first.origin?.auth ?? first.caller },
      ),
    );
    batch.forEach((item, i) => {
      const decision = decisions[i];
      if (decision) item.resolve(decision);
      else item.reject(Errors.internal(new Error('the policy service left a decision out')));
    });
  }
}
