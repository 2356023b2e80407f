import { type GovernedOperation, MAX_CITED_POLICIES, type PolicyRule } from '@custody/contracts';
import { compare } from '@custody/money';
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
    };

/**
 * Rule kinds whose data this service does not read yet (rates, velocity windows, whitelists):
 * they match, so that a policy that cannot be evaluated holds or refuses, never lets through.
 */
const FAIL_CLOSED: ReadonlySet<PolicyRule['kind']> = new Set([
  'fiat_amount_above',
  'velocity',
  'destination_not_whitelisted',
]);

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

/** Whether a policy's rule matches the operation (fail closed where it cannot tell). */
export function ruleMatches(rule: PolicyRule, op: Evaluated): boolean {
  switch (rule.kind) {
    case 'always':
      return true;
    case 'amount_above':
      if (op.activity === 'policy-change') return false;
      return rule.assetId === op.assetId && compare(op.amount, rule.amount) > 0;
    default:
      return FAIL_CLOSED.has(rule.kind);
  }
}

/**
 * Every enabled policy whose activity and filters fit is evaluated: a matching `block` refuses
 * the operation; otherwise a matching `require_approval` holds it; otherwise it runs.
 */
export function evaluate(policies: readonly EvaluatedPolicy[], op: Evaluated): Verdict {
  const matching = policies.filter((p) => appliesTo(p, op) && ruleMatches(p.rule, op));
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
  };
}
