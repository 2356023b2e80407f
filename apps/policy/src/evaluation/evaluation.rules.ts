import {
  type ApprovalRequirement,
  type GovernedOperation,
  MAX_CITED_POLICIES,
  type PolicyRule,
  windowMs,
} from '@custody/contracts';
import { add, compare } from '@custody/money';
import type { PolicyRow } from '../schema';

/** A policy as evaluation reads it. */
export type EvaluatedPolicy = Pick<
  PolicyRow,
  'id' | 'tenantId' | 'activity' | 'rule' | 'action' | 'approvers' | 'filters' | 'createdAt'
>;

/** What is evaluated: an operation on a wallet, or a change of the policies themselves. */
export type Evaluated = GovernedOperation | { activity: 'policy-change' };

/** What an operation's evaluation decided, before any approval is recorded. */
export type Verdict =
  | { decision: 'allow' }
  | { decision: 'block'; policyIds: string[] }
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

/** What the rules read besides the operation: each read only when a policy needs it. */
export interface Facts {
  /** The operations counted in the velocity windows (`VelocityUsage`). */
  usage: VelocityUsage;
  /** Whether the destination is on the wallet's whitelist, travel-rule verified. */
  destinationVerified?: boolean;
  /** The operation's value in the service's fiat currency at trading's fresh rate. */
  fiatAmount?: string;
  now: Date;
}

const NO_FACTS: Facts = { usage: [], now: new Date(0) };

/** An operation counted in a velocity window (see `VelocityUsage`). */
export interface CountedOperation {
  userId: string;
  walletId: string;
  assetId: string;
  amount: string;
  createdAt: Date;
}

/** The operations of the activity counted in the windows, read under the tenant's lock. */
export type VelocityUsage = readonly CountedOperation[];

/**
 * Whether the operation would take its window's count or amount over the rule's limit: the
 * operations of the same wallet, user or tenant (`per`) counted since `now − window`, plus this
 * one. A fiat limit needs rates this service does not read yet: it matches (fail closed).
 */
export function velocityExceeded(
  rule: Extract<PolicyRule, { kind: 'velocity' }>,
  op: GovernedOperation,
  usage: VelocityUsage,
  now: Date,
): boolean {
  if (rule.maxFiatAmount !== undefined) return true;
  const since = now.getTime() - windowMs(rule.window);
  const same = usage.filter(
    (u) =>
      u.createdAt.getTime() > since &&
      (rule.per === 'tenant' ||
        (rule.per === 'user' ? u.userId === op.userId : u.walletId === op.walletId)),
  );
  if (rule.maxCount !== undefined && same.length + 1 > rule.maxCount) return true;
  if (rule.maxAmount !== undefined && rule.assetId === op.assetId) {
    const total = same
      .filter((u) => u.assetId === rule.assetId)
      .reduce((sum, u) => add(sum, u.amount), op.amount);
    if (compare(total, rule.maxAmount) > 0) return true;
  }
  return false;
}

function appliesTo(policy: EvaluatedPolicy, op: Evaluated): boolean {
  // `any` is every operation on a wallet; the policies' own changes are governed by name only.
  if (op.activity === 'policy-change') return policy.activity === 'policy-change';
  if (policy.activity !== op.activity && policy.activity !== 'any') return false;
  const filters = policy.filters;
  if (filters?.assetIds && !filters.assetIds.includes(op.assetId)) return false;
  if (filters?.userIds && !filters.userIds.includes(op.userId)) return false;
  if (filters?.walletIds && !filters.walletIds.includes(op.walletId)) return false;
  return true;
}

/** Whether a policy of this rule kind may govern the operation: its facts must then be read. */
export function needs(
  policies: readonly EvaluatedPolicy[],
  op: Evaluated,
  kind: PolicyRule['kind'],
): boolean {
  return policies.some((p) => p.rule.kind === kind && appliesTo(p, op));
}

/** Whether a policy's rule matches the operation (fail closed where it cannot tell). */
export function ruleMatches(rule: PolicyRule, op: Evaluated, facts: Facts = NO_FACTS): boolean {
  switch (rule.kind) {
    case 'velocity':
      // No wallet, asset or amount to count in a change of the policies (nor allowed there).
      return op.activity !== 'policy-change' && velocityExceeded(rule, op, facts.usage, facts.now);
    case 'destination_not_whitelisted':
      // Unknown (not read, or no destination): matches, fail closed.
      return facts.destinationVerified !== true;
    case 'always':
      return true;
    case 'amount_above':
      if (op.activity === 'policy-change') return false;
      return rule.assetId === op.assetId && compare(op.amount, rule.amount) > 0;
    case 'fiat_amount_above':
      // No fresh rate (or trading unreachable): matches, fail closed.
      if (op.activity === 'policy-change') return false;
      return facts.fiatAmount === undefined || compare(facts.fiatAmount, rule.amount) > 0;
  }
}

/**
 * Every enabled policy whose activity and filters fit is evaluated: a matching `block` refuses
 * the operation; otherwise a matching `require_approval` holds it; otherwise it runs.
 */
export function evaluate(
  policies: readonly EvaluatedPolicy[],
  op: Evaluated,
  facts: Facts = NO_FACTS,
): Verdict {
  const matching = policies.filter((p) => appliesTo(p, op) && ruleMatches(p.rule, op, facts));
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
    })),
  };
}
