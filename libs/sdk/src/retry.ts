/** How requests are retried: on network errors, 5xx, and 409 `idempotency_in_progress`. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1 turns retries off). */
  maxAttempts?: number;
  /** The first backoff (default 200 ms); each next one doubles, up to `maxDelayMs`. */
  baseDelayMs?: number;
  /** The longest wait between two attempts (default 5,000 ms), `Retry-After` included. */
  maxDelayMs?: number;
  /** Methods retried on 5xx and network errors (default: every one but PATCH). */
  methods?: readonly string[];
}

export const DEFAULT_RETRY: Required<RetryOptions> = {
  maxAttempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  // A POST is retried under its Idempotency-Key, which the gateway replays; PATCH has none.
  methods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'POST'],
};

/** The options with their defaults; an option given as `undefined` keeps its default. */
export function retrySettings(options: RetryOptions = {}): Required<RetryOptions> {
  return {
    maxAttempts: Math.max(1, Math.floor(options.maxAttempts ?? DEFAULT_RETRY.maxAttempts)),
    baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    methods: options.methods ?? DEFAULT_RETRY.methods,
  };
}

/** What a retry policy is told about the attempt that just failed. */
export type AttemptOutcome = { response: Response } | { error: unknown };

/** Decides whether an attempt's outcome is worth another attempt of the same request. */
export type RetryDecision = (request: Request, outcome: AttemptOutcome) => Promise<boolean>;

/** The problem `code` of an answer, read from a copy so the body stays readable. */
export async function problemCode(response: Response): Promise<string | undefined> {
  const type = response.headers.get('content-type') ?? '';
  if (!/json/i.test(type)) return undefined;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body?.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The default policy: a network error or any 5xx for the retried methods, and a 409
 * `idempotency_in_progress` (a twin of this request still running) for any method.
 */
export function defaultRetryDecision(methods: readonly string[]): RetryDecision {
  const retried = new Set(methods.map((m) => m.toUpperCase()));
  return async (request, outcome) => {
    if ('error' in outcome) return retried.has(request.method) && !isAbort(outcome.error);
    const { status } = outcome.response;
    if (status >= 500) return retried.has(request.method);
    if (status === 409) return (await problemCode(outcome.response)) === 'idempotency_in_progress';
    return false;
  };
}

/**
 * For a request that must not run twice and has no Idempotency-Key to protect it (the refresh
 * grant: a refresh token presented again revokes its family): retried only when it surely did
 * not run, a connection refused or a 503 (the gateway's "not run, retry" answers).
 */
export const retryWhenNotRun: RetryDecision = async (_request, outcome) => {
  if ('response' in outcome) return outcome.response.status === 503;
  const code = errorCode(outcome.error);
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
};

function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** Full-jitter exponential backoff: a random wait in [d/2, d], d = base·2^(attempt-1) capped. */
export function backoffDelay(attempt: number, options: Required<RetryOptions>): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), if the answer has one. */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A `fetch` that sends the same request again (same headers, so the same Idempotency-Key, and the
 * same body) while `decide` says so, at most `maxAttempts` times, with backoff and jitter; it
 * answers the last response, or throws the last network error. Given to openapi-fetch as its
 * `fetch`, so it sees each request after every middleware has run.
 */
export function retryingFetch(
  options: RetryOptions = {},
  decide?: RetryDecision,
  baseFetch: (request: Request) => Promise<Response> = (request) => globalThis.fetch(request),
): (request: Request) => Promise<Response> {
  const settings = retrySettings(options);
  const shouldRetry = decide ?? defaultRetryDecision(settings.methods);
  return async (request) => {
    // Each attempt sends a copy: a request's body can be read once.
    const template = settings.maxAttempts > 1 ? request.clone() : request;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= settings.maxAttempts;
      const sent = last ? template : template.clone();
      let outcome: AttemptOutcome;
      try {
        outcome = { response: await baseFetch(sent) };
      } catch (error) {
        outcome = { error };
      }
      if (last || !(await shouldRetry(request, outcome))) {
        if ('error' in outcome) throw outcome.error;
        return outcome.response;
      }
      let wait = backoffDelay(attempt, settings);
      if ('response' in outcome) {
        const after = retryAfterMs(outcome.response);
        if (after !== undefined) wait = Math.min(settings.maxDelayMs, Math.max(wait, after));
        // Let the connection go back to the pool.
        await outcome.response.body?.cancel().catch(() => undefined);
      }
      await sleep(wait, request.signal);
    }
  };
}
