import { z } from 'zod';
import { IDENTITY_RPC } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forward, forwardList } from '../forward';
import { deviceAndIp, idParam, idResponse } from '../schemas';
import {
  individualCreateSchema,
  individualUpdateSchema,
  legalCreateSchema,
  legalUpdateSchema,
  userSchema,
} from './users.schemas';

const userParam = idParam('user');

export function userRoutes(rpc: RpcClient, individualRequired: readonly string[]) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/users/individual-person',
      operationId: 'createIndividualPerson',
      summary: 'Onboard an individual person',
      tags: ['users'],
      auth: 'client',
      scope: ['users', 'write'],
      request: { body: individualCreateSchema(individualRequired) },
      responses: { 201: { description: 'Created', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.createIndividual, { status: 201 }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/users/legal-person',
      operationId: 'createLegalPerson',
      summary: 'Onboard a legal person (company)',
      tags: ['users'],
      auth: 'client',
      scope: ['users', 'write'],
      request: { body: legalCreateSchema },
      responses: { 201: { description: 'Created', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.createLegal, { status: 201 }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users',
      operationId: 'listUsers',
      summary: "List users: an admin's of every tenant; a client's (extension) of its own tenant",
      tags: ['users'],
      auth: 'client',
      scope: ['users', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['createdAt', 'updatedAt', 'email', 'idNumber'],
          externalReference: true,
          filters: {
            email: z.string().min(1).max(320).optional(),
            idNumber: z.string().min(1).max(64).optional(),
          },
        }),
      },
      responses: { 200: { description: 'Users', schema: z.array(userSchema) } },
      errorStatuses: [401, 403, 404],
      handler: forwardList(rpc, 'identity', IDENTITY_RPC.listUsers),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user',
      operationId: 'getUser',
      summary: 'Read a user',
      tags: ['users'],
      auth: 'client',
      userTokens: true,
      scope: ['users', 'read'],
      request: { params: userParam },
      responses: { 200: { description: 'The user', schema: userSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.getUser, {
        read: true,
        params: ({ params }) => ({ id: params['user'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/users/:user',
      operationId: 'deleteUser',
      summary: 'Delete a user (soft; the record is kept for compliance)',
      tags: ['users'],
      auth: 'client',
      scope: ['users', 'write'],
      request: { params: userParam, body: z.object(deviceAndIp).strict() },
      responses: { 200: { description: 'Deleted', schema: idResponse } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.deleteUser, {
        params: ({ params, body }) => ({ id: params['user'], ...body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: '/users/:user/individual-person',
      operationId: 'updateIndividualPerson',
      summary: 'Change an individual person; `status` active|blocked sets `blocked`',
      tags: ['users'],
      auth: 'client',
      userTokens: true,
      scope: ['users', 'write'],
      request: { params: userParam, body: individualUpdateSchema },
      responses: { 200: { description: 'Changed', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.updateIndividual, {
        params: ({ params, body }) => ({ id: params['user'], patch: body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: '/users/:user/legal-person',
      operationId: 'updateLegalPerson',
      summary: 'Change a legal person; place objects keep their required members',
      tags: ['users'],
      auth: 'client',
      userTokens: true,
      scope: ['users', 'write'],
      request: { params: userParam, body: legalUpdateSchema },
      responses: { 200: { description: 'Changed', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.updateLegal, {
        params: ({ params, body }) => ({ id: params['user'], patch: body }),
      }),
    }),
  ];
}
