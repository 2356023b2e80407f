import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthAttestation, AuthContext } from '@custody/contracts';

/** The auth context a handler received and the gateway's attestation that vouched for it. */
interface Origin {
  auth: AuthContext;
  attestation: AuthAttestation;
}

const storage = new AsyncLocalStorage<Origin>();

/** Runs a handler with the proven auth context of its request (see `originOf`). */
export function runWithOrigin<T>(origin: Origin | undefined, fn: () => T): T {
  return origin ? storage.run(origin, fn) : fn();
}

/**
 * The gateway's attestation of `auth`, when it is the auth context of the request being handled
 * (the same object, as services pass it on): a call made for that request carries it along.
 */
export function originOf(auth: AuthContext): AuthAttestation | undefined {
  const origin = storage.getStore();
  return origin && origin.auth === auth ? origin.attestation : undefined;
}

/**
 * The request being handled's proven auth context, to carry into work that runs later in another
 * async context (a batch): `runWithOrigin` it there, and its calls carry the attestation along.
 */
export function currentOrigin(): Origin | undefined {
  return storage.getStore();
}

export type { Origin as RpcOrigin };
