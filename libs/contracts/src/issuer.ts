import type { RpcSpec } from './rpc';
import type { TypedDataInput } from './signing';

/** The issuer service's RPC methods (version 2 of the API). Wire names: add, never rename. */
export const ISSUER_RPC = {
  /** Admin: provisions an issuer; the answer carries its secret, shown this once. */
  createIssuer: 'issuers.create',
  listIssuers: 'issuers.list',
  rotateSecret: 'issuers.rotateSecret',
  /** Issuer id + secret → an issuer access token (minted by identity). */
  authenticate: 'issuers.authenticate',
  createIssue: 'issues.create',
  listIssues: 'issues.list',
  createActivity: 'activities.create',
  listActivities: 'activities.list',
  /** Reads one activity and marks it read (`readed`). */
  getActivity: 'activities.get',
  createHolder: 'holders.create',
  listHolders: 'holders.list',
} as const;

/** Audience of issuer access tokens: never accepted on v1 routes, and v1 tokens never here. */
export const ISSUER_TOKEN_AUDIENCE = 'custody-issuer:v2';
/** Issuer access tokens live 15 minutes (docs/decisions/issuer-interface.md). */
export const ISSUER_TOKEN_TTL_SECONDS = 900;

/** Claims of an issuer access token beyond the registered ones (`sub` = the issuer id). */
export interface IssuerTokenClaims {
  /** tenant that provisioned the issuer */
  ten: string;
  /** the issuer's secret version when issued; a rotation makes older tokens invalid */
  ver: number;
}

/** What the issuer service asks identity to sign after it verified the issuer's secret. */
export interface IssuerTokenRequest {
  issuerId: string;
  tenantId: string;
  version: number;
}

/** The signing-key owner of an issuer's custodial key (KeyRef.ownerId). */
export function issuerKeyOwner(issuerId: string): string {
  return `issuer:${issuerId}`;
}

export type IssuerActivityType = 'MESSAGE' | 'REQUEST';

export interface IssuerView {
  id: string;
  name: string;
  /** Only in the answer of a creation or a rotation, and never stored in plain text. */
  secret?: string;
  createdAt: string;
  updatedAt: string;
  /** The EVM address of the issuer's custodial signing key. */
  address: string;
}

export interface IssueView {
  id: string;
  name: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The Issuer activity record (spec) plus `type`, `readed` and, for requests, what was signed. */
export interface IssuerActivityView {
  id: string;
  clientIssueId: string;
  type: IssuerActivityType;
  name: string;
  description: string | null;
  infoUrl: string | null;
  /** `APPROVED` (the contract's); a REQUEST a policy held: `PENDING_APPROVAL`, `REJECTED`, `FAILED`. */
  status: IssuerActivityStatus;
  readed: boolean;
  dataStructured: TypedDataInput | null;
  /** Null until signed: a MESSAGE, or a REQUEST not approved (yet). */
  signedTypedData: string | null;
  /** The approval a policy held it for. */
  approvalId?: string;
  /** Why a held REQUEST was not signed: `approval_rejected`, `approval_expired`, … */
  failureReason?: string;
  createdAt: string;
  updatedAt: string;
}

export const ISSUER_ACTIVITY_STATUSES = [
  'APPROVED',
  'PENDING_APPROVAL',
  'REJECTED',
  'FAILED',
] as const;
export type IssuerActivityStatus = (typeof ISSUER_ACTIVITY_STATUSES)[number];

/** An activity's creation (the contract's fields); one a policy held adds its status and approval. */
export interface IssuerActivityCreated {
  createdAt: string;
  updatedAt: string;
  id: string;
  status?: IssuerActivityStatus;
  approvalId?: string;
}

export interface IssuerActivityListEntry {
  createdAt: string;
  updatedAt: string;
  id: string;
  clientIssueId: string;
  name: string;
  type: IssuerActivityType;
  readed: boolean;
}

export interface IssueHolderView {
  createdAt: string;
  updatedAt: string;
  id: string;
  clientIssueId: string;
  name: string;
  address: string;
}

/** The paging of version 2 lists: `take` records from 1-based `page`. */
export interface V2Paging {
  page: number;
  take: number;
  sortColumn: string;
  sortOrder: 'ASC' | 'DESC';
}

export interface V2Page<T> {
  data: T[];
  meta: { page: number; take: number; itemCount: number; pageCount: number };
}

/** The allow-listed `sortColumn` values of the activity list. */
export const ACTIVITY_SORT_COLUMNS = ['createdAt', 'updatedAt', 'name', 'type', 'readed'] as const;
export type ActivitySortColumn = (typeof ACTIVITY_SORT_COLUMNS)[number];

/** The allow-listed `sortColumn` values of the other version 2 lists (issuers, issues, holders). */
export const V2_SORT_COLUMNS = ['createdAt', 'updatedAt', 'name'] as const;

export interface ActivityFilters {
  /** Case-insensitive substring of the name. */
  name?: string;
  readed?: boolean;
  type?: IssuerActivityType;
}

export interface NewActivity {
  type: IssuerActivityType;
  name: string;
  description?: string;
  infoUrl?: string;
  /** REQUEST only: the EIP-712 data the issuer's key signs. */
  dataStructured?: TypedDataInput;
}

/** Path of an issue: every issue-level method takes it. */
export interface IssuePath {
  issuerId: string;
  issueId: string;
}

/** Every version 2 list takes its paging. */
export interface V2Paged {
  paging: V2Paging;
}

/** issuer's RPC contract: each method's params and result (see RpcContracts). */
export interface IssuerRpc {
  [ISSUER_RPC.createIssuer]: RpcSpec<{ name: string }, IssuerView>;
  [ISSUER_RPC.listIssuers]: RpcSpec<V2Paged, V2Page<IssuerView>>;
  [ISSUER_RPC.rotateSecret]: RpcSpec<{ issuerId: string }, IssuerView>;
  [ISSUER_RPC.authenticate]: RpcSpec<{ id: string; secret: string }, { accessToken: string }>;
  [ISSUER_RPC.createIssue]: RpcSpec<
    { issuerId: string; input: { name: string; description?: string } },
    IssueView
  >;
  [ISSUER_RPC.listIssues]: RpcSpec<{ issuerId: string } & V2Paged, V2Page<IssueView>>;
  [ISSUER_RPC.createActivity]: RpcSpec<IssuePath & { input: NewActivity }, IssuerActivityCreated>;
  [ISSUER_RPC.listActivities]: RpcSpec<
    IssuePath & V2Paged & { filters: ActivityFilters },
    V2Page<IssuerActivityListEntry>
  >;
  [ISSUER_RPC.getActivity]: RpcSpec<IssuePath & { activityId: string }, IssuerActivityView>;
  [ISSUER_RPC.createHolder]: RpcSpec<
    IssuePath & { input: { name: string; address: string } },
    IssueHolderView
  >;
  [ISSUER_RPC.listHolders]: RpcSpec<IssuePath & V2Paged, V2Page<IssueHolderView>>;
}
