import type { Request, Response } from 'express';
import type { ApiClientCredentials, AuthContext } from '@custody/contracts';
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ApiVersion = 'v1' | 'v2';

/**
 * Who may call a route: anyone; an api client by HTTP Basic (token endpoints); any client with a
 * bearer access token; or only a client of the admin audience. Version 2: `issuer-credentials`
 * (the issuer's id and secret in the body, rate-limited per IP like the token endpoints) and
 * `issuer` (an issuer access token, only on its own `:clientIssuerId` paths).
 */
export type RouteAuth = 'public' | 'basic' | 'client' | 'admin' | 'issuer-credentials' | 'issuer';

export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  /**
   * The body's media type; `application/json` by default. `application/jsonl` (JSON Lines, with
   * the route's `jsonLines`): `schema` describes one line.
   */
  contentType?: 'application/json' | 'application/jsonl';
}

export interface RouteRequest {
  params?: z.ZodType;
  /** An object schema, or `listQuerySchema(...)` (an object piped through a transform). */
  query?: z.ZodType;
  body?: z.ZodType;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<R extends RouteRequest> {
  params: R['params'] extends z.ZodType ? z.output<R['params']> : Record<string, never>;
  query: R['query'] extends z.ZodType ? z.output<R['query']> : Record<string, never>;
  body: Output<R['body']>;
}

export interface RouteContext {
  requestId: string;
  req: Request;
  /** The authenticated caller, for `client`, `admin` and `issuer` routes. */
  auth?: AuthContext;
  /** The api client credentials, for `basic` routes. */
  credentials?: ApiClientCredentials;
}

/** Sees every finished request of a route (the gateway's audit log), whatever its outcome. */
export type RouteObserver = (event: {
  route: RouteDef<RouteRequest>;
  req: Request;
  status: number;
  auth: AuthContext | undefined;
  /** The success body, when there was one. */
  responseBody: unknown;
}) => void;

/** Runs before validation: authenticates (401/403) and rate-limits (429) the request. */
export type RouteGuard = (
  req: Request,
  res: Response,
  route: RouteDef<RouteRequest>,
) => Promise<Pick<RouteContext, 'auth' | 'credentials'>>;

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** For list routes: total record count before paging; sets X-Total-Count and Link. */
  total?: number;
  /** The count stopped at its cap: `total` is a lower bound. */
  totalIsLowerBound?: boolean;
  /** The keyset cursor of the next page (Link rel="next" carries it as `after`). */
  next?: string;
  /**
   * A whole list (`limit=0`) as pages fetched one after another: written as one JSON array, a
   * page at a time, and stopped when the client goes away (`signal`).
   */
  pages?: (signal: AbortSignal) => AsyncIterable<unknown[]>;
  /**
   * A stream of JSON Lines (`application/jsonl`): each value of each batch as one line, a batch at
   * a time, stopped when the client goes away (`signal`).
   */
  jsonLines?: (signal: AbortSignal) => AsyncIterable<unknown[]>;
}

/**
 * One endpoint, declared once: the gateway routes from it and the OpenAPI document is generated
 * from it, so the two cannot drift apart.
 */
export interface RouteDef<R extends RouteRequest = RouteRequest> {
  version: ApiVersion;
  method: HttpMethod;
  /** Express path relative to the version prefix, e.g. `/users/:user`. */
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  auth: RouteAuth;
  /** Status per token problem where the contract differs from 401 (whitelist reads: 403). */
  rejectedTokenStatus?: Partial<Record<'missing' | 'invalid' | 'expired' | 'revoked', 401 | 403>>;
  /**
   * `[resource, action]` a scoped token must hold (docs/decisions/identity-and-authentication.md).
   * Every `client` and `admin` route names one (a test holds the route table to it).
   */
  scope?: [string, string];
  /**
   * A token bound to one end user (`userId`) may call this route: the routes of that user's own
   * records and the public catalogs. Every other route answers such a token 403.
   */
  userTokens?: true;
  request: R;
  /** Success responses by status; the error responses come from `errorStatuses`. */
  responses: Record<number, RouteResponse>;
  /** Error statuses the endpoint declares (400 for invalid input is always added). */
  errorStatuses?: number[];
  handler: (input: RouteInput<R>, ctx: RouteContext) => Promise<RouteResult>;
}

/** Keeps the request schemas' types flowing into the handler. */
export function defineRoute<R extends RouteRequest>(route: RouteDef<R>): RouteDef<R> {
  return route;
}

/** `/users/:user/wallets/:wallet` → `/users/{user}/wallets/{wallet}` */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
