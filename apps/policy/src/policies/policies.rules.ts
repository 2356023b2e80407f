import type { PolicyInput, PolicyPatch, PolicyView } from '@custody/contracts';
import { Errors } from '@custody/errors';

/**
 * Signatures that move nothing: only counts and `always` can describe them (typed data moves
 * what a token authorization grants, weighed by the policies that allow them).
 */
const NOTHING_MOVED: ReadonlySet<PolicyInput['activity']> = new Set([
  'sign-message',
  'sign-typed-data',
]);

/**
 * What has an outside destination: a withdrawal, a raw transaction's `to` (and a token
 * authorization's spender, for the policies that allow them).
 */
const HAS_DESTINATION: ReadonlySet<PolicyInput['activity']> = new Set([
  'withdrawal',
  'sign-tx',
  'any',
]);

/**
 * The checks of a policy that span fields (the gateway checked each field's shape): approvers
 * come with `require_approval` only, can reach their quorum, and a velocity rule has a limit.
 */
export function checkPolicy(
  policy: Pick<
    PolicyInput,
    'action' | 'activity' | 'approvers' | 'filters' | 'rule' | 'allowTokenAuthorizations'
  >,
  eligibleApprovers: readonly string[],
): void {
  if (policy.action === 'require_approval' && !policy.approvers)
    throw Errors.badRequest(
      'A policy that requires approval names its approvers.',
      'approvers_required',
    );
  if (policy.action === 'block' && policy.approvers)
    throw Errors.badRequest('A blocking policy has no approvers.', 'approvers_not_allowed');
  if (policy.approvers) {
    const named = policy.approvers.clientIds;
    const stranger = named?.find((id) => !eligibleApprovers.includes(id));
    if (stranger !== undefined)
      throw Errors.badRequest(
        `Client ${stranger} cannot decide on approvals: it is not a live client of this tenant with the scope approvals:decide (or no scopes).`,
        'approver_not_eligible',
      );
    const available = named ? new Set(named).size : eligibleApprovers.length;
    if (policy.approvers.quorum > available)
      throw Errors.badRequest(
        `A quorum of ${policy.approvers.quorum} needs as many eligible approvers; there are ${available}.`,
        'quorum_unreachable',
      );
  }
  const allowsAuthorizations = policy.allowTokenAuthorizations === true;
  if (allowsAuthorizations && policy.activity !== 'sign-typed-data')
    throw Errors.badRequest(
      'Only a sign-typed-data policy allows token authorizations.',
      'rule_not_applicable',
    );
  const rule = policy.rule;
  if (
    rule.kind === 'destination_not_whitelisted' &&
    !HAS_DESTINATION.has(policy.activity) &&
    !allowsAuthorizations
  )
    throw Errors.badRequest(
      `A ${policy.activity} has no outside destination: the rule destination_not_whitelisted never applies to it.`,
      'rule_not_applicable',
    );
  const weighsAmounts =
    rule.kind === 'amount_above' ||
    rule.kind === 'fiat_amount_above' ||
    (rule.kind === 'velocity' && rule.maxCount === undefined);
  if (NOTHING_MOVED.has(policy.activity) && weighsAmounts && !allowsAuthorizations)
    throw Errors.badRequest(
      `A ${policy.activity} moves no amount (typed data does where its policy allows token authorizations): use always, or a velocity rule with maxCount.`,
      'rule_not_applicable',
    );
  // A change of the policies has no wallet, asset or amount: only `always` can describe it.
  if (policy.activity === 'policy-change' && (policy.rule.kind !== 'always' || policy.filters))
    throw Errors.badRequest(
      'A policy-change policy has the rule {"kind": "always"} and no filters.',
      'rule_not_applicable',
    );
  // Blocking every change would lock the policies for good, this one included: changes wait
  // for approvers instead.
  if (policy.activity === 'policy-change' && policy.action === 'block')
    throw Errors.badRequest(
      'A policy-change policy requires approval; it cannot block.',
      'action_not_applicable',
    );
  if (policy.rule.kind === 'velocity') {
    const { maxAmount, maxFiatAmount, maxCount, assetId } = policy.rule;
    if (maxAmount === undefined && maxFiatAmount === undefined && maxCount === undefined)
      throw Errors.badRequest(
        'A velocity rule sets maxAmount, maxFiatAmount or maxCount.',
        'velocity_limit_required',
      );
    if (maxAmount !== undefined && assetId === undefined)
      throw Errors.badRequest(
        'A velocity rule with maxAmount names its assetId.',
        'asset_required',
      );
  }
}

/** A policy as it would be after a patch (the service checks the whole of it again). */
export function patched(current: PolicyView, patch: PolicyPatch): PolicyInput {
  const action = patch.action ?? current.action;
  const approvers =
    patch.approvers !== undefined
      ? patch.approvers
      : action === 'block'
        ? undefined
        : (current.approvers ?? undefined);
  // `null` removes the filters; absent keeps them.
  const filters =
    patch.filters === null ? undefined : (patch.filters ?? current.filters ?? undefined);
  const allowsAuthorizations = patch.allowTokenAuthorizations ?? current.allowTokenAuthorizations;
  return {
    name: patch.name ?? current.name,
    activity: patch.activity ?? current.activity,
    rule: patch.rule ?? current.rule,
    action,
    ...(approvers ? { approvers } : {}),
    ...(filters ? { filters } : {}),
    enabled: patch.enabled ?? current.enabled,
    ...(allowsAuthorizations ? { allowTokenAuthorizations: true } : {}),
  };
}
