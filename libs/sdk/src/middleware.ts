import type { Middleware } from 'openapi-fetch';
import { CustodyError } from './errors.js';
import { problemCode } from './retry.js';
import type { TokenSource } from './tokens.js';

/** A new Idempotency-Key: a random UUID. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Gives every POST an `Idempotency-Key` (a random UUID) unless the caller set one. It is set
 * before the request reaches the retrying fetch, so each retry of the POST carries the same key
 * and the gateway replays the first answer instead of running the command twice.
 */
export function idempotencyMiddleware(): Middleware {
  return {
    onRequest({ request }) {
      if (request.method === 'POST' && !request.headers.has('idempotency-key'))
        request.headers.set('Idempotency-Key', newIdempotencyKey());
      return request;
    },
  };
}

/**
 * `Authorization: Bearer <token>` from a token source (for the routes it covers; `pick` chooses
 * the source by schema path, undefined for none). A 401 `token_expired` renews the token once
 * and sends the request again with the new one.
 */
export function bearerAuthMiddleware(
  pick: (schemaPath: string) => TokenSource | undefined,
): Middleware {
  const sent = new Map<string, { source: TokenSource; token: string; copy: Request }>();
  return {
    async onRequest({ request, schemaPath, id }) {
      const source = pick(schemaPath);
      if (!source || request.headers.has('authorization')) return request;
      const token = await source.accessToken();
      if (token === undefined) return request;
      request.headers.set('Authorization', `Bearer ${token}`);
      if (source.renew) sent.set(id, { source, token, copy: request.clone() });
      return request;
    },
    async onResponse({ response, id, options }) {
      const entry = sent.get(id);
      sent.delete(id);
      if (!entry?.source.renew || response.status !== 401) return response;
      if ((await problemCode(response)) !== 'token_expired') return response;
      if (!(await entry.source.renew(entry.token))) return response;
      const token = await entry.source.accessToken();
      if (token === undefined) return response;
      await response.body?.cancel().catch(() => undefined);
      entry.copy.headers.set('Authorization', `Bearer ${token}`);
      return options.fetch(entry.copy);
    },
    onError({ id }) {
      sent.delete(id);
    },
  };
}

/** A request that got no answer (every attempt failed) becomes a `CustodyError` (status 0). */
export function networkErrorMiddleware(): Middleware {
  return {
    onError({ error }) {
      if (error instanceof CustodyError) return error;
      if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
        return error;
      return CustodyError.network(error);
    },
  };
}
