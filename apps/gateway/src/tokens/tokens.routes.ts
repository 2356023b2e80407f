import { z } from 'zod';
import {
  type ApiClientCredentials,
  IDENTITY_RPC,
  type RpcResult,
  type TokenView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { defineRoute, type RouteContext } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { clientSchema, idString, timestamps } from '../schemas';

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
