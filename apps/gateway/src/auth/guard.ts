import type { Request, Response } from 'express';
import type { AuthContext } from '@custody/contracts';
import type { Redis } from 'ioredis';
import { Errors } from '@custody/errors';
import type { RouteDef, RouteGuard, RouteRequest } from '@custody/http';
import { hasScope } from '@custody/tenancy';
import { RATE_WINDOW_MS, RateLimiter } from './rate-limit';
import { TokenRejected, type TokenVerifier } from './token-verifier';

export interface GuardOptions {
  verifier: TokenVerifier;
  redis: Redis;
  keyPrefix: string;
  perClientPerMinute: number;
  tokenPerIpPerMinute: number;
}

function parseBasic(req: Request): { id: string; secret: string } {
  const header = req.header('authorization') ?? '';
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon <= 0) {
    throw Errors.unauthorized(
      'Send the api client id and secret as HTTP Basic credentials.',
      'invalid_client',
    );
  }
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

function bearerToken(req: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.header('authorization') ?? '');
  if (!match?.[1]) throw new TokenRejected('missing');
  return match[1];
}

/** Status for a refused token: 401, except where a route declares otherwise (whitelists: 403). */
function rejection(route: RouteDef<RouteRequest>, problem: TokenRejected['problem']) {
  const status = route.rejectedTokenStatus?.[problem] ?? 401;
  const messages = {
    missing: 'A bearer access token is required.',
    invalid: 'The access token is not valid.',
    expired: 'The access token has expired.',
    revoked: 'The access token has been revoked.',
  } as const;
  const code = problem === 'missing' ? 'unauthorized' : `token_${problem}`;
  return status === 403
    ? Errors.forbidden(messages[problem], code)
    : Errors.unauthorized(messages[problem], code);
}

/** What a login that may only enroll a passkey may call. */
const ENROLLMENT_OPERATIONS: ReadonlySet<string> = new Set([
  'createPasskeyRegistrationOptions',
  'registerPasskey',
  'listPasskeys',
]);

/**
 * Authentication, audience, scope and rate limits for every non-public route
 * (docs/decisions/identity-and-authentication.md).
 */
export function createGuard(options: GuardOptions): RouteGuard {
  const limiter = new RateLimiter(options.redis, options.keyPrefix);
  return async (req: Request, res: Response, route) => {
    if (route.auth === 'public') return {};
    if (route.auth === 'basic') {
      await limiter.consume(res, 'token-ip', req.ip ?? 'unknown', options.tokenPerIpPerMinute);
      return { credentials: parseBasic(req) };
    }
    if (route.auth === 'issuer-credentials') {
      // The issuer's id and secret are in the body; every attempt counts, to slow guessing.
      await limiter.consume(
        res,
        'issuer-auth-ip',
        req.ip ?? 'unknown',
        options.tokenPerIpPerMinute,
      );
      return {};
    }
    let auth;
    try {
      // Issuer routes take issuer tokens only, every other route v1 tokens only (audiences).
      const token = bearerToken(req);
      if (route.auth === 'issuer') {
        auth = await options.verifier.verifyIssuer(token);
      } else {
        // The token's state and the client's rate-limit count in one Redis command.
        const verified = await options.verifier.verify(token, {
          windowKey: (clientId) => limiter.key('client', clientId),
          limit: options.perClientPerMinute,
          windowMs: RATE_WINDOW_MS,
        });
        auth = verified.auth;
        if (verified.window)
          limiter.apply(
            res,
            options.perClientPerMinute,
            verified.window.count,
            verified.window.ttlMs,
          );
      }
    } catch (error) {
      if (error instanceof TokenRejected) throw rejection(route, error.problem);
      throw error;
    }
    if (route.auth === 'issuer') {
      await limiter.consume(res, 'client', auth.clientId, options.perClientPerMinute);
      const target: unknown = req.params['clientIssuerId'];
      if (target !== undefined && target !== auth.issuer?.id)
        throw Errors.forbidden('This token is limited to another issuer.', 'issuer_forbidden');
      return { auth };
    }
    if (auth.audience === 'auditor') {
      assertAuditorRead(req.method, route, auth);
    } else if (route.auth === 'admin' && auth.audience !== 'admin') {
      throw Errors.forbidden('This operation needs the admin audience.');
    }
    // A token bound to one end user stays in that user's lane
    // (docs/decisions/identity-and-authentication.md).
    if (auth.userId !== undefined && !route.userTokens) {
      throw Errors.forbidden(
        'A token bound to a user cannot call this operation.',
        'user_token_forbidden',
      );
    }
    // A login that may only enroll a passkey (docs/decisions/identity-and-authentication.md,
    // "Passkeys") reaches the passkey routes alone.
    if (auth.enrollmentOnly && !ENROLLMENT_OPERATIONS.has(route.operationId))
      throw Errors.forbidden(
        'Passkeys are required of this client: register one (POST /v1/clients/me/passkeys), then sign in with it.',
        'passkey_enrollment_required',
      );
    if (route.scope && !hasScope(auth, route.scope[0], route.scope[1])) {
      throw Errors.forbidden(
        `The token's scopes do not include ${route.scope.join(':')}.`,
        'insufficient_scope',
      );
    }
    return { auth };
  };
}

/**
 * What an auditor reads (docs/decisions/identity-and-authentication.md, "Auditors"): the audit
 * log, policies, approvals, users (personal fields masked), wallets and the movements, by the
 * route's `read` scope. An admin route only for an auditor of the platform.
 */
const AUDITOR_READS: ReadonlySet<string> = new Set([
  'audit',
  'policies',
  'approvals',
  'users',
  'wallets',
  'transactions',
  'transfers',
  'withdrawals',
  'incomes',
  'purchases',
  'assets',
  'enums',
]);

function assertAuditorRead(
  method: string,
  route: { auth: string; scope?: readonly string[] },
  auth: AuthContext,
): void {
  if (method !== 'GET' && method !== 'HEAD')
    throw Errors.forbidden('An auditor reads only; it changes nothing.', 'auditor_read_only');
  const [resource, action] = route.scope ?? [];
  if (resource === undefined || action !== 'read' || !AUDITOR_READS.has(resource))
    throw Errors.forbidden('An auditor does not read this.');
  if (route.auth === 'admin' && auth.auditScope !== 'platform')
    throw Errors.forbidden('This operation needs the admin audience.');
}
