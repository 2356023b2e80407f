import { z } from 'zod';
import {
  type ApiClientCredentials,
  IDENTITY_RPC,
  type RpcResult,
  type TokenView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type RouteContext } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
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
      summary: 'Issue an access and refresh token (password or refresh_token grant)',
      description:
        "Exchanges the api client's credentials (HTTP Basic) and a grant for an access token (an EdDSA JWT valid `expires_in` seconds) and a refresh token: `password` with the client's e-mail and password, or `refresh_token` with the last refresh token; with `userId` the access token reaches only that end user's records. " +
        'It stores the new refresh token (hashed) and marks a refreshed one used: a refresh token works once, and one that comes back revokes every token of its login (401 `refresh_token_reused`). ' +
        'It is not idempotent and ignores Idempotency-Key: every call issues new tokens. ' +
        "Errors: 401 `invalid_client` (the api client's id or secret) or `invalid_grant` (the e-mail and password, or an unknown, expired or another api client's refresh token); 400 `unknown_user` (`userId` is not a user of the client's tenant) or `invalid_request` (a refresh asking for another `userId`); 403 `audience_not_allowed` (an admin client through an api client of the general audience); 429 per IP.",
      tags: ['tokens'],
      auth: 'basic',
      request: { body: tokenRequest },
      responses: { 201: { description: 'Token issued', schema: tokenSchema } },
      errorStatuses: [401, 403],
      handler: async ({ body }, ctx) => ({
        status: 201,
        body: await rpc.call('identity', IDENTITY_RPC.issueToken, {
          credentials: credentialsOf(ctx),
          request: body,
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
