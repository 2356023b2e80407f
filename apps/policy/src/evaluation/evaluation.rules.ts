import {
  type ApprovalRequirement,
  type GovernedLeg,
  type GovernedOperation,
  governingActivities,
  issuerKeyOwner,
  MAX_CITED_POLICIES,
  type PolicyRule,
} from '@custody/contracts';
import { add, compare, isZero } from '@custody/money';
import type { PolicyRow } from '../schema';

/** A policy as evaluation reads it. */
export type EvaluatedPolicy = Pick<
  PolicyRow,
  | 'id'
  | 'tenantId'
  | 'activity'
  | 'rule'
  | 'action'
  | 'approvers'
  | 'filters'
  | 'allowTokenAuthorizations'
  | 'createdAt'
>;

/** What is evaluated: an operation on wallets, or a change of the policies themselves. */
export type Evaluated = GovernedOperation | { activity: 'policy-change' };

type VelocityRule = Extract<PolicyRule, { kind: 'velocity' }>;

/** What the rules read besides the operation: each read only when a policy needs it. */
export interface Facts {
  /** Per leg (in the operation's order): its destination whitelisted and travel-rule verified. */
  destinationVerified?: readonly (boolean | undefined)[];
  /** Per leg: its value in the service's fiat currency at trading's fresh rate (none: unknown). */
  fiatAmounts?: readonly (string | undefined)[];
  /** What the velocity windows hold before this operation. */
  velocity?: VelocityTotals;
}

/** An operation that reaches a velocity window: its count and its amount of the rule's asset. */
export interface WindowTotal {
  count: number;
  amount: string;
}

/**
 * The velocity windows' totals, per policy, tenant and key (the wallet, the user, or `*` for the
 * tenant), as the service read them under the tenant's lock; `record` adds an operation that
 * runs or waits, so the next one of a batch sees it.
 */
export class VelocityTotals {
  private readonly totals = new Map<string, WindowTotal>();

  static key(policyId: string, tenantId: string, scope: string): string {
    return `${policyId}\u0000${tenantId}\u0000${scope}`;
  }

  get(policyId: string, tenantId: string, scope: string): WindowTotal {
    return (
      this.totals.get(VelocityTotals.key(policyId, tenantId, scope)) ?? { count: 0, amount: '0' }
    );
  }

  set(policyId: string, tenantId: string, scope: string, total: WindowTotal): void {
    this.totals.set(VelocityTotals.key(policyId, tenantId, scope), total);
  }

  /** Counts an operation that runs or waits in every velocity window it reaches. */
  record(policies: readonly EvaluatedPolicy[], op: GovernedOperation): void {
    for (const policy of policies) {
      if (policy.rule.kind !== 'velocity' || !appliesTo(policy, op)) continue;
      const rule = policy.rule;
      for (const [scope, legs] of byScope(rule, selectedLegs(policy, op))) {
        const before = this.get(policy.id, op.tenantId, scope);
        this.set(policy.id, op.tenantId, scope, {
          count: before.count + 1,
          amount: add(before.amount, amountOf(legs, rule.assetId)),
        });
      }
    }
  }
}

/** The window's key of a leg: its wallet, its user, or the tenant as a whole. */
export function scopeOf(rule: Pick<VelocityRule, 'per'>, leg: GovernedLeg): string {
  return rule.per === 'tenant' ? '*' : rule.per === 'user' ? leg.userId : leg.walletId;
}

function byScope(rule: VelocityRule, legs: readonly GovernedLeg[]): Map<string, GovernedLeg[]> {
  const groups = new Map<string, GovernedLeg[]>();
  for (const leg of legs) {
    const scope = scopeOf(rule, leg);
    groups.set(scope, [...(groups.get(scope) ?? []), leg]);
  }
  return groups;
}

/**
 * A token authorization's leg that an amount limit in `assetId` cannot weigh: unlimited, or
 * granting another asset (a token outside the catalog included). It matches: fail closed.
 */
function unweighable(leg: GovernedLeg, assetId: string | undefined): boolean {
  const grant = leg.tokenAuthorization;
  if (!grant) return false;
  return !grant.bounded || (leg.assetId !== assetId && !isZero(leg.amount));
}

function amountOf(legs: readonly GovernedLeg[], assetId: string | undefined): string {
  return legs
    .filter((leg) => assetId !== undefined && leg.assetId === assetId)
    .reduce((total, leg) => add(total, leg.amount), '0');
}

/**
 * Whether the operation would take a window over the rule's limit: per wallet, user or tenant
 * that its legs reach, the operations counted there (`totals`), plus this one. A fiat limit
 * needs the rates of past operations, which are not kept: it matches (fail closed).
 */
export function velocityExceeded(
  policy: EvaluatedPolicy & { rule: VelocityRule },
  op: GovernedOperation,
  totals: VelocityTotals,
): boolean {
  const rule = policy.rule;
  if (rule.maxFiatAmount !== undefined) return true;
  const selected = selectedLegs(policy, op);
  if (rule.maxAmount !== undefined && selected.some((leg) => unweighable(leg, rule.assetId)))
    return true;
  for (const [scope, legs] of byScope(rule, selected)) {
    const before = totals.get(policy.id, op.tenantId, scope);
    if (rule.maxCount !== undefined && before.count + 1 > rule.maxCount) return true;
    const moved = amountOf(legs, rule.assetId);
    if (rule.maxAmount !== undefined && !isZero(moved)) {
      if (compare(add(before.amount, moved), rule.maxAmount) > 0) return true;
    }
  }
  return false;
}

/** The legs a policy's filters select (all of them without filters). */
export function selectedLegs(policy: EvaluatedPolicy, op: GovernedOperation): GovernedLeg[] {
  const filters = policy.filters;
  return op.legs.filter(
    (leg) =>
      (!filters?.assetIds || filters.assetIds.includes(leg.assetId)) &&
      (!filters?.userIds || filters.userIds.includes(leg.userId)) &&
      (!filters?.walletIds || filters.walletIds.includes(leg.walletId)),
  );
}

/** Whether a policy governs the operation: its activity, and a leg its filters select. */
export function appliesTo(policy: EvaluatedPolicy, op: Evaluated): boolean {
  // `any` is every operation on wallets (a purchase's too); the policies' own changes and an
  // issuer's signatures, on no wallet, are governed by name only.
  if (op.activity === 'policy-change') return policy.activity === 'policy-change';
  if (op.activity === 'issuer-activity' && policy.activity !== 'issuer-activity') return false;
  const activities: readonly string[] = governingActivities(op);
  if (policy.activity !== 'any' && !activities.includes(policy.activity)) return false;
  return selectedLegs(policy, op).length > 0;
}

/** Whether a policy of this rule kind may govern the operation: its facts must then be read. */
export function needs(
  policies: readonly EvaluatedPolicy[],
  op: Evaluated,
  kind: PolicyRule['kind'],
): boolean {
  return policies.some((p) => p.rule.kind === kind && appliesTo(p, op));
}

/** What leaves custody for an outside address: a withdrawal, a raw transaction's `to`. */
const EXTERNAL_DESTINATIONS: ReadonlySet<string> = new Set(['withdrawal', 'sign-tx']);

/**
 * What has no outside destination whatever its legs say: a purchase (the treasury and the
 * wallet), an issuer's signature (its grants go to holders, whom no wallet's whitelist names).
 */
const NO_DESTINATION: ReadonlySet<string> = new Set(['purchase', 'issuer-activity']);

/** Whether a leg goes to an outside address: its operation's, or a token authorization's spender. */
function goesOutside(op: GovernedOperation, leg: GovernedLeg): boolean {
  if (NO_DESTINATION.has(op.activity)) return false;
  return EXTERNAL_DESTINATIONS.has(op.activity) || leg.tokenAuthorization !== undefined;
}

/** Whether a policy's rule matches the operation (fail closed where it cannot tell). */
export function ruleMatches(policy: EvaluatedPolicy, op: Evaluated, facts: Facts = {}): boolean {
  const rule = policy.rule;
  if (op.activity === 'policy-change') return rule.kind === 'always';
  const legs = selectedLegs(policy, op);
  const at = (leg: GovernedLeg) => op.legs.indexOf(leg);
  switch (rule.kind) {
    case 'always':
      return true;
    case 'velocity':
      return velocityExceeded(
        { ...{}, ...policy, rule },
        op,
        facts.velocity ?? new VelocityTotals(),
      );
    case 'destination_not_whitelisted':
      // Moves between custody wallets (transfers) and signatures without a chain transaction
      // have no outside destination, but a token authorization's spender is one. Elsewhere an
      // unknown one (not read, none) matches.
      return legs.some(
        (leg) => goesOutside(op, leg) && facts.destinationVerified?.[at(leg)] !== true,
      );
    case 'amount_above':
      return (
        legs.some((leg) => unweighable(leg, rule.assetId)) ||
        compare(amountOf(legs, rule.assetId), rule.amount) > 0
      );
    case 'fiat_amount_above': {
      let total = '0';
      for (const leg of legs) {
        if (leg.tokenAuthorization?.bounded === false) return true;
        if (isZero(leg.amount)) continue;
        const fiat = facts.fiatAmounts?.[at(leg)];
        // No fresh rate (or trading unreachable): matches, fail closed.
        if (fiat === undefined) return true;
        total = add(total, fiat);
      }
      return compare(total, rule.amount) > 0;
    }
  }
}

/** What an operation's evaluation decided, before any approval is recorded. */
export type Verdict =
  | { decision: 'allow' }
  | { decision: 'block'; policyIds: string[]; refusal?: 'token_authorization_refused' }
  | {
      decision: 'require_approval';
      /** The holding policies, at most MAX_CITED_POLICIES: the governing one always among them. */
      policyIds: string[];
      /** The governing policy: the largest quorum (the first created on a tie). */
      quorum: number;
      approverIds: string[] | null;
      platform: boolean;
      /** Every cited holding policy's own quorum and approvers: all must be met. */
      requirements: ApprovalRequirement[];
    };

/**
 * Every enabled policy whose activity and filters fit is evaluated: a matching `block` refuses
 * the operation; otherwise a matching `require_approval` holds it; otherwise it runs.
 */
export function evaluate(
  policies: readonly EvaluatedPolicy[],
  op: Evaluated,
  facts: Facts = {},
): Verdict {
  if (op.activity !== 'policy-change' && !authorizationsAllowed(policies, op))
    return { decision: 'block', policyIds: [], refusal: 'token_authorization_refused' };
  const matching = policies.filter((p) => appliesTo(p, op) && ruleMatches(p, op, facts));
  const blocking = matching.filter((p) => p.action === 'block');
  if (blocking.length > 0) return { decision: 'block', policyIds: blocking.map((p) => p.id) };
  const holding = matching.filter((p) => p.action === 'require_approval' && p.approvers);
  if (holding.length === 0) return { decision: 'allow' };
  const governing = [...holding].sort(
    (a, b) =>
      (b.approvers?.quorum ?? 0) - (a.approvers?.quorum ?? 0) ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  )[0] as EvaluatedPolicy;
  // The governing policy, and the others in their order up to MAX_CITED_POLICIES in all.
  let others = MAX_CITED_POLICIES - 1;
  const cited = holding.filter((p) => p === governing || others-- > 0);
  return {
    decision: 'require_approval',
    policyIds: cited.map((p) => p.id),
    quorum: governing.approvers?.quorum ?? 1,
    approverIds: governing.approvers?.clientIds ?? null,
    platform: governing.tenantId === null,
    requirements: cited.map((p) => ({
      policyId: p.id,
      quorum: p.approvers?.quorum ?? 1,
      approverIds: p.approvers?.clientIds ?? null,
      platform: p.tenantId === null,
      // Absent: the deployment's default, fixed when the approval is held (approvals.service).
      ...(p.approvers?.signed !== undefined ? { signed: p.approvers.signed } : {}),
    })),
  };
}

/**
 * Whether each token authorization among the operation's legs is allowed: selected by an enabled
 * `sign-typed-data` policy that allows token authorizations. Without one it is refused, as
 * before policies could allow them; an operation without such legs needs none.
 */
export function authorizationsAllowed(
  policies: readonly EvaluatedPolicy[],
  op: GovernedOperation,
): boolean {
  // An issuer's grants (a mint voucher, say) are what its activities are for: weighed by the
  // issuer-activity policies, never refused as a wallet's token authorization is.
  if (op.activity === 'issuer-activity') return true;
  const authorizations = op.legs.filter((leg) => leg.tokenAuthorization !== undefined);
  if (authorizations.length === 0) return true;
  const allowing = policies.filter(
    (p) => p.allowTokenAuthorizations && p.activity === 'sign-typed-data' && appliesTo(p, op),
  );
  return authorizations.every((leg) => allowing.some((p) => selectedLegs(p, op).includes(leg)));
}

/**
 * A batch's operations in order, each against the windows the ones before it left: what runs
 * or waits is counted before the next is decided, so a batch cannot pass a limit together.
 */
export function evaluateInOrder(
  policiesOf: (op: GovernedOperation) => readonly EvaluatedPolicy[],
  ops: readonly GovernedOperation[],
  factsOf: (op: GovernedOperation, index: number) => Omit<Facts, 'velocity'>,
  totals: VelocityTotals,
): Verdict[] {
  return ops.map((op, index) => {
    const policies = policiesOf(op);
    const verdict = evaluate(policies, op, { ...{}, ...factsOf(op, index), velocity: totals });
    if (verdict.decision !== 'block') totals.record(policies, op);
    return verdict;
  });
}

/**
 * The legs that count towards the velocity windows: those of every operation that runs or waits
 * (not blocked) where a velocity policy counts it (`counts`, by index), one row per leg.
 */
export function countedLegs(
  ops: readonly GovernedOperation[],
  verdicts: readonly Verdict[],
  counts: readonly boolean[],
) {
  return ops.flatMap((op, i) =>
    verdicts[i]?.decision === 'block' || !counts[i]
      ? []
      : op.legs.map((leg, n) => ({
          operationId: op.operationId,
          leg: n,
          tenantId: op.tenantId,
          activity: op.activity,
          userId: leg.userId,
          walletId: leg.walletId,
          assetId: leg.assetId,
          amount: leg.amount,
        })),
  );
}

/**
 * The key an operation's signature is made with, which its decision names: the issuer's for an
 * issuer activity (its legs name the issuer), else the first leg's wallet.
 */
export function ownerOf(op: GovernedOperation): string {
  const leg = op.legs[0];
  if (!leg) return '';
  return op.activity === 'issuer-activity' ? issuerKeyOwner(leg.userId) : leg.walletId;
}

/** The legs' values as the operation states them (a purchase's), when every leg states one. */
export function statedFiatAmounts(op: GovernedOperation): string[] | undefined {
  const stated = op.legs.map((leg) => leg.fiatAmount);
  return stated.every((f): f is string => f !== undefined) ? stated : undefined;
}
