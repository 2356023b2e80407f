import { z } from 'zod';
import {
  type ApiClientCredentials,
  ENROLLMENT_CODE_GRANT,
  IDENTITY_RPC,
  WEBAUTHN_GRANT,
  type RpcResult,
  type TokenView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type RouteContext } from '@custody/http';
import { withLockoutRetryAfter } from '../auth/account-lockout';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { authenticationResponseSchema, requestOptionsSchema } from '../passkeys/passkeys.schemas';
import { clientSchema, idString, timestamps } from '../schemas';
import { defineRoute } from '../route';

/** The api client's credentials, which the guard of every `basic` route has checked are there. */
function credentialsOf(ctx: RouteContext): ApiClientCredentials {
  if (!ctx.credentials) throw Errors.unauthorized('Api client credentials are required.');
  return ctx.credentials;
}

const tokenRequest = z.discriminatedUnion('grant_type', [
  z
    .object({
      grant_type: z.literal('password'),
      username: z.string().min(1).max(320).meta({ description: 'The client e-mail' }),
      password: z.string().min(1).max(256),
      userId: z.string().min(1).max(128).optional(),
    })
    .strict(),
  z
    .object({
      grant_type: z.literal('refresh_token'),
      refresh_token: z.string().min(1).max(512),
      userId: z.string().min(1).max(128).optional(),
    })
    .strict(),
  z
    .object({
      grant_type: z.literal(WEBAUTHN_GRANT),
      response: authenticationResponseSchema,
      userId: z.string().min(1).max(128).optional(),
    })
    .strict(),
  z
    .object({
      grant_type: z.literal(ENROLLMENT_CODE_GRANT),
      username: z.string().min(1).max(320).meta({ description: 'The client e-mail' }),
      code: z.string().min(1).max(128).meta({
        description: 'The one-time enrollment code (the bootstrap admin’s, printed once)',
      }),
    })
    .strict(),
]);

/**
 * The longest access token identity can sign: a JWS whose claims carry the client's scopes (at
 * most 64 entries of 16 strings of 64 characters, each character at most 6 in JSON, `\u0000`),
 * base64url-encoded. A client without scopes gets a token of under 1,000 characters.
 */
const ACCESS_TOKEN_MAX_LENGTH = 600_000;

const tokenSchema = contractSchema<TokenView>()(
  z.object({
    ...{},
    ...timestamps,
    access_token: z.string().max(ACCESS_TOKEN_MAX_LENGTH),
    token_type: z.literal('Bearer'),
    expires_in: z
      .string()
      .regex(/^[1-9]\d{0,4}$/)
      .meta({ description: 'Seconds until the access token expires' }),
    // 32 random bytes, base64url.
    refresh_token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    client: clientSchema,
    userId: idString.optional(),
  }),
);

const revokedSchema = contractSchema<RpcResult<'identity', typeof IDENTITY_RPC.revokeToken>>()(
  z.object({ revoked: z.literal(true) }),
);

export function tokenRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/tokens',
      operationId: 'createToken',
      summary: 'Issue an access and refresh token (password, refresh_token, webauthn grants)',
      description:
        "Exchanges the api client's credentials (HTTP Basic) and a grant for an access token (an EdDSA JWT valid `expires_in` seconds) and a refresh token: `password` with the client's e-mail and password, `refresh_token` with the last refresh token, `urn:custody:webauthn` with a passkey's assertion over the sign-in derivation of a challenge of `POST /v1/tokens/webauthn-challenge`, or `urn:custody:enrollment-code` with a one-time enrollment code; with `userId` the access token reaches only that end user's records. " +
        'Where passkeys are required (admins in production, members of a tenant that requires them), a password signs in a client without a passkey only to register one (the token reaches the passkey routes alone), and is refused once it has one; an enrollment code signs in the same way, once. ' +
        'It stores the new refresh token (hashed) and marks a refreshed one used: a refresh token works once, and one that comes back revokes every token of its login (401 `refresh_token_reused`). ' +
        'It is not idempotent and ignores Idempotency-Key: every call issues new tokens. ' +
        "Errors: 401 `invalid_client` (the api client's id or secret), `invalid_grant` (the e-mail and password, an unknown, expired or another api client's refresh token, an unknown passkey or another client's than the challenge named, a used or unknown enrollment code) or `passkey_assertion_invalid` (the assertion's signature, origin, user verification or counter); 400 `unknown_user` (`userId` is not a user of the client's tenant), `invalid_request` (a refresh asking for another `userId`) or `webauthn_challenge_invalid` (an unknown, expired, used or another api client's challenge: a replay); 403 `audience_not_allowed` (an admin client through an api client of the general audience) or `passkey_required` (a password, or a refresh of a password's login, for a client that must use its passkey); 429 per IP, or `account_locked` after repeated wrong passwords for the e-mail (whichever IPs they came from), with Retry-After: refused whatever the password until then.",
      tags: ['tokens'],
      auth: 'basic',
      request: { body: tokenRequest },
      responses: { 201: { description: 'Token issued', schema: tokenSchema } },
      errorStatuses: [400, 401, 403],
      handler: async ({ body }, ctx) => ({
        status: 201,
        body: await withLockoutRetryAfter(
          ctx.req,
          rpc.call('identity', IDENTITY_RPC.issueToken, {
            credentials: credentialsOf(ctx),
            request: body,
          }),
        ),
        headers: { 'Cache-Control': 'no-store' },
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/tokens/webauthn-challenge',
      operationId: 'createWebAuthnChallenge',
      summary: 'A challenge to sign in with a passkey (extension)',
      description:
        'Answers the options of a WebAuthn sign-in (`navigator.credentials.get`, or `startAuthentication` of `@simplewebauthn/browser`) for the calling api client (HTTP Basic): a challenge kept five minutes for one `POST /v1/tokens` with grant `urn:custody:webauthn` through the same api client, user verification required. ' +
        'With `username`, only that client’s passkeys may answer (they are listed in `allowCredentials`); without, any discoverable passkey. An unknown e-mail gets a challenge no passkey answers, alike. ' +
        "The passkey signs not this challenge but its sign-in derivation, the SHA-256 of `custody/sign-in/v1:` followed by the challenge's bytes, base64url (the SDK's `signInChallenge`), which no approval's challenge can be; an assertion over the challenge as given is refused (400 `webauthn_challenge_invalid`). " +
        'Every call makes a new challenge (not idempotent; Idempotency-Key is not used); it counts in the per-IP window of `/v1/tokens`. ' +
        "Errors: 401 `invalid_client` (the api client's id or secret); 429 per IP.",
      tags: ['tokens'],
      auth: 'basic',
      request: {
        body: z
          .object({
            username: z
              .string()
              .min(1)
              .max(320)
              .optional()
              .meta({ description: 'The client e-mail whose passkeys may answer' }),
          })
          .strict(),
      },
      responses: { 200: { description: 'The request options', schema: requestOptionsSchema } },
      errorStatuses: [401],
      handler: async ({ body }, ctx) => ({
        status: 200,
        body: await rpc.call('identity', IDENTITY_RPC.passkeySignInOptions, {
          ...{},
          ...body,
          credentials: credentialsOf(ctx),
        }),
        headers: { 'Cache-Control': 'no-store' },
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/tokens/revoke',
      operationId: 'revokeToken',
      summary: 'Revoke an access token or a refresh token (RFC 7009; extension)',
      description:
        'Revokes an access token until it expires, or a refresh token with every token refreshed from the same login (RFC 7009), when the calling api client issued it. ' +
        'It answers `revoked: true` whether or not the token was known, so it tells nothing about it; the gateway refuses a revoked access token from the next request (401 `token_revoked`). ' +
        'Naturally idempotent: revoking again changes nothing more (Idempotency-Key is not used). ' +
        'Errors: 401 `invalid_client` for wrong api client credentials; 429 per IP.',
      tags: ['tokens'],
      auth: 'basic',
      request: { body: z.object({ token: z.string().min(1).max(4096) }).strict() },
      responses: {
        200: {
          description: 'Revoked (also when the token was unknown)',
          schema: revokedSchema,
        },
      },
      errorStatuses: [401],
      handler: async ({ body }, ctx) => ({
        status: 200,
        body: await rpc.call('identity', IDENTITY_RPC.revokeToken, {
          credentials: credentialsOf(ctx),
          token: body.token,
        }),
      }),
    }),
  ];
}
