import {
  type AuthContext,
  type GovernedOperation,
  MAX_EVALUATED_OPERATIONS,
  POLICY_RPC,
  type PolicyDecision,
  SIGNATURE_ACTIVITIES,
} from '@custody/contracts';
import { AppError, Errors, isAppError } from '@custody/errors';
import { currentOrigin, type RpcClient, type RpcOrigin, runWithOrigin } from '@custody/messaging';
import { Batcher } from '../shared/batcher';

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

/**
 * Evaluation calls in flight per caller; the decisions asked meanwhile share the next call. Two:
 * one call's trips to the policy service and its policies' read overlap the other's time under
 * its tenant's velocity lock, and the batches grow with the load.
 */
const CALLS_IN_FLIGHT = 2;
/** Idle callers' batchers kept before the map is cleared (it only holds empty queues then). */
const MAX_IDLE_CALLERS = 1_000;

/** The refusal of an operation a policy blocks: 403 `policy_blocked` with the policies' ids. */
export function blockedBy(policyIds: string[]): AppError {
  return new AppError(403, 'policy_blocked', 'A policy refuses this operation.', {
    details: { policyIds },
  });
}

/**
 * The refusal of a token authorization no policy allows (docs/decisions/policies-and-approvals.md,
 * "Token authorizations"): 400 `token_authorization_refused`, as before policies could allow one.
 */
export function tokenAuthorizationRefused(): AppError {
  return Errors.badRequest(
    'Typed data that authorizes a token transfer is signed only where a sign-typed-data policy allows token authorizations: use sign-tx or a withdrawal.',
    'token_authorization_refused',
  );
}

/** One caller's auth context as a key: its decisions can share one call in its name. */
export function callerKey(caller: AuthContext): string {
  return JSON.stringify([
    caller.clientId,
    caller.tenantId,
    caller.audience,
    caller.apiClientId ?? null,
    caller.userId ?? null,
    caller.scopes ?? null,
    caller.issuer ?? null,
    caller.personId ?? null,
  ]);
}

/**
 * The policy service's decisions on the operations callers start
 * (docs/decisions/policies-and-approvals.md). The decisions one caller asks for while its earlier
 * calls are in flight go in one call (group evaluation, as transfers group their commits): under
 * load a batch of transfers costs one evaluation, whose velocity windows are read and counted once.
 */
export class Governor {
  private readonly batchers = new Map<string, Batcher<PendingDecision>>();

  constructor(private readonly rpc: RpcClient) {}

  /**
   * The decision on an operation the caller starts: 403 `policy_blocked` with the blocking
   * policies' ids when one refuses it (400 `token_authorization_refused` for a token
   * authorization no policy allows); otherwise it may run, or run once its approval
   * (`approvalId`) has its quorum. When the policy service does not answer, the call fails and
   * nothing is applied: fail closed.
   */
  async decide(caller: AuthContext, operation: GovernedOperation): Promise<Admitted> {
    const decision = await this.decisionOn(caller, currentOrigin(), operation);
    if (decision.decision === 'block')
      throw decision.refusal === 'token_authorization_refused'
        ? tokenAuthorizationRefused()
        : blockedBy(decision.policyIds);
    return decision;
  }

  /**
   * The decision on one operation of a caller whose request's proven context is `origin` (taken
   * where the request was handled), in the caller's next evaluation call.
   */
  decisionOn(
    caller: AuthContext,
    origin: RpcOrigin | undefined,
    operation: GovernedOperation,
  ): Promise<PolicyDecision> {
    return new Promise<PolicyDecision>((resolve, reject) => {
      this.batcherOf(caller).submit({ caller, origin, operation, resolve, reject });
    });
  }

  /**
   * Operations decided on but not created after all (refused, a replay under a taken key): they
   * stop counting towards velocity limits and their approvals end. Best effort: a pending
   * approval expires otherwise, and a count ages out of its window. In wallet-ledger's own name:
   * the operations' ids are all the policy service needs.
   */
  async release(operationIds: string[]): Promise<void> {
    for (let at = 0; at < operationIds.length; at += MAX_EVALUATED_OPERATIONS)
      await this.rpc
        .call('policy', POLICY_RPC.release, {
          operationIds: operationIds.slice(at, at + MAX_EVALUATED_OPERATIONS),
        })
        .catch(() => undefined);
  }

  /**
   * After an operation's creation failed: released when it was refused (a 4xx, nothing
   * written); an unknown outcome (a timeout, a lost commit) keeps counting, which errs on the
   * side of the limits.
   */
  async releaseRefused(operationId: string, error: unknown): Promise<void> {
    // A block counted nothing; a request not started in time (`timeout`) wrote nothing.
    if (!isAppError(error) || error.code === 'policy_blocked') return;
    if (error.status < 500 || error.code === 'timeout') await this.release([operationId]);
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
    // Every item of the batch has the same caller; the request whose forwards run longest
    // vouches for the call (an earlier one's may have expired while the batch waited).
    const vouching = batch.reduce<PendingDecision | undefined>(
      (best, item) =>
        !best || (item.origin?.forwards?.exp ?? 0) > (best.origin?.forwards?.exp ?? 0)
          ? item
          : best,
      undefined,
    );
    if (!vouching) return;
    const decisions = await this.decideAll(
      vouching.caller,
      vouching.origin,
      batch.map((item) => item.operation),
    );
    batch.forEach((item, i) => item.resolve(decisions[i] as PolicyDecision));
  }

  /**
   * The decisions on one caller's operations (at most MAX_EVALUATED_OPERATIONS), in one call made
   * in the caller's proven context (`origin`), one decision per operation in order.
   */
  async decideAll(
    caller: AuthContext,
    origin: RpcOrigin | undefined,
    operations: GovernedOperation[],
  ): Promise<PolicyDecision[]> {
    const { decisions } = await runWithOrigin(origin, () =>
      this.rpc.call('policy', POLICY_RPC.evaluate, { operations }, { auth: caller }),
    ).catch(async (error: unknown) => {
      // No answer (a timeout, a lost reply): none of these operations will be created, so what
      // the policy service may have counted or held for them goes. Not a signature's: its lost
      // answer may have carried a signed decision, which the policy service never releases
      // (docs/decisions/signing-decisions.md, "Releases"); its count ages out of its window, and
      // a held one's approval expires by itself.
      await this.release(
        operations
          .filter((op) => !SIGNATURE_ACTIVITIES.has(op.activity))
          .map((op) => op.operationId),
      );
      throw error;
    });
    if (decisions.length !== operations.length)
      throw Errors.internal(new Error('the policy service left a decision out'));
    return decisions;
  }
}
