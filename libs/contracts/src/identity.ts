import type {
  ApproverCredential,
  ApproverKeyInput,
  ApproverKeyView,
  EndorsementInput,
} from './approvers';
import type { IssuerTokenRequest } from './issuer';
import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationInput,
  PasskeyRequestOptions,
  PasskeySignInOptionsInput,
  PasskeyView,
} from './passkeys';
import type { ListQuery, ListResult, RpcSpec } from './rpc';
import type { DeviceAndIp, WalletPath } from './shared';

/** Identity's RPC methods and payloads. Wire names: add, never rename. */
export const IDENTITY_RPC = {
  jwks: 'auth.jwks',
  /** Re-writes the auth state to Redis (the gateway asks after a Redis restart). */
  seedAuthState: 'auth.seedState',
  issueToken: 'tokens.issue',
  revokeToken: 'tokens.revoke',
  /** Internal, callable by the issuer app only: signs an issuer (v2) access token. */
  issueIssuerToken: 'tokens.issueIssuer',
  createClient: 'clients.create',
  listClients: 'clients.list',
  getClient: 'clients.get',
  updateClient: 'clients.update',
  deleteClient: 'clients.delete',
  /**
   * The clients that may decide on the caller's approvals: its tenant's (the tenant and its
   * members) or, for an admin, the admin clients; each with no scopes or `approvals:decide`.
   */
  listApprovers: 'clients.approvers',
  createApiClient: 'apiClients.create',
  listApiClients: 'apiClients.list',
  getApiClient: 'apiClients.get',
  updateApiClient: 'apiClients.update',
  deleteApiClient: 'apiClients.delete',
  listEnum: 'enums.list',
  createIndividual: 'users.createIndividual',
  createLegal: 'users.createLegal',
  listUsers: 'users.list',
  getUser: 'users.get',
  /** Internal: the user with its tenant, for services that keep a reference to it. */
  getUserRef: 'users.getRef',
  updateIndividual: 'users.updateIndividual',
  updateLegal: 'users.updateLegal',
  deleteUser: 'users.delete',
  listAuditEvents: 'audit.list',
  /** A page of the audit log's hash chains, in chain order (`GET /v1/audit/export` streams them). */
  exportAudit: 'audit.export',
  createWhitelist: 'whitelists.create',
  listWhitelists: 'whitelists.list',
  getWhitelist: 'whitelists.get',
  updateWhitelist: 'whitelists.update',
  /**
   * Whether an address is on a wallet's whitelist with its travel rule verified (the policy
   * service's `destination_not_whitelisted` rule), within the caller's tenant.
   */
  isWhitelisted: 'whitelists.isVerified',
  /** The caller's approver keys (`/v1/clients/me/approver-keys`): approvals as signatures. */
  registerApproverKey: 'approverKeys.register',
  listApproverKeys: 'approverKeys.list',
  /** One key of the caller's tenant (an endorser reads what it endorses). */
  getApproverKey: 'approverKeys.get',
  revokeApproverKey: 'approverKeys.revoke',
  /** Another client's credential endorsed by one of the caller's (`/v1/approver-keys/{id}/endorsements`). */
  endorseApproverKey: 'approverKeys.endorse',
  /** Internal, policy only: a client's active approver credentials, to verify its approvals. */
  activeApproverCredentials: 'approverKeys.active',
  /** The caller's passkeys (`/v1/clients/me/passkeys`): WebAuthn registration and removal. */
  passkeyRegistrationOptions: 'passkeys.registrationOptions',
  registerPasskey: 'passkeys.register',
  listPasskeys: 'passkeys.list',
  deletePasskey: 'passkeys.delete',
  /** Internal, gateway only: a sign-in challenge for the webauthn grant (api client's Basic). */
  passkeySignInOptions: 'passkeys.signInOptions',
} as const;

export interface WhitelistView {
  id: string;
  createdAt: string;
  updatedAt: string;
  userId: string;
  userFullName: string;
  counterPartyFullName: string;
  walletId: string;
  assetId: string;
  address: string;
  counterPartyType: string;
  travelRuleStatus: 'pending' | 'verified' | 'rejected';
  tenantId: string;
  casp: Record<string, unknown>;
}

/**
 * The gateway's record of one mutating request, published on the events exchange under
 * AUDIT_EVENT and appended by identity. Not a notification event (not in EVENTS).
 */
export const AUDIT_EVENT = 'audit.is-recorded';

export interface AuditRecord {
  requestId: string;
  /** operationId of the route, e.g. `createIndividualPerson`. */
  action: string;
  method: string;
  path: string;
  clientId: string | null;
  tenantId: string | null;
  userId: string | null;
  targetId: string | null;
  device: string | null;
  ip: string | null;
  remoteIp: string | null;
  status: number;
  outcome: 'success' | 'failure';
}

/**
 * Records the gateway gathered over a few milliseconds, in one message (one publish, one
 * delivery and one insert for many requests). Each keeps its own id: a resent batch inserts
 * nothing twice. AUDIT_EVENT (one record) is still appended, for messages of older gateways.
 */
export const AUDIT_BATCH_EVENT = 'audit.batch-is-recorded';

export interface AuditBatch {
  records: { id: string; occurredAt: string; record: AuditRecord }[];
}

/**
 * A request a service refused: without a valid proof of its sender or of its auth context, or
 * from an app it does not serve (`caller_not_allowed`). Published by that service, appended by
 * identity to the audit log (action `rpcRefused`). At most a few per second and service are
 * published; `suppressed` counts those left out since the last one.
 */
export const RPC_REFUSED_EVENT = 'audit.rpc-refused';

export interface RpcRefusalRecord {
  service: string;
  method: string;
  /** The broker user that sent it (RabbitMQ checked it). */
  brokerUser: string | null;
  /** The app that user is (or, for a shared user, claims to be). */
  caller: string | null;
  requestId: string;
  reason: string;
  /** `decision`: the signer refused a signature its policy decision does not allow. */
  failed: 'proof' | 'origin' | 'caller' | 'decision';
  suppressed: number;
}

/**
 * One record of the audit log's hash chains (docs/decisions/audit.md): a line of
 * `GET /v1/audit/export`. The same shape as the SDK's `AuditChainRecord`, whose hash function
 * defines `hash`.
 */
export interface AuditChainRecordView extends AuditRecord {
  /** The record's tenant, or `platform` for a record without one. */
  chain: string;
  /** Its position in its chain, from 1, without gaps. */
  seq: number;
  id: string;
  occurredAt: string;
  detail: string | null;
  prevHash: string;
  hash: string;
  outcome: 'success' | 'failure';
}

/** A public key of the audit checkpoints: raw Ed25519, base64url. */
export interface AuditPublicKeyView {
  keyId: string;
  publicKey: string;
}

/** One page of an audit export: records in chain order, and the cursor of the next page. */
export interface AuditExportPage {
  /** The chain exported: the one asked for, or a client's own; absent: every chain (an admin). */
  chain?: string;
  /** The keys that sign the checkpoints (the export's header lists them). */
  keys: AuditPublicKeyView[];
  records: AuditChainRecordView[];
  next?: string;
}

export interface AuditExportQuery {
  /** One chain (a tenant id, or `platform`); every chain the caller may read when absent. */
  chain?: string;
  /** The cursor of the page before (`AuditExportPage.next`). */
  after?: string;
  /** Records per page, at most 1,000 (100 by default). */
  limit?: number;
}

/**
 * A signed statement of a chain's head (event `audit-checkpoint.is-created`): the tenant's chain to the
 * tenant's feed and webhooks, the platform's (tenantId null) to the admins'.
 */
export interface AuditCheckpointData {
  chain: string;
  tenantId: string | null;
  seq: number;
  hash: string;
  createdAt: string;
  keyId: string;
  signature: string;
}

export interface AuditEventView extends AuditRecord {
  id: string;
  createdAt: string;
  /** Extension: what a refused RPC (`rpcRefused`) failed on, and who sent it. */
  detail?: string;
}

/** The User record as the API returns it (the full KYC record stays inside identity). */
export interface UserView {
  id: string;
  createdAt: string;
  updatedAt: string;
  generalConditions: string;
  idNumber?: string;
  email?: string;
  individualPerson?: {
    idNumber?: string;
    name?: string;
    surname?: string;
    middleName?: string;
    email?: string;
  };
  legalPerson?: {
    generalConditions: string;
    device: string;
    ip: string;
    idNumber: string;
    legalName: string;
  };
  blocked: boolean;
  externalReference?: string;
}

export interface UserRefView extends UserView {
  tenantId: string;
}

export type EnumKind = 'id-type' | 'cnae' | 'company-type' | 'purpose-business-relationship';

export interface EnumEntry {
  id: string;
  name: string;
  /** CNAE entries also carry their code and group. */
  code?: string;
  group?: string;
  /** Company types and purposes also carry their local (Spanish) name (an extension). */
  localName?: string;
}

export interface EnumQuery {
  kind: EnumKind;
  /** Exact match on id, code or group; case-insensitive substring on name. */
  filters: { id?: string; code?: string; group?: string; name?: string };
  list: Pick<ListQuery, 'page' | 'limit' | 'sort' | 'after'>;
}

/**
 * `auditor`: reads and changes nothing (docs/decisions/identity-and-authentication.md,
 * "Auditors"); an auditor of no tenant (created by an admin) reads every tenant.
 */
export type ClientAudience = 'general' | 'admin' | 'auditor';

/** An api client (an OAuth application) issues general tokens, or admin ones too. */
export type ApiClientAudience = 'general' | 'admin';

/** A scope entry: `[resource, ...actions]`, e.g. `["wallets", "read"]`. */
export type Scope = string[];

export interface ApiClientCredentials {
  id: string;
  secret: string;
}

export type TokenRequest =
  | { grant_type: 'password'; username: string; password: string; userId?: string }
  | { grant_type: 'refresh_token'; refresh_token: string; userId?: string }
  /** A passkey's assertion over a challenge of `POST /v1/tokens/webauthn-challenge`. */
  | {
      grant_type: 'urn:custody:webauthn';
      response: PasskeyAuthenticationResponse;
      userId?: string;
    }
  /** A one-time enrollment code: a session that may only register a passkey. */
  | { grant_type: 'urn:custody:enrollment-code'; username: string; code: string };

export interface ClientView {
  id: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  email: string;
  audience: ClientAudience[];
  /** The tenant the client acts for: its own id, or the tenant it is a member of. */
  tenantId: string;
  /** The person who holds this login (one person, one vote: docs/decisions/policies-and-approvals.md). */
  personId?: string;
  /** A tenant's: its members must sign in with a passkey (present when true). */
  passkeyRequired?: true;
}

export interface TokenView {
  id: string;
  createdAt: string;
  updatedAt: string;
  access_token: string;
  token_type: 'Bearer';
  expires_in: string;
  refresh_token: string;
  client: ClientView;
  userId?: string;
}

export interface ApiClientView {
  id: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  description: string;
  secret: string;
  audience: ApiClientAudience;
  accessTokenExpiresIn: number;
  refreshTokenExpiresIn: number;
}

/** What a token signing key signs: v1 access tokens, or v2 issuer tokens. */
export type KeyPurpose = 'access' | 'issuer';

/** A public key of the token signing keys, as RFC 7517 writes it, with what it signs. */
export interface PublicJwk {
  kty: string;
  kid?: string;
  alg?: string;
  use?: string;
  purpose?: KeyPurpose;
  [member: string]: unknown;
}

export interface JwksView {
  keys: PublicJwk[];
}

/** Claims of an access token beyond the registered ones. */
export interface AccessTokenClaims {
  /** tenant id */
  ten: string;
  /** effective audience of the client */
  aud_c: ClientAudience;
  /** api client (OAuth application) the token was issued through */
  azp: string;
  /** token version of the client when issued; a bump revokes every older token */
  ver: number;
  /** end user the token is bound to */
  uid?: string;
  /** scope entries; absent or empty = everything the audience allows */
  scp?: Scope[];
  /** auditor tokens only: `platform` (an auditor of no tenant) reads every tenant */
  asc?: 'platform' | 'tenant';
  /** the person who holds the client, when its creator named one */
  pid?: string;
  /** set when the token may only enroll a passkey (passkeys required, none registered yet) */
  enr?: true;
}

/** Redis keys identity writes and the gateway reads on every request. DO NOT RENAME. */
export const AUTH_STATE_KEYS = {
  /** Set once identity has written every version and revocation; absent after a Redis wipe. */
  seeded: 'auth:seeded',
  /** value: the client's current token version ("deleted" once the client is gone) */
  clientVersion: (clientId: string) => `auth:client-version:${clientId}`,
  /** present while a revoked access token could still be unexpired */
  revokedToken: (jti: string) => `auth:revoked:${jti}`,
} as const;

export const ACCESS_TOKEN_ISSUER = 'custody-identity';
export const ACCESS_TOKEN_AUDIENCE = 'custody-api:v1';

/** A client as an admin creates it (`POST /v1/clients`). */
/** A client's creation held for approval: the id it will have, and the approval it waits for. */
export interface HeldClientCreation {
  id: string;
  approvalId: string;
}

/**
 * A client created or changed (`client.is-created`, `client.is-updated`): who changed it and, for
 * a change held by a `policy-change` policy, the approval that let it apply.
 */
export type ClientEventData = ClientView & { changedBy: string; approvalId: string | null };

export interface ClientInput {
  name: string;
  email: string;
  password: string;
  audience?: ClientAudience[];
  scopes?: Scope[];
  /** Makes the client a member of this tenant (an existing general client); set at creation only. */
  tenantId?: string;
  /**
   * The person who holds this login, as its creator names them within the tenant; set at
   * creation only. Two clients of one person count as one approver.
   */
  personId?: string;
  /**
   * A tenant's: its members sign in with passkeys (one without any signs in with its password
   * only to register one); changes only.
   */
  passkeyRequired?: boolean;
  /**
   * Removes every passkey of the client (recovery of a lost one), held like a new password;
   * changes only.
   */
  passkeysReset?: boolean;
}

/** An api client as an admin creates it (`POST /v1/api-clients`). */
export interface ApiClientInput {
  id?: string;
  name: string;
  description?: string;
  secret?: string;
  audience?: ApiClientAudience;
  accessTokenExpiresIn?: number;
  refreshTokenExpiresIn?: number;
}

/** The KYC record of a person as the gateway validated it (the fields of the contract). */
export type KycRecord = Record<string, unknown>;

export interface UserFilters {
  email?: string;
  idNumber?: string;
}

export interface AuditFilters {
  userId?: string;
  action?: string;
  clientId?: string;
}

export type TravelRuleStatus = WhitelistView['travelRuleStatus'];

export interface WhitelistInput {
  address: string;
  counterPartyFullName: string;
  counterPartyType: string;
  casp?: Record<string, unknown>;
}

/** identity's RPC contract: each method's params and result (see RpcContracts). */
export interface IdentityRpc {
  [IDENTITY_RPC.jwks]: RpcSpec<Record<string, never>, JwksView>;
  [IDENTITY_RPC.seedAuthState]: RpcSpec<Record<string, never>, { seeded: true }>;
  [IDENTITY_RPC.issueToken]: RpcSpec<
    { credentials: ApiClientCredentials; request: TokenRequest },
    TokenView
  >;
  [IDENTITY_RPC.revokeToken]: RpcSpec<
    { credentials: ApiClientCredentials; token: string },
    { revoked: true }
  >;
  [IDENTITY_RPC.issueIssuerToken]: RpcSpec<
    IssuerTokenRequest,
    { accessToken: string; expiresIn: number }
  >;
  /** The new client; held for approval (a tenant's `policy-change` policy), its id-to-be and `approvalId`. */
  [IDENTITY_RPC.createClient]: RpcSpec<ClientInput, ClientView | HeldClientCreation>;
  [IDENTITY_RPC.listClients]: RpcSpec<{ list: ListQuery }, ListResult<ClientView>>;
  [IDENTITY_RPC.getClient]: RpcSpec<{ id: string }, ClientView>;
  /** The changed client; held for approval, the client as it still is with `approvalId`. */
  [IDENTITY_RPC.updateClient]: RpcSpec<
    { id: string; patch: Partial<ClientInput> },
    ClientView & { approvalId?: string }
  >;
  [IDENTITY_RPC.deleteClient]: RpcSpec<{ id: string }, { id: string }>;
  [IDENTITY_RPC.listApprovers]: RpcSpec<Record<string, never>, { clientIds: string[] }>;
  [IDENTITY_RPC.registerApproverKey]: RpcSpec<ApproverKeyInput, ApproverKeyView>;
  [IDENTITY_RPC.listApproverKeys]: RpcSpec<Record<string, never>, ApproverKeyView[]>;
  [IDENTITY_RPC.getApproverKey]: RpcSpec<{ id: string }, ApproverKeyView>;
  [IDENTITY_RPC.revokeApproverKey]: RpcSpec<{ id: string }, ApproverKeyView>;
  [IDENTITY_RPC.endorseApproverKey]: RpcSpec<
    { id: string; input: EndorsementInput },
    ApproverKeyView
  >;
  [IDENTITY_RPC.activeApproverCredentials]: RpcSpec<
    { clientId: string },
    { credentials: ApproverCredential[] }
  >;
  [IDENTITY_RPC.passkeyRegistrationOptions]: RpcSpec<Record<string, never>, PasskeyCreationOptions>;
  [IDENTITY_RPC.registerPasskey]: RpcSpec<PasskeyRegistrationInput, PasskeyView>;
  [IDENTITY_RPC.listPasskeys]: RpcSpec<Record<string, never>, PasskeyView[]>;
  [IDENTITY_RPC.deletePasskey]: RpcSpec<{ id: string }, { id: string }>;
  [IDENTITY_RPC.passkeySignInOptions]: RpcSpec<
    { credentials: ApiClientCredentials } & PasskeySignInOptionsInput,
    PasskeyRequestOptions
  >;
  [IDENTITY_RPC.createApiClient]: RpcSpec<ApiClientInput, ApiClientView>;
  [IDENTITY_RPC.listApiClients]: RpcSpec<{ list: ListQuery }, ListResult<ApiClientView>>;
  [IDENTITY_RPC.getApiClient]: RpcSpec<{ id: string }, ApiClientView>;
  [IDENTITY_RPC.updateApiClient]: RpcSpec<
    { id: string; patch: Partial<Omit<ApiClientInput, 'id'>> },
    ApiClientView
  >;
  [IDENTITY_RPC.deleteApiClient]: RpcSpec<{ id: string }, { id: string }>;
  [IDENTITY_RPC.listEnum]: RpcSpec<EnumQuery, ListResult<EnumEntry>>;
  [IDENTITY_RPC.createIndividual]: RpcSpec<KycRecord, { id: string }>;
  [IDENTITY_RPC.createLegal]: RpcSpec<KycRecord, { id: string }>;
  [IDENTITY_RPC.listUsers]: RpcSpec<
    { list: ListQuery; filters: UserFilters },
    ListResult<UserView>
  >;
  [IDENTITY_RPC.getUser]: RpcSpec<{ id: string }, UserView>;
  [IDENTITY_RPC.getUserRef]: RpcSpec<{ id: string }, UserRefView>;
  [IDENTITY_RPC.updateIndividual]: RpcSpec<{ id: string; patch: KycRecord }, { id: string }>;
  [IDENTITY_RPC.updateLegal]: RpcSpec<{ id: string; patch: KycRecord }, { id: string }>;
  [IDENTITY_RPC.deleteUser]: RpcSpec<{ id: string } & DeviceAndIp, { id: string }>;
  [IDENTITY_RPC.listAuditEvents]: RpcSpec<
    { list: ListQuery; filters: AuditFilters },
    ListResult<AuditEventView>
  >;
  [IDENTITY_RPC.exportAudit]: RpcSpec<AuditExportQuery, AuditExportPage>;
  [IDENTITY_RPC.createWhitelist]: RpcSpec<WalletPath & { input: WhitelistInput }, { id: string }>;
  [IDENTITY_RPC.listWhitelists]: RpcSpec<
    WalletPath & { list: ListQuery },
    ListResult<WhitelistView>
  >;
  [IDENTITY_RPC.getWhitelist]: RpcSpec<WalletPath & { id: string }, WhitelistView>;
  [IDENTITY_RPC.isWhitelisted]: RpcSpec<WalletPath & { address: string }, { verified: boolean }>;
  [IDENTITY_RPC.updateWhitelist]: RpcSpec<
    WalletPath & { id: string; travelRuleStatus: TravelRuleStatus },
    WhitelistView
  >;
}
