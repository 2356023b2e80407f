import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import { Errors } from '@custody/errors';
import type { RouteGuard } from '@custody/http';
import { withLockoutRetryAfter } from '../auth/account-lockout';
import type { RateLimiter } from '../auth/rate-limit';
import { defineRoute } from '../route';
import {
  changesState,
  clearedSessionCookie,
  CSRF_HEADER,
  crossSiteReason,
  csrfRejected,
  sessionCookie,
  sessionIdFrom,
  sessionRequired,
} from './console-session.rules';
import type { ConsoleSessions } from './console-sessions';
import { authenticationResponseSchema } from '../passkeys/passkeys.schemas';

// The console's backend-for-frontend (docs/decisions/operator-console.md, "Sign-in and
// session"): /console/session signs in, says who is signed in and signs out; /console/api/v1/*
// is the API itself, authenticated by the session cookie. Not in the OpenAPI documents: they are
// the console's own surface, not the API's.

const NO_STORE = { 'Cache-Control': 'no-store' };

/** 403 `csrf_rejected` for a state-changing request a browser sent from another site. */
function refuseCrossSite(req: Request, trustedOrigins: readonly string[]): void {
  const reason = crossSiteReason(
    {
      method: req.method,
      origin: req.header('origin'),
      fetchSite: req.header('sec-fetch-site'),
      host: req.host,
    },
    trustedOrigins,
  );
  if (reason !== undefined) throw csrfRejected(reason);
}

const SIGN_IN = 'createConsoleSession';
const PASSKEY_OPTIONS = 'createConsoleSessionPasskeyOptions';

/**
 * The guard of the session routes: no state-changing request from another site; sign-in
 * attempts counted per IP in the token endpoint's window (the account's lockout is identity's).
 */
export function consoleSessionGuard(options: {
  limiter: RateLimiter;
  perIpPerMinute: number;
  trustedOrigins: readonly string[];
}): RouteGuard {
  return async (req, res, route) => {
    refuseCrossSite(req, options.trustedOrigins);
    if (route.operationId === SIGN_IN || route.operationId === PASSKEY_OPTIONS)
      await options.limiter.consume(res, 'token-ip', req.ip ?? 'unknown', options.perIpPerMinute);
    return {};
  };
}

export function consoleSessionRoutes(sessions: ConsoleSessions) {
  const current = (req: Request) => sessions.find(sessionIdFrom(req.header('cookie')));
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/session',
      operationId: SIGN_IN,
      summary: 'Sign in to the console',
      description:
        "Signs a client in with its e-mail and password, or with a passkey's assertion (`passkey`) over the sign-in derivation (`signInChallenge`) of a challenge of `POST /console/session/webauthn-options`, through the console's api client, which the gateway alone knows, and sets the session cookie (HttpOnly, Secure, SameSite=Strict); the answer carries who signed in and the session's CSRF token, never a token. " +
        'Not idempotent: every call makes a new session. ' +
        'Errors: 401 `invalid_grant` or `passkey_assertion_invalid`; 400 `webauthn_challenge_invalid`; 403 `csrf_rejected` (from another site) or `passkey_required` (a password where the passkey is required); 429 per IP or `account_locked` (with Retry-After); 503 `console_not_configured`.',
      tags: ['console'],
      auth: 'public',
      request: {
        body: z.union([
          z
            .object({
              email: z.string().min(1).max(320),
              password: z.string().min(1).max(256),
            })
            .strict(),
          z.object({ passkey: authenticationResponseSchema }).strict(),
        ]),
      },
      responses: { 201: { description: 'Signed in' } },
      errorStatuses: [400, 401, 403, 503],
      handler: async ({ body }, ctx) => {
        const { id, view } = await withLockoutRetryAfter(
          ctx.req,
          'passkey' in body
            ? sessions.signInWithPasskey(body.passkey)
            : sessions.signIn(body.email, body.password),
        );
        return {
          status: 201,
          body: view,
          headers: { ...{}, ...NO_STORE, 'Set-Cookie': sessionCookie(id) },
        };
      },
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/session/webauthn-options',
      operationId: PASSKEY_OPTIONS,
      summary: 'A challenge to sign in to the console with a passkey',
      description:
        "Answers the options of a WebAuthn sign-in (any discoverable passkey, user verification required) through the console's api client: the challenge is kept five minutes for one `POST /console/session` with `passkey`, whose assertion signs the challenge's sign-in derivation (the SDK's `signInChallenge`), never the challenge as given. " +
        'Not idempotent: every call makes a new challenge; it counts in the sign-in window per IP. ' +
        'Errors: 403 `csrf_rejected` (from another site); 429 per IP; 503 `console_not_configured`.',
      tags: ['console'],
      auth: 'public',
      request: {},
      responses: { 200: { description: 'The request options' } },
      errorStatuses: [403, 503],
      handler: async () => ({
        status: 200,
        body: await sessions.passkeyOptions(),
        headers: NO_STORE,
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/session',
      operationId: 'getConsoleSession',
      summary: 'Who is signed in to the console',
      description:
        "Answers the session's client and CSRF token (a reload of the console reads it), refreshing its access token on the server when it is about to expire. Changes nothing the browser sees. " +
        'Errors: 401 `session_required` (no session, or it ended).',
      tags: ['console'],
      auth: 'public',
      request: {},
      responses: { 200: { description: 'The session' } },
      errorStatuses: [401],
      handler: async (_input, ctx) => {
        const session = await current(ctx.req);
        if (!session) throw sessionRequired();
        // A session whose login was revoked ends here rather than at its first call.
        await sessions.accessToken(session);
        return { status: 200, body: sessions.view(session), headers: NO_STORE };
      },
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/session',
      operationId: 'deleteConsoleSession',
      summary: 'Sign out of the console',
      description:
        "Revokes the session's refresh token (its whole login) and access token, forgets the session and removes the cookie. Idempotent: without a session it only removes the cookie. " +
        "Errors: 403 `csrf_rejected` (from another site, or without the session's CSRF token).",
      tags: ['console'],
      auth: 'public',
      request: {},
      responses: { 204: { description: 'Signed out' } },
      errorStatuses: [403],
      handler: async (_input, ctx) => {
        const session = await current(ctx.req);
        if (session) {
          sessions.checkCsrf(session, ctx.req.header(CSRF_HEADER));
          await sessions.signOut(session);
        }
        return {
          status: 204,
          headers: { ...{}, ...NO_STORE, 'Set-Cookie': clearedSessionCookie() },
        };
      },
    }),
  ];
}

/**
 * /console/api: the API's v1 routes (`api`, the gateway's own router, with its guard, limits and
 * audit), each request authenticated by the session cookie: the gateway puts the session's
 * access token in `Authorization` (any the browser sent is replaced), after the CSRF checks.
 */
export function consoleApiRouter(options: {
  sessions: ConsoleSessions;
  trustedOrigins: readonly string[];
  api: Router;
}): Router {
  const router = express.Router();
  router.use(async (req, _res, next) => {
    refuseCrossSite(req, options.trustedOrigins);
    const session = await options.sessions.find(sessionIdFrom(req.header('cookie')));
    if (!session) throw sessionRequired();
    if (changesState(req.method)) options.sessions.checkCsrf(session, req.header(CSRF_HEADER));
    req.headers.authorization = `Bearer ${await options.sessions.accessToken(session)}`;
    next();
  });
  router.use('/v1', options.api);
  router.use((_req, _res, next) => next(Errors.notFound('route', 'route_not_found')));
  return router;
}
