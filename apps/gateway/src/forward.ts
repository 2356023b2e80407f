import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { ListResult, ServiceName } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RouteContext, RouteResult } from '@custody/http';
import type { RpcClient } from '@custody/messaging';

/** What a forwarding handler sees of the validated input. */
export interface ForwardInput {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
}

interface ForwardOptions {
  /** Success status; 200 by default. */
  status?: number;
  /** Reads are idempotent (re-run safely after a service restart). */
  read?: boolean;
  /** The RPC params; the request body by default. */
  params?: (input: ForwardInput) => unknown;
  headers?: Record<string, string>;
}

/**
 * The `Idempotency-Key` of a POST (DESIGN §5), with a hash of what was asked (method, path and
 * body), so that the same key with another request is recognised as a conflict.
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

/** A route handler that is one RPC call: the thin edge of DESIGN §1. */
export function forward(
  rpc: RpcClient,
  service: ServiceName,
  method: string,
  options: ForwardOptions = {},
) {
  return async (input: ForwardInput, ctx: RouteContext): Promise<RouteResult> => ({
    status: options.status ?? 200,
    body: await rpc.call(service, method, options.params ? options.params(input) : input.body, {
      ...{},
      ...(ctx.auth ? { auth: ctx.auth } : {}),
      ...(options.read ? { idempotent: true } : {}),
      ...withKey(idempotencyKeyOf(ctx.req)),
    }),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

function withKey(key: ReturnType<typeof idempotencyKeyOf>) {
  return key ? { idempotencyKey: key } : {};
}

/** A list route: forwards the parsed list query and filters, answers the page with its total. */
export function forwardList(
  rpc: RpcClient,
  service: ServiceName,
  method: string,
  params: (input: ForwardInput) => unknown = (input) => input.query,
) {
  return async (input: ForwardInput, ctx: RouteContext): Promise<RouteResult> => {
    const result = await rpc.call<ListResult<unknown>>(service, method, params(input), {
      ...{},
      ...(ctx.auth ? { auth: ctx.auth } : {}),
      idempotent: true,
    });
    return { status: 200, body: result.items, total: result.total };
  };
}
