import { createHash } from 'node:crypto';
import type { Request } from 'express';
import {
  type ListQuery,
  type ListResult,
  MAX_LIST_PAGE,
  type RpcMethod,
  type RpcParams,
  type RpcResult,
  type ServiceName,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RouteContext, RouteResult } from '@custody/http';
import type { RpcClient } from '@custody/messaging';

/** What a forwarding handler sees of the validated input (a route's `RouteInput`). */
export interface ForwardInput {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
}

interface ForwardOptions {
  /** Success status; 200 by default. */
  status?: number;
  /** A result with an `approvalId` was held for approval: 202 Accepted instead of `status`. */
  held?: true;
  /** Reads are idempotent (re-run safely after a service restart). */
  read?: boolean;
  headers?: Record<string, string>;
}

type RouteHandler<I> = (input: I, ctx: RouteContext) => Promise<RouteResult>;

/** The methods of a service whose result is a list page. */
type ListMethod<S extends ServiceName> = {
  [M in RpcMethod<S>]: RpcResult<S, M> extends ListResult<unknown> ? M : never;
}[RpcMethod<S>];

/**
 * The `Idempotency-Key` of a POST (docs/decisions/ledger-and-money-movement.md), with a hash of
 * what was asked (method, path and body), so that the same key with another request is recognised
 * as a conflict.
 */
export function idempotencyKeyOf(req: Request): { key: string; requestHash: string } | undefined {
  if (req.method !== 'POST') return undefined;
  const key = req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw Errors.validation([
      { path: 'headers.idempotency-key', message: '1 to 255 visible ASCII characters' },
    ]);
  }
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
  return { key, requestHash };
}

/**
 * A route handler that is one RPC call: the thin edge of docs/architecture.md, "Request path".
 * `params` maps the validated input to the method's params (the request body when omitted); the
 * compiler checks both against the service's contract.
 */
export function forward<S extends ServiceName, M extends RpcMethod<S>, I>(
  rpc: RpcClient,
  service: S,
  method: M,
  options: ForwardOptions & { params: (input: I) => RpcParams<S, M> },
): RouteHandler<I>;
export function forward<
  S extends ServiceName,
  M extends RpcMethod<S>,
  I extends { body: RpcParams<S, M> },
>(rpc: RpcClient, service: S, method: M, options?: ForwardOptions): RouteHandler<I>;
export function forward(
  rpc: RpcClient,
  service: ServiceName,
  method: string,
  options: ForwardOptions & { params?: (input: ForwardInput) => unknown } = {},
): RouteHandler<ForwardInput> {
  return async (input, ctx) => {
    const body = await rpc.callAny(
      service,
      method,
      options.params ? options.params(input) : input.body,
      {
        ...{},
        ...(ctx.auth ? { auth: ctx.auth } : {}),
        ...(options.read ? { idempotent: true } : {}),
        ...withKey(idempotencyKeyOf(ctx.req)),
      },
    );
    return {
      status: options.held && isHeld(body) ? 202 : (options.status ?? 200),
      body,
      ...(options.headers ? { headers: options.headers } : {}),
    };
  };
}

function isHeld(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'approvalId' in body;
}

function withKey(key: ReturnType<typeof idempotencyKeyOf>) {
  return key ? { idempotencyKey: key } : {};
}

function isListResult(value: unknown): value is ListResult<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as Partial<ListResult<unknown>>).items) &&
    typeof (value as Partial<ListResult<unknown>>).total === 'number'
  );
}

/**
 * A list route: forwards the parsed list query and filters (or what `params` makes of the input)
 * to a method that answers a page, and answers the page with its total.
 */
export function forwardList<S extends ServiceName, M extends ListMethod<S>, I>(
  rpc: RpcClient,
  service: S,
  method: M,
  params: (input: I) => RpcParams<S, M>,
): RouteHandler<I>;
export function forwardList<
  S extends ServiceName,
  M extends ListMethod<S>,
  I extends { query: RpcParams<S, M> },
>(rpc: RpcClient, service: S, method: M): RouteHandler<I>;
export function forwardList(
  rpc: RpcClient,
  service: ServiceName,
  method: string,
  params: (input: ForwardInput) => unknown = (input) => input.query,
): RouteHandler<ForwardInput> {
  return async (input, ctx) => {
    const call = async (rpcParams: unknown) => {
      const result = await rpc.callAny(service, method, rpcParams, {
        ...{},
        ...(ctx.auth ? { auth: ctx.auth } : {}),
        idempotent: true,
      });
      if (!isListResult(result)) throw Errors.internal(new Error(`${method} answered no list`));
      return result;
    };
    const rpcParams = params(input);
    const list = listOf(rpcParams);
    if (list?.limit !== 0) {
      const result = await call(rpcParams);
      return { status: 200, body: result.items, ...listMeta(result) };
    }
    // limit=0: the whole list, as pages that follow their cursors. The first page is fetched
    // before answering, so that a refusal is still a problem answer, and carries the total.
    const pageParams = (after: string | undefined) => withList(rpcParams, list, after);
    const first = await call(pageParams(undefined));
    return {
      status: 200,
      ...listMeta(first),
      pages: async function* (signal: AbortSignal) {
        let page = first;
        yield page.items;
        while (page.next !== undefined && !signal.aborted) {
          page = await call(pageParams(page.next));
          yield page.items;
        }
      },
    };
  };
}

/** The list query inside a method's params (`{ list }` or `{ …, list }`), if it has one. */
function listOf(rpcParams: unknown): ListQuery | undefined {
  if (typeof rpcParams !== 'object' || rpcParams === null) return undefined;
  const list = (rpcParams as { list?: unknown }).list;
  return typeof list === 'object' && list !== null ? (list as ListQuery) : undefined;
}

/**
 * The rows of one page of a stream. Smaller than a service's largest answer: a page's reply
 * shares the gateway's broker connection with every other request's, and a big one delays the
 * replies behind it (other clients' p99 during a stream: ×9 with 1,000-row pages, ×2.6–3.1 with
 * 250, ×1.6 with 100; docs/decisions/lists-at-scale.md).
 */
const STREAM_PAGE = Math.min(MAX_LIST_PAGE, 100);

/** The same params asking for one page of a stream, after the cursor (total on the first only). */
function withList(rpcParams: unknown, list: ListQuery | undefined, after: string | undefined) {
  const base = list ?? ({} as ListQuery);
  const { after: _ignored, ...rest } = base;
  return {
    ...{},
    ...(rpcParams as object),
    list: {
      ...{},
      ...rest,
      page: 1,
      limit: STREAM_PAGE,
      ...(after ? { after, withoutTotal: true } : {}),
    },
  };
}

function listMeta(result: ListResult<unknown>) {
  return {
    total: result.total,
    ...(result.totalIsLowerBound ? { totalIsLowerBound: true } : {}),
    ...(result.next ? { next: result.next } : {}),
  };
}
