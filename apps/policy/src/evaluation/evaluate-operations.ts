import { checkAsker } from './askers.rules';
import type pg from 'pg';
import {
  type AuthContext,
  type GovernedOperation,
  type PolicyDecision,
  type PolicyRule,
  windowMs,
} from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  type Executor,
  withPipelinedTransaction,
  withTransaction,
} from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as repo from '../approvals/approvals.repository';
import { checkBatch, summaryOf } from '../approvals/approvals.rules';
import type { ApprovalsService } from '../approvals/approvals.service';
import { OperationFacts } from '../approvals/operation-facts';
import type { DecisionSigner } from '../decisions/decision-signer';
import { admit } from '../decisions/decisions.repository';
import {
  appliesTo,
  countedLegs,
  type EvaluatedPolicy,
  evaluateInOrder,
  type Facts,
  needs,
  ownerOf,
  scopeOf,
  selectedLegs,
  statedFiatAmounts,
  type Verdict,
  VelocityTotals,
} from './evaluation.rules';

type VelocityRule = Extract<PolicyRule, { kind: 'velocity' }>;
/** One velocity policy's window read, for one tenant. */
type WindowRead = { policyId: string; tenantId: string; statement: repo.WindowTotalsStatement };

/**
 * The policies' decisions on the operations wallet-ledger is about to apply
 * (docs/decisions/policies-and-approvals.md): block, hold (a pending approval) or allow; what
 * uses a key admitted, or its signed decision given at once (docs/decisions/signing-decisions.md).
 */
export class EvaluateOperations {
  /** What identity and trading say about an operation, for the rules that ask. */
  private readonly facts: OperationFacts;

  constructor(
    private readonly db: Database,
    /** The pool behind `db`: the counting transaction is pipelined on it. */
    private readonly pool: pg.Pool,
    rpc: RpcClient,
    /** Holds what needs approval (its pending approval and event). */
    private readonly approvals: ApprovalsService,
    /** Signs the decisions that let the signer sign. */
    private readonly signer: DecisionSigner,
  ) {
    this.facts = new OperationFacts(rpc);
  }

  /**
   * The decisions on operations the caller starts, in order (the wallet's tenant governs each:
   * an admin's operation is governed as the tenant's own; an issuer's, as its tenant's), asked
   * by the app that applies them (`app`: each its own activities). Velocity windows are counted
   * under each tenant's lock, so concurrent batches cannot pass a limit together; a hold creates
   * its approval (pending, with its `approval.is-pending` event) in the same transaction.
   */
  async ask(
    app: string | undefined,
    auth: AuthContext | undefined,
    ops: readonly GovernedOperation[],
  ): Promise<PolicyDecision[]> {
    checkBatch(ops);
    return this.evaluateFor(checkAsker(app, auth, ops), ops);
  }

  /** The decisions on a v1 caller's operations on wallets, as wallet-ledger asks them. */
  async evaluate(
    auth: AuthContext | undefined,
    ops: readonly GovernedOperation[],
  ): Promise<PolicyDecision[]> {
    checkBatch(ops);
    return this.evaluateFor(requireAuth(auth), ops);
  }

  private async evaluateFor(
    initiator: AuthContext,
    ops: readonly GovernedOperation[],
  ): Promise<PolicyDecision[]> {
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
      const owner = ownerOf(op);
      if (verdict.decision === 'block') {
        decisions.push(verdict);
        continue;
      }
      const activity = op.activity;
      if (verdict.decision === 'allow') {
        if (activity === 'withdrawal') admitted.push(admission(op, owner, null));
        decisions.push(
          op.intent &&
            activity !== 'transfer' &&
            activity !== 'withdrawal' &&
            activity !== 'purchase'
            ? {
                decision: 'allow',
                signed: await this.signer.sign({
                  tenantId: op.tenantId,
                  activity,
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
      const row = await this.approvals.hold(tx, initiator, op.tenantId, verdict, {
        activity: op.activity,
        operationId: op.operationId,
        summary: summaryOf(op, facts[i]?.fiatAmounts ?? statedFiatAmounts(op)),
      });
      // What uses a key is admitted for its decision on the quorum; a transfer and a purchase
      // use none.
      if (activity !== 'transfer' && activity !== 'purchase')
        admitted.push(admission(op, owner, row.id));
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
