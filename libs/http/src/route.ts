import type { Request } from 'express';
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ApiVersion = 'v1' | 'v2';

/** Who may call a route. Only `public` exists until authentication lands (identity issue). */
export type RouteAuth = 'public';

export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
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
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** For list routes: total record count before paging; sets X-Total-Count and Link. */
  total?: number;
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
