import type { V1Paths } from '@custody/sdk';
import type { POLICY_ACTIVITIES, RULE_KINDS } from '../shared/enums';

type CreateBody = NonNullable<
  V1Paths['/policies']['post']['requestBody']
>['content']['application/json'];
export type PolicyBody = CreateBody;
export type Rule = CreateBody['rule'];

/** The policy form's fields, all text as typed. */
export interface PolicyDraft {
  name: string;
  activity: (typeof POLICY_ACTIVITIES)[number];
  action: 'block' | 'require_approval';
  kind: (typeof RULE_KINDS)[number];
  assetId: string;
  amount: string;
  window: string;
  per: 'wallet' | 'user' | 'tenant';
  maxAmount: string;
  maxFiatAmount: string;
  maxCount: string;
  quorum: string;
  approverIds: string;
  assetIds: string;
  userIds: string;
  walletIds: string;
  enabled: boolean;
}

export const EMPTY_DRAFT: PolicyDraft = {
  name: '',
  activity: 'withdrawal',
  action: 'require_approval',
  kind: 'amount_above',
  assetId: '',
  amount: '',
  window: '24h',
  per: 'wallet',
  maxAmount: '',
  maxFiatAmount: '',
  maxCount: '',
  quorum: '1',
  approverIds: '',
  assetIds: '',
  userIds: '',
  walletIds: '',
  enabled: true,
};

const list = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

function rule(draft: PolicyDraft): Rule {
  switch (draft.kind) {
    case 'amount_above':
      return { kind: 'amount_above', assetId: draft.assetId.trim(), amount: draft.amount.trim() };
    case 'fiat_amount_above':
      return { kind: 'fiat_amount_above', amount: draft.amount.trim() };
    case 'velocity':
      return {
        kind: 'velocity',
        window: draft.window.trim() as `${number}${'m' | 'h' | 'd'}`,
        per: draft.per,
        ...(draft.assetId.trim() ? { assetId: draft.assetId.trim() } : {}),
        ...(draft.maxAmount.trim() ? { maxAmount: draft.maxAmount.trim() } : {}),
        ...(draft.maxFiatAmount.trim() ? { maxFiatAmount: draft.maxFiatAmount.trim() } : {}),
        // A count the API refuses stays a refusal (validation_failed names it), not a guess.
        ...(draft.maxCount.trim() ? { maxCount: Number(draft.maxCount.trim()) } : {}),
      };
    case 'destination_not_whitelisted':
      return { kind: 'destination_not_whitelisted' };
    case 'always':
      return { kind: 'always' };
  }
}

/** The request body the form describes; the API validates it. */
export function policyBody(draft: PolicyDraft): PolicyBody {
  const approvers = list(draft.approverIds);
  const filters = {
    ...(list(draft.assetIds).length ? { assetIds: list(draft.assetIds) } : {}),
    ...(list(draft.userIds).length ? { userIds: list(draft.userIds) } : {}),
    ...(list(draft.walletIds).length ? { walletIds: list(draft.walletIds) } : {}),
  };
  return {
    name: draft.name.trim(),
    activity: draft.activity,
    action: draft.action,
    rule: rule(draft),
    ...(draft.action === 'require_approval'
      ? {
          approvers: {
            quorum: Number(draft.quorum),
            ...(approvers.length ? { clientIds: approvers } : {}),
          },
        }
      : {}),
    ...(Object.keys(filters).length ? { filters } : {}),
    enabled: draft.enabled,
  };
}

type Policy = V1Paths['/policies/{policy}']['get']['responses'][200]['content']['application/json'];

/** The form filled from a policy, to edit it. */
export function draftOf(policy: Policy): PolicyDraft {
  const r = policy.rule;
  return {
    ...EMPTY_DRAFT,
    name: policy.name,
    activity: policy.activity,
    action: policy.action,
    kind: r.kind,
    assetId: 'assetId' in r && r.assetId ? r.assetId : '',
    amount: 'amount' in r ? r.amount : '',
    window: r.kind === 'velocity' ? r.window : EMPTY_DRAFT.window,
    per: r.kind === 'velocity' ? r.per : EMPTY_DRAFT.per,
    maxAmount: r.kind === 'velocity' ? (r.maxAmount ?? '') : '',
    maxFiatAmount: r.kind === 'velocity' ? (r.maxFiatAmount ?? '') : '',
    maxCount: r.kind === 'velocity' && r.maxCount !== undefined ? String(r.maxCount) : '',
    quorum: String(policy.approvers?.quorum ?? 1),
    approverIds: (policy.approvers?.clientIds ?? []).join(', '),
    assetIds: (policy.filters?.assetIds ?? []).join(', '),
    userIds: (policy.filters?.userIds ?? []).join(', '),
    walletIds: (policy.filters?.walletIds ?? []).join(', '),
    enabled: policy.enabled,
  };
}
