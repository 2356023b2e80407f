import type { ListQuery, ListResult, RpcSpec } from './rpc';

/** The policy service's RPC methods (policies and approvals). Wire names: add, never rename. */
export const POLICY_RPC = {
  createPolicy: 'policies.create',
  listPolicies: 'policies.list',
  getPolicy: 'policies.get',
  updatePolicy: 'policies.update',
  deletePolicy: 'policies.delete',
  /**
   * Internal, wallet-ledger only: the decision on an operation before it is applied (and, when
   * it needs approval, its approval, created pending).
   */
  evaluate: 'policies.evaluate',
  /** Internal, wallet-ledger only: an approval whose operation was not created after all. */
  cancelApproval: 'approvals.cancel',
  listApprovals: 'approvals.list',
  getApproval: 'approvals.get',
  decide: 'approvals.decide',
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

/** The longest velocity window: what the policy service keeps of past operations. */
export const MAX_VELOCITY_WINDOW_MS = 90 * 86_400_000;

const WINDOW_UNITS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A velocity window's length in milliseconds (`24h` → 86,400,000; 0 for no unit). */
export function windowMs(window: string): number {
  const unit = WINDOW_UNITS[window.slice(-1) as keyof typeof WINDOW_UNITS] ?? 0;
  return Number(window.slice(0, -1)) * unit;
}

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

/** A policy's largest quorum. An approval's decisions stop at its quorum or its first rejection. */
export const MAX_QUORUM = 100;

/**
 * The most policies an approval cites (`policyIds`): the governing one, and the other matching
 * `require_approval` policies up to this many in all.
 */
export const MAX_CITED_POLICIES = 100;

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

/** The operation a policy decision is asked for (its amounts in the asset's units). */
export interface GovernedOperation {
  activity: Exclude<PolicyActivity, 'any' | 'policy-change'>;
  /** The id the operation will have: its approval names it. */
  operationId: string;
  /** The tenant whose wallet it is (an admin's operation is governed as the tenant's). */
  tenantId: string;
  userId: string;
  walletId: string;
  assetId: string;
  amount: string;
  /** A withdrawal's receiver address, a transaction's `to`. */
  destination?: string;
}

/** What an approval holds: an operation on a wallet, or a change of the policies themselves. */
export type ApprovalActivity = GovernedOperation['activity'] | 'policy-change';

/** A change of a policy that a `policy-change` policy holds until its approval's quorum. */
export interface PolicyChangeSummary {
  kind: 'create' | 'update' | 'delete';
  /** The policy changed (for `create`, the id it will have). */
  policyId: string;
  /** Its name after the change (for `delete`, its current name). */
  name: string;
  /** The policy as it is (null for `create`) and as the change would make it (null for `delete`). */
  before: PolicyInput | null;
  after: PolicyInput | null;
}

/** A write of a policy: done at once, or held for approval (`approvalId`, HTTP 202). */
export interface HeldChange {
  id: string;
  approvalId?: string;
}

export type PolicyDecision =
  | { decision: 'allow' }
  | { decision: 'block'; policyIds: string[] }
  | { decision: 'require_approval'; policyIds: string[]; approvalId: string };

export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'expired',
  'cancelled',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** One holding policy's condition for an approval: all must be met. */
export interface ApprovalRequirement {
  policyId: string;
  quorum: number;
  /** The approvers it names; null: any eligible client of its side. */
  approverIds: string[] | null;
  /** A platform policy's: admins decide; otherwise the tenant's clients. */
  platform: boolean;
}

export interface ApprovalDecisionView {
  clientId: string;
  decision: 'approve' | 'reject';
  reason: string | null;
  createdAt: string;
}

export interface ApprovalView {
  id: string;
  createdAt: string;
  updatedAt: string;
  status: ApprovalStatus;
  activity: ApprovalActivity;
  /** The withdrawal, transfer or signature held; for a policy change, the change's id. */
  operationId: string;
  initiator: { clientId: string };
  policyIds: string[];
  /** The largest quorum among the requirements. */
  quorum: number;
  /** Each holding policy's quorum and approvers: the approval needs them all. */
  requirements: ApprovalRequirement[];
  decisions: ApprovalDecisionView[];
  expiresAt: string;
  /** The operation's wallet, asset and amount (null for a policy change). */
  summary: {
    userId: string | null;
    walletId: string | null;
    assetId: string | null;
    amount: string | null;
    fiatAmount: string | null;
    destination: string | null;
    policyChange?: PolicyChangeSummary;
  };
}

export interface ApprovalListFilters {
  status?: ApprovalStatus;
  activity?: ApprovalActivity;
}

export interface DecisionInput {
  decision: 'approve' | 'reject';
  reason?: string;
}

export interface PolicyRpc {
  [POLICY_RPC.createPolicy]: RpcSpec<PolicyInput, HeldChange>;
  [POLICY_RPC.listPolicies]: RpcSpec<
    { list: ListQuery; filters: PolicyListFilters },
    ListResult<PolicyView>
  >;
  [POLICY_RPC.getPolicy]: RpcSpec<{ id: string }, PolicyView>;
  /** The changed policy; held for approval, the policy as it still is, with `approvalId`. */
  [POLICY_RPC.updatePolicy]: RpcSpec<
    { id: string; patch: Partial<PolicyInput> },
    PolicyView & { approvalId?: string }
  >;
  [POLICY_RPC.deletePolicy]: RpcSpec<{ id: string }, HeldChange>;
  [POLICY_RPC.evaluate]: RpcSpec<GovernedOperation, PolicyDecision>;
  [POLICY_RPC.cancelApproval]: RpcSpec<{ id: string }, { id: string }>;
  [POLICY_RPC.listApprovals]: RpcSpec<
    { list: ListQuery; filters: ApprovalListFilters },
    ListResult<ApprovalView>
  >;
  [POLICY_RPC.getApproval]: RpcSpec<{ id: string }, ApprovalView>;
  [POLICY_RPC.decide]: RpcSpec<{ id: string; input: DecisionInput }, { id: string }>;
}
