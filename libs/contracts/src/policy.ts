import type { SignedDecision, SignIntent } from './decisions';
import type { ListQuery, ListResult, RpcSpec } from './rpc';

/** The policy service's RPC methods (policies and approvals). Wire names: add, never rename. */
export const POLICY_RPC = {
  createPolicy: 'policies.create',
  listPolicies: 'policies.list',
  getPolicy: 'policies.get',
  updatePolicy: 'policies.update',
  deletePolicy: 'policies.delete',
  /**
   * Internal, wallet-ledger only: the decisions on operations before they are applied, in order,
   * one caller's at a time (and, for each that needs approval, its approval, created pending).
   */
  evaluate: 'policies.evaluate-batch',
  /**
   * Internal, wallet-ledger only: operations evaluated but not created after all (refused, a
   * replay): they no longer count towards velocity limits and their pending approvals end.
   */
  release: 'policies.release',
  /**
   * Internal: a signed decision that lets the signer sign one intent of an operation admitted
   * before (wallet-ledger: a withdrawal's transaction, a held signature once approved), or an
   * issuer's own signature (issuer, in its caller's name).
   */
  authorize: 'decisions.authorize',
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
  /**
   * `sign-typed-data` only: typed data that authorizes a token transfer (a permit) is no longer
   * refused where this policy applies, and its rule weighs the authorization's amount, token and
   * spender. Absent: false.
   */
  allowTokenAuthorizations?: boolean;
}

/** A change of some of a policy's fields; `filters: null` removes its filters. */
export type PolicyPatch = Partial<Omit<PolicyInput, 'filters'>> & {
  filters?: PolicyFilters | null;
};

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
  allowTokenAuthorizations: boolean;
}

export interface PolicyListFilters {
  activity?: PolicyActivity;
  enabled?: boolean;
}

/** The activities whose operations are evaluated (a policy's `any` is all of them). */
export type GovernedActivity = Exclude<PolicyActivity, 'any' | 'policy-change'>;

/** What an operation takes from one custody wallet (a transfer has one per leg). */
export interface GovernedLeg {
  userId: string;
  walletId: string;
  assetId: string;
  /** In the asset's units; `0` for what moves nothing (a message, typed data). */
  amount: string;
  /**
   * A withdrawal's receiver address, a transaction's `to`, a transfer's receiver wallet, a token
   * authorization's spender.
   */
  destination?: string;
  /**
   * Typed data that lets `destination` (its spender) take `amount` of `assetId` from the wallet's
   * address: a token authorization (a permit). `assetId` is the token's catalog asset; for a
   * token outside the catalog (or none named) `unknown`, `amount` then in base units.
   */
  tokenAuthorization?: TokenAuthorizationFacts;
}

export interface TokenAuthorizationFacts {
  /** The token's contract, lower-case; null when the typed data names none. */
  token: string | null;
  /**
   * `amount` bounds what may be taken, in the catalog asset's units. False: unlimited (2^256 − 1,
   * DAI's `allowed`), not readable, or a token outside the catalog: every amount rule matches.
   */
  bounded: boolean;
}

/** The most operations one evaluation call carries, and legs one operation. */
export const MAX_EVALUATED_OPERATIONS = 256;
export const MAX_GOVERNED_LEGS = 256;

/** The operation a policy decision is asked for. */
export interface GovernedOperation {
  activity: GovernedActivity;
  /** The id the operation will have: its approval names it. */
  operationId: string;
  /** The tenant whose wallets it moves (an admin's operation is governed as the tenant's). */
  tenantId: string;
  /** At least one. */
  legs: GovernedLeg[];
  /**
   * What a signature operation signs: allowed at once, its decision comes signed with the
   * answer (`signed`); held, the approval is for exactly this.
   */
  intent?: SignIntent;
}

/**
 * The activities whose policies govern an operation: a raw transaction that moves value is a
 * withdrawal too, so a withdrawal limit cannot be passed by signing the transfer instead.
 */
export function governingActivities(op: Pick<GovernedOperation, 'activity' | 'legs'>) {
  const movesValue = op.legs.some((leg) => leg.amount !== '0' && !/^0(\.0*)?$/.test(leg.amount));
  return op.activity === 'sign-tx' && movesValue
    ? (['sign-tx', 'withdrawal'] as const)
    : ([op.activity] as const);
}

/** What an approval holds: an operation on a wallet, or a change of the policies themselves. */
export type ApprovalActivity = GovernedActivity | 'policy-change';

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
  /** `signed`: the signer's decision, for an operation evaluated with its `intent`. */
  | { decision: 'allow'; signed?: SignedDecision }
  | {
      decision: 'block';
      policyIds: string[];
      /**
       * Refused before any rule (no policy ids): a token authorization that no enabled
       * `sign-typed-data` policy allowing token authorizations selects.
       */
      refusal?: 'token_authorization_refused';
    }
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
    /** A transfer of more than one leg: each leg's wallet, asset, amount and receiver wallet. */
    legs?: GovernedLeg[];
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
    { id: string; patch: PolicyPatch },
    PolicyView & { approvalId?: string }
  >;
  [POLICY_RPC.deletePolicy]: RpcSpec<{ id: string }, HeldChange>;
  [POLICY_RPC.evaluate]: RpcSpec<
    { operations: GovernedOperation[] },
    { decisions: PolicyDecision[] }
  >;
  [POLICY_RPC.release]: RpcSpec<{ operationIds: string[] }, { released: number }>;
  [POLICY_RPC.authorize]: RpcSpec<
    { operationId: string; owner: string; intent: SignIntent },
    { decision: SignedDecision }
  >;
  [POLICY_RPC.listApprovals]: RpcSpec<
    { list: ListQuery; filters: ApprovalListFilters },
    ListResult<ApprovalView>
  >;
  [POLICY_RPC.getApproval]: RpcSpec<{ id: string }, ApprovalView>;
  [POLICY_RPC.decide]: RpcSpec<{ id: string; input: DecisionInput }, { id: string }>;
}
