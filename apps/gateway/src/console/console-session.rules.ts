import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { TokenView } from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';

// The console's session cookie and its CSRF checks, without I/O
// (docs/decisions/operator-console.md, "Sign-in and session").

/**
 * The session cookie. `__Host-`: the browser takes it only with `Secure`, `Path=/` and no
 * `Domain`, so a sibling subdomain cannot plant one (session fixation).
 */
export const SESSION_COOKIE = '__Host-custody-console';

/** The header that carries the session's CSRF token on every state-changing request. */
export const CSRF_HEADER = 'x-csrf-token';

const COOKIE_ATTRIBUTES = 'Path=/; Secure; HttpOnly; SameSite=Strict';

/** A session id or CSRF token: 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesState(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** `Set-Cookie` of a new session: no Max-Age, so it ends with the browser session too. */
export function sessionCookie(id: string): string {
  return `${SESSION_COOKIE}=${id}; ${COOKIE_ATTRIBUTES}`;
}

/** `Set-Cookie` that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;
}

/** The session id a `Cookie` header carries, if it carries a well-formed one. */
export function sessionIdFrom(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    if (TOKEN_PATTERN.test(value)) return value;
  }
  return undefined;
}

/** The Redis key part of a session: its id hashed, so what Redis holds does not sign anyone in. */
export function sessionKey(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

export interface RequestOrigin {
  method: string;
  /** `Origin` */
  origin: string | undefined;
  /** `Sec-Fetch-Site` */
  fetchSite: string | undefined;
  /** `Host` (as the gateway received it) */
  host: string | undefined;
}

/**
 * Why a state-changing request comes from another site, or undefined when it does not. A
 * browser says where a request comes from (`Sec-Fetch-Site`, `Origin`): it must be this origin
 * (the request's own host, or an origin of `trusted`, the public base URL behind a proxy that
 * rewrites Host). A request with neither header is no browser's, so no CSRF: its session's token
 * is still checked.
 */
export function crossSiteReason(
  request: RequestOrigin,
  trusted: readonly string[],
): string | undefined {
  if (!changesState(request.method)) return undefined;
  if (request.fetchSite !== undefined && request.fetchSite !== 'same-origin')
    return `Sec-Fetch-Site is ${request.fetchSite}`;
  if (request.origin === undefined) return undefined;
  if (trusted.includes(request.origin)) return undefined;
  let host: string;
  try {
    host = new URL(request.origin).host;
  } catch {
    return 'the Origin is not a URL';
  }
  if (host === '' || host !== request.host) return `the Origin ${request.origin} is another site`;
  return undefined;
}

export function csrfRejected(reason: string): AppError {
  return Errors.forbidden(
    `Refused as a possible cross-site request: ${reason}. The console sends its CSRF token in X-CSRF-Token.`,
    'csrf_rejected',
  );
}

/** Whether the CSRF token sent is the session's (compared in constant time). */
export function csrfTokenMatches(sent: string | undefined, expected: string): boolean {
  if (sent === undefined || !TOKEN_PATTERN.test(sent)) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

export function sessionRequired(): AppError {
  return Errors.unauthorized('Sign in to the console: there is no session.', 'session_required');
}

/** What the console shows of the signed-in client: for showing, never for deciding access. */
export interface ConsoleWho {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  tenantId: string;
  /** Its scopes as `resource:action`; null: every scope. */
  scopes: string[] | null;
  /** The login may only register a passkey (the token's `enr`): the console shows that alone. */
  enrollmentOnly?: true;
}

/** The signed-in client, from the token answer identity gave the gateway. */
export function whoOf(tokens: TokenView): ConsoleWho {
  const claims = decodeJwt(tokens.access_token);
  const audience = typeof claims['aud_c'] === 'string' ? claims['aud_c'] : undefined;
  const tenant = typeof claims['ten'] === 'string' ? claims['ten'] : undefined;
  const scopes = claims['scp'];
  return {
    id: tokens.client.id,
    name: tokens.client.name,
    email: tokens.client.email,
    isAdmin: (audience ?? tokens.client.audience[0]) === 'admin',
    tenantId: tenant ?? tokens.client.tenantId,
    scopes: Array.isArray(scopes)
      ? scopes.map((pair) => (Array.isArray(pair) ? pair.join(':') : String(pair)))
      : null,
    ...(claims['enr'] !== undefined ? { enrollmentOnly: true as const } : {}),
  };
}

/**
 * Whether a session's access token is to be refreshed before use: when it has less than a fifth
 * of its life left, at most a minute (as the SDK does), so that it does not expire on its way.
 */
export function needsRefresh(token: { issuedAt: number; expiresAt: number }, now: number): boolean {
  const margin = Math.min(60_000, (token.expiresAt - token.issuedAt) / 5);
  return now >= token.expiresAt - margin;
}
