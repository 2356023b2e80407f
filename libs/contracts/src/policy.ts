import type { ListQuery, ListResult, RpcSpec } from './rpc';

/** The policy service's RPC methods (policies and approvals). Wire names: add, never rename. */
export const POLICY_RPC = {
  createPolicy: 'policies.create',
  listPolicies: 'policies.list',
  getPolicy: 'policies.get',
  updatePolicy: 'policies.update',
  deletePolicy: 'policies.delete',
} as const;

/** What a policy governs; `policy-change` governs the tenant's policies themselves. */
export const POLICY_ACTIVITIES = [
  'withdrawal',
  'transfer',
  'sign-tx',
  'sign-message',
  'sign-typed-data',
  'policy-change',
  'any',
] as const;
export type PolicyActivity = (typeof POLICY_ACTIVITIES)[number];

export const POLICY_ACTIONS = ['block', 'require_approval'] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** A velocity window: a count and a unit (`1h`, `24h`, `7d`, `30m`). */
export type VelocityWindow = `${number}${'m' | 'h' | 'd'}`;

export type PolicyRule =
  | { kind: 'amount_above'; assetId: string; amount: string }
  | { kind: 'fiat_amount_above'; amount: string }
  | {
      kind: 'velocity';
      window: VelocityWindow;
      per: 'wallet' | 'user' | 'tenant';
      assetId?: string;
      maxAmount?: string;
      maxFiatAmount?: string;
      maxCount?: number;
    }
  | { kind: 'destination_not_whitelisted' }
  | { kind: 'always' };

export interface PolicyApprovers {
  quorum: number;
  clientIds?: string[];
}

export interface PolicyFilters {
  assetIds?: string[];
  userIds?: string[];
  walletIds?: string[];
}

export interface PolicyInput {
  name: string;
  activity: PolicyActivity;
  rule: PolicyRule;
  action: PolicyAction;
  approvers?: PolicyApprovers;
  filters?: PolicyFilters;
  enabled?: boolean;
}

export interface PolicyView {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** The tenant it applies to; null: a platform policy (an admin's), applied to every tenant. */
  tenantId: string | null;
  name: string;
  activity: PolicyActivity;
  rule: PolicyRule;
  action: PolicyAction;
  approvers: PolicyApprovers | null;
  filters: PolicyFilters | null;
  enabled: boolean;
}

export interface PolicyListFilters {
  activity?: PolicyActivity;
  enabled?: boolean;
}

export interface PolicyRpc {
  [POLICY_RPC.createPolicy]: RpcSpec<PolicyInput, { id: string }>;
  [POLICY_RPC.listPolicies]: RpcSpec<
    { list: ListQuery; filters: PolicyListFilters },
    ListResult<PolicyView>
  >;
  [POLICY_RPC.getPolicy]: RpcSpec<{ id: string }, PolicyView>;
  [POLICY_RPC.updatePolicy]: RpcSpec<{ id: string; patch: Partial<PolicyInput> }, PolicyView>;
  [POLICY_RPC.deletePolicy]: RpcSpec<{ id: string }, { id: string }>;
}
