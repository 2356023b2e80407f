import { z } from 'zod';
import { type ApiClientView, IDENTITY_RPC } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import { audienceValue, idParam, idResponse, timestamps } from '../schemas';
import { defineRoute } from '../route';

// Bounded as the fields it is created from (the bootstrap api client's too: its config).
const apiClientSchema = contractSchema<ApiClientView>()(
  z.object({
    ...{},
    ...timestamps,
    name: z.string().max(200),
    description: z.string().max(2000),
    secret: z.string().max(256),
    audience: audienceValue,
    accessTokenExpiresIn: z.number().int(),
    refreshTokenExpiresIn: z.number().int(),
  }),
);

const fields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000),
  secret: z.string().min(16).max(256),
  audience: audienceValue,
  accessTokenExpiresIn: z.number().int().min(1).max(86_400),
  refreshTokenExpiresIn: z
    .number()
    .int()
    .min(1)
    .max(365 * 86_400),
};

const createBody = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9._-]{3,64}$/)
      .optional(),
    ...fields,
  })
  .partial({
    description: true,
    secret: true,
    audience: true,
    accessTokenExpiresIn: true,
    refreshTokenExpiresIn: true,
  })
  .strict();
const updateBody = z
  .object(fields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one field to change');

export function apiClientRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/api-clients',
      operationId: 'createApiClient',
      summary: 'Create an api client (extension); the secret is generated unless given',
      description:
        'Creates an api client (admin only; extension): the application credentials that POST /v1/tokens takes as HTTP Basic, with the lifetimes of the tokens it issues (3,600 s access and 30 days refresh unless given) and its audience (`general` unless `admin`; only an admin api client issues admin tokens). ' +
        'Its id (`app_…`) and secret are generated unless given; the answer shows the secret, as every read does. ' +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        'Errors: 409 `conflict` when an api client has this id.',
      tags: ['api-clients'],
      auth: 'admin',
      scope: ['api-clients', 'write'],
      request: { body: createBody },
      responses: { 201: { description: 'Created', schema: apiClientSchema } },
      errorStatuses: [401, 403, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.createApiClient, { status: 201 }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/api-clients',
      operationId: 'listApiClients',
      summary: 'List api clients',
      description:
        'Lists the api clients with their secrets (admin only). ' +
        'Changes nothing and is safe to repeat. ' +
        "An empty page is `[]`, never the contract's 404.",
      tags: ['api-clients'],
      auth: 'admin',
      scope: ['api-clients', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['createdAt', 'updatedAt', 'name', 'id'],
          dates: false,
        }),
      },
      responses: { 200: { description: 'Api clients', schema: z.array(apiClientSchema) } },
      errorStatuses: [401, 403, 404],
      handler: forwardList(rpc, 'identity', IDENTITY_RPC.listApiClients),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/api-clients/:apiClient',
      operationId: 'getApiClient',
      summary: 'Read an api client',
      description:
        'Reads one api client with its secret (admin only). ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown or deleted api client.',
      tags: ['api-clients'],
      auth: 'admin',
      scope: ['api-clients', 'read'],
      request: { params: idParam('apiClient') },
      responses: { 200: { description: 'The api client', schema: apiClientSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.getApiClient, {
        read: true,
        params: ({ params }) => ({ id: params['apiClient'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: '/api-clients/:apiClient',
      operationId: 'updateApiClient',
      summary: 'Change an api client (extension)',
      description:
        "Changes an api client's name, description, secret, audience or token lifetimes (admin only; extension). " +
        'A new secret or lifetime applies to the next POST /v1/tokens; tokens issued before keep theirs. ' +
        'PATCH takes no Idempotency-Key; the same change again leaves the same record. ' +
        'Errors: 404 `not_found`.',
      tags: ['api-clients'],
      auth: 'admin',
      scope: ['api-clients', 'write'],
      request: { params: idParam('apiClient'), body: updateBody },
      responses: { 200: { description: 'The changed api client', schema: apiClientSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.updateApiClient, {
        params: ({ params, body }) => ({ id: params['apiClient'], patch: body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/api-clients/:apiClient',
      operationId: 'deleteApiClient',
      summary: 'Delete an api client (extension; soft)',
      description:
        'Deletes an api client (admin only; extension): soft, and POST /v1/tokens refuses its credentials from then on (`invalid_client`), so its refresh tokens can no longer be used; access tokens it issued run until they expire. ' +
        'Repeating it answers 404: the api client is gone. ' +
        'Errors: 404 `not_found`.',
      tags: ['api-clients'],
      auth: 'admin',
      scope: ['api-clients', 'write'],
      request: { params: idParam('apiClient') },
      responses: { 200: { description: 'Deleted', schema: idResponse } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.deleteApiClient, {
        params: ({ params }) => ({ id: params['apiClient'] }),
      }),
    }),
  ];
}
