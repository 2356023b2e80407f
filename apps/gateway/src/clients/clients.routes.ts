import { z } from 'zod';
import { IDENTITY_RPC } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forward, forwardList } from '../forward';
import {
  audienceValue,
  clientSchema,
  idParam,
  idResponse,
  passwordSchema,
  scopesSchema,
} from '../schemas';

const clientFields = {
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  password: passwordSchema,
  audience: z.array(audienceValue).min(1).max(2).optional(),
  scopes: scopesSchema.optional(),
};

const createBody = z
  .object({
    ...{},
    ...clientFields,
    tenantId: z
      .uuid()
      .optional()
      .describe(
        "Makes the client a member of this tenant (an existing general client's id): it acts on the tenant's users, wallets and operations within its own scopes",
      ),
  })
  .strict();
const updateBody = z
  .object(clientFields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one field to change');

export function clientRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/clients',
      operationId: 'createClient',
      summary: 'Create a client (an account that logs in)',
      tags: ['clients'],
      auth: 'admin',
      scope: ['clients', 'write'],
      request: { body: createBody },
      responses: { 201: { description: 'Created', schema: clientSchema } },
      errorStatuses: [401, 403, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.createClient, { status: 201 }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/clients',
      operationId: 'listClients',
      summary: 'List clients',
      tags: ['clients'],
      auth: 'admin',
      scope: ['clients', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['createdAt', 'updatedAt', 'name', 'email'],
          dates: false,
        }),
      },
      responses: { 200: { description: 'Clients', schema: z.array(clientSchema) } },
      errorStatuses: [401, 403],
      handler: forwardList(rpc, 'identity', IDENTITY_RPC.listClients),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/clients/:client',
      operationId: 'getClient',
      summary: 'Read a client (admins: any; a client: itself)',
      tags: ['clients'],
      auth: 'client',
      scope: ['clients', 'read'],
      request: { params: idParam('client') },
      responses: { 200: { description: 'The client', schema: clientSchema } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.getClient, {
        read: true,
        params: ({ params }) => ({ id: params['client'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: '/clients/:client',
      operationId: 'updateClient',
      summary: 'Change a client; a new password, audience or scopes revokes its tokens',
      tags: ['clients'],
      auth: 'admin',
      scope: ['clients', 'write'],
      request: { params: idParam('client'), body: updateBody },
      responses: { 200: { description: 'The changed client', schema: clientSchema } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.updateClient, {
        params: ({ params, body }) => ({ id: params['client'], patch: body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/clients/:client',
      operationId: 'deleteClient',
      summary: 'Delete a client (soft; its tokens stop working at once)',
      tags: ['clients'],
      auth: 'admin',
      scope: ['clients', 'write'],
      request: { params: idParam('client') },
      responses: { 200: { description: 'Deleted', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.deleteClient, {
        params: ({ params }) => ({ id: params['client'] }),
      }),
    }),
  ];
}
