import type { ApprovalSignature, SignedDecision, SignIntent } from './decisions';
import type { ClientAudience, Scope } from './identity';
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
   * Internal (wallet-ledger, trading, issuer): the caller's own operations evaluated but not
   * created after all (refused, a replay): they no longer count towards velocity limits and their
   * pending approvals end. Another service's operation, or one a decision was signed for, refuses
   * the whole call: 403 `release_refused`.
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
  /**
   * Internal: a change outside the policies that `policy-change` policies govern as well (a
   * tenant member's credentials, audiences or scopes; the treasury's bound), in its initiator's
   * name: held (its approval's id) or free to apply at once (null). Identity and wallet-ledger
   * apply it, at once or when `approval.is-decided` says approved.
   */
  holdChange: 'changes.hold',
  /**
   * Internal: the outcomes of approvals that hold an asker's operations, for its sweep of
   * outcomes whose `approval.is-decided` may have been lost (docs/decisions/sweeps.md).
   */
  approvalOutcomes: 'approvals.outcomes',
} as const;

/** The most approval ids one `approvals.outcomes` call asks about. */
export const MAX_OUTCOMES_ASKED = 256;

/**
 * What a policy governs; `policy-change` governs the tenant's policies themselves. `purchase`: a
 * buy or a sell against the treasury; `issuer-activity`: an issuer's signature of a REQUEST
 * activity (by the policies of the issuer's tenant and the platform's).
 */
export const POLICY_ACTIVITIES = [
  'withdrawal',
  'transfer',
  'sign-tx',
  'sign-message',
  'sign-typed-data',
  'purchase',
  'issuer-activity',
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
  /**
   * Approvals count only as approvers' signatures (docs/decisions/policies-and-approvals.md).
   * Absent: the deployment's default when an approval is held (true in production).
   */
  signed?: boolean;
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

/**
 * The activities whose operation is a signature: allowed at once, the evaluation's answer carries
 * its signed decision, so it may have run and is never released (docs/decisions/signing-decisions.md,
 * "Releases").
 */
export const SIGNATURE_ACTIVITIES: ReadonlySet<string> = new Set<GovernedActivity>([
  'sign-tx',
  'sign-message',
  'sign-typed-data',
  'issuer-activity',
]);

/**
 * What an operation takes from one custody wallet (a transfer has one per leg). An issuer
 * activity's leg names the issuer as its `userId` and the issue as its `walletId`.
 */
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
   * What the operation states the leg is worth in the service's fiat currency: a purchase's fiat
   * side at its quoted rate. Absent, the policy service values the leg at trading's current rate.
   */
  fiatAmount?: string;
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

/**
 * What an approval holds: an operation on a wallet, a change of the policies themselves, of a
 * client (`member-change`) or of the treasury's bound (`treasury-change`); `policy-change`
 * policies hold the last three.
 */
export type ApprovalActivity = GovernedActivity | 'policy-change' | HeldChangeActivity;

/** The changes outside the policies that `policy-change` policies hold (`changes.hold`). */
export const HELD_CHANGE_ACTIVITIES = ['member-change', 'treasury-change'] as const;
export type HeldChangeActivity = (typeof HELD_CHANGE_ACTIVITIES)[number];

/**
 * A held change of a client: a new member of a tenant (or a new admin), or a client's new
 * password, audience or scopes. Never the password itself.
 */
export interface MemberChangeSummary {
  kind: 'create' | 'update';
  /** The client changed (for `create`, the id it will have). */
  clientId: string;
  /** Its tenant (null: an admin, a platform change). */
  tenantId: string | null;
  name: string;
  email: string;
  /** What the change sets (absent: unchanged). */
  audience?: ClientAudience[];
  scopes?: Scope[];
  personId?: string;
  /** Whether it sets a new password. */
  passwordSet: boolean;
  /** Whether it removes every passkey of the client (the recovery of a lost one). */
  passkeysReset?: boolean;
  /** What it sets of a tenant's passkey requirement (absent: unchanged). */
  passkeyRequired?: boolean;
}

/** A held change of the most the house may owe in one asset. */
export interface TreasuryChangeSummary {
  assetId: string;
  /** Null: no bound. */
  before: string | null;
  after: string | null;
}

/** What `changes.hold` is asked about. */
export type HeldChangeInput =
  | { activity: 'member-change'; member: MemberChangeSummary }
  | { activity: 'treasury-change'; treasury: TreasuryChangeSummary };

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
  /** An approval counts for it only as the approver's signature (absent: false). */
  signed?: boolean;
}

export interface ApprovalDecisionView {
  clientId: string;
  decision: 'approve' | 'reject';
  reason: string | null;
  /** The credential whose signature approved (null: not signed). */
  credentialId: string | null;
  createdAt: string;
}

/** The statement as the API answers it: its operation an open record (`ApprovedOperation`). */
export type ApprovalStatementView = Omit<ApprovalStatement, 'operation'> & {
  operation: Record<string, unknown>;
};

export interface ApprovalView {
  id: string;
  createdAt: string;
  updatedAt: string;
  status: ApprovalStatus;
  activity: ApprovalActivity;
  /** The withdrawal, transfer or signature held; for a change (policy, member, treasury), the change's id. */
  operationId: string;
  initiator: { clientId: string };
  policyIds: string[];
  /** The largest quorum among the requirements. */
  quorum: number;
  /** Each holding policy's quorum and approvers: the approval needs them all. */
  requirements: ApprovalRequirement[];
  decisions: ApprovalDecisionView[];
  expiresAt: string;
  /**
   * What an approver signs to approve (`statement`: its digest is `approvalDigest`), and whether
   * an approval counts only signed (`required`: a holding policy says `signed`). On reads only
   * (not in the approval's events).
   */
  signing?: { required: boolean; statement: ApprovalStatementView };
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
    memberChange?: MemberChangeSummary;
    treasuryChange?: TreasuryChangeSummary;
  };
}

export interface ApprovalListFilters {
  status?: ApprovalStatus;
  activity?: ApprovalActivity;
}

export interface DecisionInput {
  decision: 'approve' | 'reject';
  reason?: string;
  /** An approval's signature of `signing.statement`'s digest (required where it is signed). */
  signature?: ApprovalSignature;
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
  /**
   * `tenantId`: whose `policy-change` policies govern it (with the platform's); null: the
   * platform's alone. `operationId`: the held change's id where it is kept.
   */
  [POLICY_RPC.holdChange]: RpcSpec<
    { operationId: string; tenantId: string | null; change: HeldChangeInput },
    { approvalId: string | null }
  >;
  /**
   * The decided approvals among `ids` (at most MAX_OUTCOMES_ASKED), as `approval.is-decided`
   * carries them; pending or unknown ones, and those of activities the asker does not apply,
   * are left out.
   */
  [POLICY_RPC.approvalOutcomes]: RpcSpec<{ ids: string[] }, { approvals: ApprovalView[] }>;
}

// Approvals as signatures (docs/decisions/policies-and-approvals.md): what an approver signs.

/** One leg of what moves, as approvers sign it (amounts canonical, EVM addresses lower-case). */
export interface ApprovedLeg {
  walletId: string;
  assetId: string;
  amount: string;
  destination: string | null;
}

/**
 * What runs once approved, as approvers sign it: a signature's exact intent with its key's
 * owner; what moves (a withdrawal's, a transfer's, a purchase's legs); or a change (of a policy,
 * a member, the treasury) as its summary states it.
 */
export type ApprovedOperation =
  | { kind: 'signature'; owner: string; intent: SignIntent }
  | { kind: 'movement'; legs: ApprovedLeg[] }
  | { kind: 'change'; change: Record<string, unknown> };

/**
 * What an approver signs to approve (its canonical JSON's SHA-256: `approvalDigest`). A type,
 * not an interface: the API answers it as an open record.
 */
export type ApprovalStatement = {
  v: 1;
  approvalId: string;
  tenantId: string;
  activity: ApprovalActivity;
  operation: ApprovedOperation;
  decision: 'approve';
  /** The digest of the approval's requirements as they were when it was created. */
  policyVersion: string;
};
