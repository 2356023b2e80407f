import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthContext, ForwardGrant } from '@custody/contracts';

/**
 * The auth context a handler received, the request it came with and the gateway's attestations
 * of the forwards that request may make: what calls made in its name carry along.
 */
interface Origin {
  auth: AuthContext;
  requestId: string;
  forwards: ForwardGrant | undefined;
}

const storage = new AsyncLocalStorage<Origin>();

/** Runs a handler with the proven auth context of its request (see `originOf`). */
export function runWithOrigin<T>(origin: Origin | undefined, fn: () => T): T {
  return origin ? storage.run(origin, fn) : fn();
}

/**
 * The request being handled, when `auth` is its auth context (the same object, as services pass
 * it on): a call made with it goes in that request's name, with its forwards' attestations.
 */
export function originOf(auth: AuthContext): Origin | undefined {
  const origin = storage.getStore();
  return origin && origin.auth === auth ? origin : undefined;
}

/**
 * The request being handled's proven auth context, to carry into work that runs later in another
 * async context (a batch): `runWithOrigin` it there, and its calls go in that request's name.
 */
export function currentOrigin(): Origin | undefined {
  return storage.getStore();
}

export type { Origin as RpcOrigin };
