import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  type ApprovalListFilters,
  type ApprovalView,
  type AuthContext,
  type DecisionInput,
  EVENTS,
  MAX_EVALUATED_OPERATIONS,
  MAX_VELOCITY_WINDOW_MS,
  type ListQuery,
  type ListResult,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  enqueueEvent,
  type Executor,
  isUuid,
  sqlState,
  withTransaction,
  listResult,
} from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import type { Verdict } from '../evaluation/evaluation.rules';
import type { ApprovalRow, DecisionRow } from '../schema';
import { eligibleApprovers, reachOf } from '../access';
import { forget } from '../decisions/decisions.repository';
import * as repo from './approvals.repository';
import {
  approvalView,
  checkDecider,
  qualifyingFor,
  requirementsOf,
  statusAfter,
  stillNeeded,
} from './approvals.rules';

const SCHEMA = 'policy';

/** Expired approvals handled per sweep transaction. */
const SWEEP_BATCH = 100;

/**
 * The approvals operations need (docs/decisions/policies-and-approvals.md): held by an
 * evaluation (evaluation/evaluate-operations.ts), decided by approvers, released, expired; each
 * outcome goes out as `approval.is-decided`, which wallet-ledger acts on once.
 */
export class ApprovalsService {
  constructor(
    private readonly db: Database,
    /** The pool behind `db`: the counting transaction is pipelined on it. */
    private readonly pool: pg.Pool,
    private readonly rpc: RpcClient,
    private readonly ttlSeconds: number,
    /**
     * Told of each approval that leaves `pending` (approved, rejected, expired), in the
     * transaction that decides it: what the policy service itself holds (a policy change) is
     * applied or dropped there.
     */
    private readonly onSettled: (tx: Executor, approval: ApprovalRow) => Promise<void>,
  ) {}

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

  /**
   * Operations wallet-ledger evaluated but did not create after all (refused, a replay): they no
   * longer count, and their pending approvals end `cancelled`.
   */
  async release(operationIds: readonly string[]): Promise<{ released: number }> {
    if (operationIds.length > MAX_EVALUATED_OPERATIONS)
      throw Errors.badRequest('Too many operations at once.', 'too_many_operations');
    const ids = operationIds.filter(isUuid);
    return withTransaction(this.db, async (tx) => {
      const pending = await repo.lockPendingOf(tx, ids);
      for (const row of pending) {
        const cancelled = await repo.setStatus(tx, row.id, 'cancelled');
        await this.publish(
          tx,
          EVENTS.approvalDecided,
          cancelled,
          await repo.decisionsOf(tx, [row.id]),
        );
      }
      await forget(tx, ids);
      return { released: await repo.releaseUsage(tx, ids) };
    });
  }

  async list(
    auth: AuthContext | undefined,
    query: ListQuery,
    filters: ApprovalListFilters,
  ): Promise<ListResult<ApprovalView>> {
    const caller = requireAuth(auth);
    const page = await repo.listApprovals(this.db, reachOf(caller), query, filters);
    const decided = await repo.decisionsOf(
      this.db,
      page.rows.map((r) => r.id),
    );
    return listResult(
      page,
      page.rows.map((r) => approvalView(r, decided)),
    );
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
        if (status === 'rejected') await repo.releaseUsage(tx, [finished.operationId]);
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
        await repo.releaseUsage(tx, [row.operationId]);
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
}
