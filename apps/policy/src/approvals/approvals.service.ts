import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  type ApprovalListFilters,
  type ApprovalView,
  type AuthContext,
  type DecisionInput,
  EVENTS,
  type GovernedOperation,
  MAX_EVALUATED_OPERATIONS,
  type PolicyRule,
  MAX_VELOCITY_WINDOW_MS,
  windowMs,
  type ListQuery,
  type ListResult,
  type PolicyDecision,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  enqueueEvent,
  type Executor,
  isUuid,
  sqlState,
  withPipelinedTransaction,
  withTransaction,
  listResult,
} from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import {
  appliesTo,
  countedLegs,
  type EvaluatedPolicy,
  evaluateInOrder,
  type Facts,
  needs,
  scopeOf,
  selectedLegs,
  type Verdict,
  VelocityTotals,
} from '../evaluation/evaluation.rules';
import type { ApprovalRow, DecisionRow } from '../schema';
import { eligibleApprovers, reachOf } from '../access';
import type { DecisionSigner } from '../decisions/decision-signer';
import { admit, forget } from '../decisions/decisions.repository';
import * as repo from './approvals.repository';
import { OperationFacts } from './operation-facts';
import {
  approvalView,
  checkBatch,
  checkDecider,
  qualifyingFor,
  requirementsOf,
  statusAfter,
  stillNeeded,
  summaryOf,
} from './approvals.rules';

const SCHEMA = 'policy';

type VelocityRule = Extract<PolicyRule, { kind: 'velocity' }>;
/** One velocity policy's window read, for one tenant. */
type WindowRead = { policyId: string; tenantId: string; statement: repo.WindowTotalsStatement };
/** Expired approvals handled per sweep transaction. */
const SWEEP_BATCH = 100;

/**
 * Decisions on operations and the approvals they need (docs/decisions/policies-and-approvals.md):
 * wallet-ledger asks before it applies an operation; approvers decide; the outcome
 * goes out as `approval.is-decided`, which wallet-ledger acts on once.
 */
export class ApprovalsService {
  /** What identity and trading say about an operation, for the rules that ask. */
  private readonly facts: OperationFacts;

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
    /** Signs the decisions that let the signer sign (docs/decisions/signing-decisions.md). */
    private readonly signer: DecisionSigner,
  ) {
    this.facts = new OperationFacts(rpc);
  }

  /**
   * The decisions on operations the caller starts, in order (the wallet's tenant governs each:
   * an admin's operation is governed as the tenant's own). Velocity windows are counted under
   * each tenant's lock, so concurrent batches cannot pass a limit together; a hold creates its
   * approval (pending, with its `approval.is-pending` event) in the same transaction.
   */
  async evaluate(
    auth: AuthContext | undefined,
    ops: readonly GovernedOperation[],
  ): Promise<PolicyDecision[]> {
    const initiator = requireAuth(auth);
    checkBatch(ops);
    const tenants = [...new Set(ops.map((op) => op.tenantId))].sort();
    const all = await repo.governingPolicies(this.db, tenants);
    const policiesOf = (op: GovernedOperation) =>
      all.filter((p) => (p.tenantId === null || p.tenantId === op.tenantId) && appliesTo(p, op));
    // Read before the lock: identity's and trading's answers do not change with the counts.
    const facts = await Promise.all(
      ops.map(async (op) => this.facts.of(initiator, op, policiesOf(op))),
    );
    // What a velocity policy counts is recorded, under its tenant's lock; what none counts and
    // none holds needs no transaction at all (the common case: one read of the policies).
    const counts = ops.map((op) => needs(policiesOf(op), op, 'velocity'));
    const factsAt = (_op: GovernedOperation, i: number) => facts[i] ?? {};
    if (!counts.includes(true)) {
      const verdicts = evaluateInOrder(policiesOf, ops, factsAt, new VelocityTotals());
      // Nothing held: `decisions` writes at most the admissions, in one statement.
      if (!verdicts.some((v) => v.decision === 'require_approval'))
        return this.decisions(this.db, initiator, ops, verdicts, facts);
      return withTransaction(this.db, (tx) => this.decisions(tx, initiator, ops, verdicts, facts));
    }
    // Two round trips: BEGIN, the tenants' locks and their windows' totals (each statement sees
    // what committed before it, so the totals are read under the locks); then the counts, any
    // approval, and COMMIT.
    return withPipelinedTransaction(this.pool, async (tx) => {
      const counted = tenants.filter((t) => ops.some((op, i) => op.tenantId === t && counts[i]));
      const windows = this.windowsOf(counted, ops, policiesOf, new Date());
      const [, ...found] = await tx.begin([
        repo.lockVelocity(counted),
        ...windows.map((w) => w.statement),
      ]);
      const totals = new VelocityTotals();
      windows.forEach(({ policyId, tenantId }, i) => {
        for (const [scope, total] of repo.windowTotalsOf(found[i]?.rows ?? []))
          totals.set(policyId, tenantId, scope, total);
      });
      const verdicts = evaluateInOrder(policiesOf, ops, factsAt, totals);
      // What runs or waits counts towards the windows, until it is released.
      const usage = countedLegs(ops, verdicts, counts);
      const decisions = await this.decisions(tx.db, initiator, ops, verdicts, facts);
      // Counts alone need not wait for the disk (the lock statement said so): the operation
      // they count commits after them, in the same PostgreSQL, and its synchronous commit makes
      // the log durable up to itself, counts included; an operation never committed needs no
      // count. Approvals always wait.
      await tx.commitWith([
        ...(usage.length > 0 ? [repo.countUsageStatement(usage)] : []),
        ...(decisions.some((d) => d.decision === 'require_approval') ? [repo.COMMIT_DURABLY] : []),
      ]);
      return decisions;
    });
  }

  /**
   * The verdicts as decisions: a hold creates its pending approval, with its event. What uses a
   * key is admitted for a signed decision later (a withdrawal's transaction, a held signature);
   * a signature allowed at once gets its signed decision now (docs/decisions/signing-decisions.md).
   */
  private async decisions(
    tx: Executor,
    initiator: AuthContext,
    ops: readonly GovernedOperation[],
    verdicts: readonly Verdict[],
    facts: readonly Omit<Facts, 'velocity'>[],
  ): Promise<PolicyDecision[]> {
    const decisions: PolicyDecision[] = [];
    const admitted: Parameters<typeof admit>[1] = [];
    for (const [i, op] of ops.entries()) {
      const verdict = verdicts[i] as Verdict;
      const owner = op.legs[0]?.walletId ?? '';
      if (verdict.decision === 'block') {
        decisions.push(verdict);
        continue;
      }
      if (verdict.decision === 'allow') {
        if (op.activity === 'withdrawal') admitted.push(admission(op, owner, null));
        decisions.push(
          op.intent && op.activity !== 'transfer' && op.activity !== 'withdrawal'
            ? {
                decision: 'allow',
                signed: await this.signer.sign({
                  tenantId: op.tenantId,
                  activity: op.activity,
                  owner,
                  operationId: op.operationId,
                  intent: op.intent,
                  approval: null,
                }),
              }
            : verdict,
        );
        continue;
      }
      const row = await this.hold(tx, initiator, op.tenantId, verdict, {
        activity: op.activity,
        operationId: op.operationId,
        summary: summaryOf(op, facts[i]?.fiatAmounts),
      });
      if (op.activity !== 'transfer') admitted.push(admission(op, owner, row.id));
      decisions.push({
        decision: 'require_approval',
        policyIds: verdict.policyIds,
        approvalId: row.id,
      });
    }
    await admit(tx, admitted);
    return decisions;
  }

  /**
   * The window reads of the counted tenants' velocity policies, for the keys (wallets, users, the
   * tenant) that the batch's legs reach: one statement per policy and tenant.
   */
  private windowsOf(
    tenantIds: readonly string[],
    ops: readonly GovernedOperation[],
    policiesOf: (op: GovernedOperation) => readonly EvaluatedPolicy[],
    now: Date,
  ): WindowRead[] {
    const reads: WindowRead[] = [];
    for (const tenantId of tenantIds) {
      const scopes = new Map<
        string,
        { policy: EvaluatedPolicy; rule: VelocityRule; keys: Set<string> }
      >();
      for (const op of ops) {
        if (op.tenantId !== tenantId) continue;
        for (const policy of policiesOf(op)) {
          if (policy.rule.kind !== 'velocity') continue;
          const entry = scopes.get(policy.id) ?? {
            policy,
            rule: policy.rule,
            keys: new Set<string>(),
          };
          for (const leg of selectedLegs(policy, op)) entry.keys.add(scopeOf(policy.rule, leg));
          scopes.set(policy.id, entry);
        }
      }
      for (const { policy, rule, keys } of scopes.values()) {
        const since = new Date(now.getTime() - windowMs(rule.window));
        reads.push({
          policyId: policy.id,
          tenantId,
          statement: repo.windowTotalsStatement(
            { ...{}, ...policy, rule },
            tenantId,
            [...keys],
            since,
          ),
        });
      }
    }
    return reads;
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

/** What an evaluation admits of an operation that uses a key, for its decision later. */
function admission(op: GovernedOperation, owner: string, approvalId: string | null) {
  return {
    operationId: op.operationId,
    tenantId: op.tenantId,
    activity: op.activity,
    owner,
    legs: op.legs,
    intent: op.intent ?? null,
    approvalId,
  };
}
