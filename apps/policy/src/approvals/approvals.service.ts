import { v7 as uuidv7 } from 'uuid';
import {
  type ApprovalListFilters,
  type ApprovalView,
  type AuthContext,
  type DecisionInput,
  EVENTS,
  type GovernedOperation,
  IDENTITY_RPC,
  MAX_VELOCITY_WINDOW_MS,
  TRADING_RPC,
  windowMs,
  type ListQuery,
  type ListResult,
  type PolicyDecision,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { fromNumber, mul } from '@custody/money';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  enqueueEvent,
  type Executor,
  sqlState,
  withTransaction,
} from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import {
  type EvaluatedPolicy,
  evaluate,
  needs,
  type Verdict,
} from '../evaluation/evaluation.rules';
import type { ApprovalRow, DecisionRow } from '../schema';
import { eligibleApprovers, reachOf } from '../access';
import * as repo from './approvals.repository';
import {
  checkDecider,
  qualifyingFor,
  requirementsOf,
  statusAfter,
  stillNeeded,
} from './approvals.rules';

const SCHEMA = 'policy';
/** Expired approvals handled per sweep transaction. */
const SWEEP_BATCH = 100;

export function approvalView(row: ApprovalRow, decided: readonly DecisionRow[]): ApprovalView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    activity: row.activity,
    operationId: row.operationId,
    initiator: { clientId: row.initiatorClientId },
    policyIds: row.policyIds,
    quorum: row.quorum,
    requirements: requirementsOf(row),
    decisions: decided
      .filter((d) => d.approvalId === row.id)
      .map((d) => ({
        clientId: d.clientId,
        decision: d.decision,
        reason: d.reason,
        createdAt: d.createdAt.toISOString(),
      })),
    expiresAt: row.expiresAt.toISOString(),
    summary: row.summary,
  };
}

/** The start of the longest velocity window among the policies: what must be read. */
function since(policies: readonly EvaluatedPolicy[], now: Date): Date {
  const longest = Math.max(
    0,
    ...policies.map((p) => (p.rule.kind === 'velocity' ? windowMs(p.rule.window) : 0)),
  );
  return new Date(now.getTime() - longest);
}

/**
 * Decisions on operations and the approvals they need (docs/decisions.md, "Policies and
 * approvals"): wallet-ledger asks before it applies an operation; approvers decide; the outcome
 * goes out as `approval.is-decided`, which wallet-ledger acts on once.
 */
export class ApprovalsService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly ttlSeconds: number,
    /**
     * Told of each approval that leaves `pending` (approved, rejected, expired), in the
     * transaction that decides it: what the policy service itself holds (a policy change) is
     * applied or dropped there.
     */
    private readonly onSettled: (tx: Executor, approval: ApprovalRow) => Promise<void>,
  ) {}

  /**
   * The decision on an operation of the caller's tenant, started by the caller. A hold creates
   * its approval (pending, with its `approval.is-pending` event) in the same transaction.
   */
  async evaluate(auth: AuthContext | undefined, op: GovernedOperation): Promise<PolicyDecision> {
    const initiator = requireAuth(auth);
    // The wallet's tenant: an admin's operation is governed as the tenant's own.
    const tenantId = op.tenantId;
    const policies = await repo.governingPolicies(this.db, tenantId, op.activity);
    // Read before the lock: identity's answer does not change with this tenant's counts.
    const destinationVerified = needs(policies, op, 'destination_not_whitelisted')
      ? await this.destinationVerified(initiator, op)
      : undefined;
    const fiatAmount = needs(policies, op, 'fiat_amount_above')
      ? await this.fiatAmount(initiator, op)
      : undefined;
    return withTransaction(this.db, async (tx) => {
      // The tenant's operations of this activity are counted one at a time: concurrent ones
      // cannot pass a velocity limit together.
      await repo.lockVelocity(tx, tenantId, op.activity);
      const now = new Date();
      const usage = needs(policies, op, 'velocity')
        ? await repo.countedUsage(tx, tenantId, op.activity, since(policies, now))
        : [];
      const verdict = evaluate(policies, op, {
        usage,
        now,
        ...(destinationVerified !== undefined ? { destinationVerified } : {}),
        ...(fiatAmount !== undefined ? { fiatAmount } : {}),
      });
      if (verdict.decision === 'block') return verdict;
      // What runs or waits counts towards the windows, until its approval fails.
      await repo.countUsage(tx, {
        operationId: op.operationId,
        tenantId,
        activity: op.activity,
        userId: op.userId,
        walletId: op.walletId,
        assetId: op.assetId,
        amount: op.amount,
      });
      if (verdict.decision === 'allow') return verdict;
      const row = await this.hold(tx, initiator, tenantId, verdict, {
        activity: op.activity,
        operationId: op.operationId,
        summary: {
          userId: op.userId,
          walletId: op.walletId,
          assetId: op.assetId,
          amount: op.amount,
          fiatAmount: fiatAmount ?? null,
          destination: op.destination ?? null,
        },
      });
      return {
        decision: 'require_approval' as const,
        policyIds: verdict.policyIds,
        approvalId: row.id,
      };
    });
  }

  /** The pending approval of what `verdict` holds, with its `approval.is-pending` event. */
  async hold(
    tx: Executor,
    initiator: AuthContext,
    tenantId: string,
    verdict: Extract<Verdict, { decision: 'require_approval' }>,
    held: Pick<ApprovalRow, 'activity' | 'operationId' | 'summary'>,
  ): Promise<ApprovalRow> {
    const created = await repo
      .insertApproval(tx, {
        id: uuidv7(),
        tenantId,
        status: 'pending',
        activity: held.activity,
        operationId: held.operationId,
        initiatorClientId: initiator.clientId,
        policyIds: verdict.policyIds,
        quorum: verdict.quorum,
        approverIds: verdict.approverIds,
        platform: verdict.platform,
        requirements: verdict.requirements,
        summary: held.summary,
        expiresAt: new Date(Date.now() + this.ttlSeconds * 1000),
      })
      .catch((error: unknown) => {
        if (sqlState(error) === '23505')
          throw Errors.conflict('This operation has an approval already.', 'approval_exists');
        throw error;
      });
    await this.publish(tx, EVENTS.approvalPending, created, []);
    return created;
  }

  /** wallet-ledger did not create the operation after all (its funds fell short, say). */
  async cancel(id: string): Promise<{ id: string }> {
    await withTransaction(this.db, async (tx) => {
      const row = await repo.findApproval(tx, 'all', id, true);
      if (!row) throw Errors.notFound('approval');
      if (row.status !== 'pending') return;
      const cancelled = await repo.setStatus(tx, id, 'cancelled');
      await repo.releaseUsage(tx, row.operationId);
      await this.publish(tx, EVENTS.approvalDecided, cancelled, await repo.decisionsOf(tx, [id]));
    });
    return { id };
  }

  async list(
    auth: AuthContext | undefined,
    query: ListQuery,
    filters: ApprovalListFilters,
  ): Promise<ListResult<ApprovalView>> {
    const caller = requireAuth(auth);
    const { rows, total } = await repo.listApprovals(this.db, reachOf(caller), query, filters);
    const decided = await repo.decisionsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return { items: rows.map((r) => approvalView(r, decided)), total };
  }

  async get(auth: AuthContext | undefined, id: string): Promise<ApprovalView> {
    const row = await repo.findApproval(this.db, reachOf(requireAuth(auth)), id);
    if (!row) throw Errors.notFound('approval');
    return approvalView(row, await repo.decisionsOf(this.db, [id]));
  }

  /**
   * One approver's decision. Decisions on one approval take its lock in turn, so the quorum is
   * reached exactly once however many decide at the same time.
   */
  async decide(
    auth: AuthContext | undefined,
    id: string,
    input: DecisionInput,
  ): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    const peek = await repo.findApproval(this.db, reachOf(caller), id);
    if (!peek) throw Errors.notFound('approval');
    // Admins decide for platform policies, the tenant's clients for the tenant's.
    const admin = isAdmin(caller);
    const eligible = requirementsOf(peek).some((r) => r.platform === admin)
      ? await eligibleApprovers(this.rpc, caller)
      : [];
    return withTransaction(this.db, async (tx) => {
      const approval = await repo.findApproval(tx, reachOf(caller), id, true);
      if (!approval) throw Errors.notFound('approval');
      const requirements = requirementsOf(approval);
      const countsFor = qualifyingFor(requirements, { clientId: caller.clientId, admin }, eligible);
      const before = await repo.decisionsOf(tx, [id]);
      checkDecider(approval, caller.clientId, countsFor, before, new Date());
      // An approval counts only where one is still missing: the decisions stay bounded by the
      // quorums (a rejection always counts).
      if (input.decision === 'approve' && !stillNeeded(requirements, before, countsFor))
        throw Errors.conflict(
          "The requirements this client decides for have their quorum; it waits for others'.",
          'approval_not_needed',
        );
      const decision = await repo.insertDecision(tx, {
        id: uuidv7(),
        approvalId: id,
        clientId: caller.clientId,
        decision: input.decision,
        reason: input.reason ?? null,
        countsFor,
      });
      const decided = [...before, decision];
      const status = statusAfter(requirements, decided);
      if (status !== 'pending') {
        const finished = await repo.setStatus(tx, id, status);
        if (status === 'rejected') await repo.releaseUsage(tx, finished.operationId);
        await this.onSettled(tx, finished);
        await this.publish(tx, EVENTS.approvalDecided, finished, decided);
      }
      return { id: decision.id };
    });
  }

  /** Expires pending approvals past their time, a batch per transaction; answers how many. */
  async expireDue(now = new Date()): Promise<number> {
    return withTransaction(this.db, async (tx) => {
      const due = await repo.lockExpired(tx, now, SWEEP_BATCH);
      const decided = await repo.decisionsOf(
        tx,
        due.map((r) => r.id),
      );
      for (const row of due) {
        const expired = await repo.setStatus(tx, row.id, 'expired');
        await repo.releaseUsage(tx, row.operationId);
        await this.onSettled(tx, expired);
        await this.publish(tx, EVENTS.approvalDecided, expired, decided);
      }
      return due.length;
    });
  }

  /** Forgets counted operations past the longest window, a batch; answers how many. */
  async pruneUsage(now = new Date()): Promise<number> {
    return repo.pruneUsage(this.db, new Date(now.getTime() - MAX_VELOCITY_WINDOW_MS), SWEEP_BATCH);
  }

  private async publish(
    tx: Executor,
    name: typeof EVENTS.approvalPending | typeof EVENTS.approvalDecided,
    row: ApprovalRow,
    decided: readonly DecisionRow[],
  ): Promise<void> {
    await enqueueEvent(tx, SCHEMA, {
      name,
      tenantId: row.tenantId,
      data: approvalView(row, decided),
    });
  }

  /**
   * The operation's value in the service's fiat currency at trading's current rate; none when the
   * rate is stale or trading does not answer (the rule then matches: fail closed).
   */
  private async fiatAmount(
    caller: AuthContext,
    op: GovernedOperation,
  ): Promise<string | undefined> {
    try {
      const { rate } = await this.rpc.call(
        'trading',
        TRADING_RPC.getAsset,
        { assetId: op.assetId },
        { auth: caller, idempotent: true },
      );
      if (!rate || rate.stale) return undefined;
      return mul(op.amount, fromNumber(rate.fiatPrice));
    } catch {
      return undefined;
    }
  }

  /** Whether identity has the destination on the wallet's whitelist, travel-rule verified. */
  private async destinationVerified(caller: AuthContext, op: GovernedOperation): Promise<boolean> {
    if (op.destination === undefined) return false;
    const { verified } = await this.rpc.call(
      'identity',
      IDENTITY_RPC.isWhitelisted,
      { userId: op.userId, walletId: op.walletId, address: op.destination },
      { auth: caller, idempotent: true },
    );
    return verified;
  }
}
