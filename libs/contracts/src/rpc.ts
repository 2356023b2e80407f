import type { ServiceName } from './services';

/**
 * RPC method names per service. A method is addressed as (service, method); names are stable
 * wire identifiers, so add new ones rather than renaming.
 */
export const RPC_METHODS = {
  common: {
    /** Every service answers it; the gateway's /readyz and the ping route use it. */
    ping: 'system.ping',
  },
} as const;

/**
 * One RPC method's shapes: the params its caller sends and the result its service answers.
 * Each service's contract (`IdentityRpc`, …) maps its wire method names to these, and
 * `RpcContracts` (rpc-contracts.ts) maps each service to its contract.
 */
export interface RpcSpec<P, R> {
  params: P;
  result: R;
}

/** Who is calling, as the gateway authenticated them from a bearer token. */
export interface AuthContext {
  /** The client (API account) that holds the token. */
  clientId: string;
  /** The tenant whose data the caller may see; admins see every tenant. */
  tenantId: string;
  /**
   * `issuer`: a v2 issuer token, which reaches only its own issuer's resources. `auditor`: reads
   * only (every command is refused, wherever it arrives).
   */
  audience: 'general' | 'admin' | 'issuer' | 'auditor';
  /** Auditors only: `platform` reads every tenant (an admin's auditor), `tenant` its own. */
  auditScope?: 'platform' | 'tenant';
  /** The person who holds the client (its `personId`): one person is one approver. */
  personId?: string;
  /** The api client (OAuth application) the token was issued through. */
  apiClientId?: string;
  /** Set when the token was issued for one end user only. */
  userId?: string;
  scopes?: string[][];
  /**
   * The token may only enroll a passkey (the `enr` claim): passkeys are required of its client,
   * which has none yet. The gateway refuses it every other route.
   */
  enrollmentOnly?: true;
  /** Issuer tokens only: the issuer and its secret version when the token was issued. */
  issuer?: { id: string; version: number };
}

/**
 * An app's proof of one request (libs/messaging `RpcProofSigner`): issuer app, method, request
 * id, a nonce of the sender's (each proof is used once: a receiver refuses it again,
 * `rpc_replayed`), expiry (epoch ms), base64url SHA-256 of the params and the request's
 * idempotency (`requestHash`), and the HMAC-SHA256 (base64url) of those, the receiver and the
 * auth context, with the key of that sender and receiver.
 */
export interface RpcProof {
  iss: string;
  m: string;
  rid: string;
  n: string;
  exp: number;
  ph: string;
  mac: string;
}

/**
 * The gateway's attestations of the forwards one request may make (`MethodAccess.forwards`):
 * for each `<from>><to> <method>`, the HMAC (base64url) with the key of the gateway and `to` over
 * the request id, the forward, `exp` (epoch ms) and the auth context. A service takes an auth
 * context from another app only with the attestation of that very forward of that request: one
 * captured elsewhere names another request, receiver or method.
 */
export interface ForwardGrant {
  exp: number;
  macs: Record<string, string>;
}

/** The message a caller sends to `rpc.<service>`. */
export interface RpcRequest<P = unknown> {
  method: string;
  params: P;
  auth?: AuthContext;
  /** The sender's proof of this request. */
  proof?: RpcProof;
  /**
   * With `auth`: the gateway's attestations of the forwards the request may make, passed on by
   * every service that forwards its auth context.
   */
  forwards?: ForwardGrant;
  /** Safe to run twice (reads). A redelivered non-idempotent request is refused, not re-run. */
  idempotent: boolean;
  /** The client's Idempotency-Key for this command and the hash of the request it came with. */
  idempotencyKey?: { key: string; requestHash: string };
}

export interface RpcErrorBody {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  errors?: { path: string; message: string }[];
}

export type RpcReply<R = unknown> = { ok: true; result: R } | { ok: false; error: RpcErrorBody };

/** One call of a batch message (HEADERS.batch): what a single message carries in properties. */
export interface RpcBatchCall {
  correlationId: string;
  requestId: string;
  /** Epoch ms after which the caller no longer waits. */
  deadline: number;
  request: RpcRequest;
  /** The W3C trace context of the caller's span for this call (HEADERS.traceparent). */
  traceparent?: string;
  tracestate?: string;
}

/** One reply of a batch reply message (HEADERS.batch). */
export interface RpcBatchReply {
  correlationId: string;
  reply: RpcReply;
}

export interface PingResult {
  service: ServiceName;
  instanceId: string;
  uptimeSeconds: number;
  checks: Record<string, 'ok' | 'failed'>;
}

/** A list answer: the page of items and the total count before paging. */
export interface ListResult<T> {
  items: T[];
  /** Exact up to `TOTAL_COUNT_CAP`; past it, the cap, with `totalIsLowerBound`. */
  total: number;
  totalIsLowerBound?: true;
  /** The keyset cursor of the page after this one (`ListQuery.after`), when there is one. */
  next?: string;
}

/**
 * The most rows a total counts: past it a list reports the cap as a lower bound, so that a count
 * costs the same however many rows match (docs/decisions/lists-at-scale.md).
 */
export const TOTAL_COUNT_CAP = 1_000;

/** The most rows one list answer of a service holds; `limit=0` is streamed in pages of it. */
export const MAX_LIST_PAGE = 1_000;

/** The parsed, validated list query that the gateway hands to a service. */
export interface ListQuery {
  page: number;
  /**
   * 1 to `MAX_LIST_PAGE`. The API's `limit=0` (all records) never reaches a service: the gateway
   * streams it as pages of `MAX_LIST_PAGE` that follow `next`.
   */
  limit: number;
  /** An opaque keyset cursor (a previous page's `next`): the page after that one; `page` unused. */
  after?: string;
  /** The caller has the total already (a stream's later pages): answer 0, count nothing. */
  withoutTotal?: true;
  sort: { field: string; direction: 'asc' | 'desc' };
  createdAfter?: string;
  createdBefore?: string;
  externalReference?: string;
}
