import { z } from 'zod';
import { IDENTITY_RPC } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
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
import { defineRoute } from '../route';

const userParam = idParam('user');

export function userRoutes(rpc: RpcClient, individualRequired: readonly string[]) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/users/individual-person',
      operationId: 'createIndividualPerson',
      summary: 'Onboard an individual person',
      description:
        "Onboards an end user who is an individual person, in the caller's tenant, with its KYC data: `generalConditions` and the fields the service is configured to require (INDIVIDUAL_REQUIRED_FIELDS). " +
        'It stores the user, publishes `user.is-created` and answers only its id. ' +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        "Errors: 409 `user_exists` when the tenant has a user with this `idNumber` or `email`; the contract's 404 (files not found) does not occur, as onboarding takes no files.",
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
      description:
        "Onboards an end user who is a legal person (a company), in the caller's tenant, with its KYC data: its registration, places, owners (at most 4 above 25 percent), administrators, representative and expected activity. " +
        'It stores the user, publishes `user.is-created` and answers only its id. ' +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        "Errors: 409 `user_exists` when the tenant has a user with this `idNumber` or `email`; the contract's 404 (files not found) does not occur, as onboarding takes no files.",
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
      description:
        "Lists users: an admin's token lists every tenant's, any other client's its own tenant's (extension); filter by `email`, `idNumber`, `externalReference` and creation dates. " +
        'Changes nothing and is safe to repeat. ' +
        'An empty page is `[]`; a token bound to an end user is refused (403 `user_token_forbidden`).',
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
      description:
        "Reads a user with its KYC summary and its `blocked` flag: one of the caller's tenant (an admin: any tenant's); a token bound to an end user reads only that user. " +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 404 `not_found` for an unknown, deleted or other tenant's user; 403 `user_forbidden` for another user than the token's.",
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
      description:
        'Deletes a user: soft, the record stays for compliance and reads answer 404 from then on; `device` and `ip` go into the `user.is-deleted` event. ' +
        "A user with wallets is not deleted (the contract's rule; wallet-ledger is asked). " +
        'DELETE takes no Idempotency-Key; repeating it answers 404, as the user is gone. ' +
        'Errors: 404 `not_found`; 403 `user_has_wallets` until its wallets are deleted.',
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
      description:
        "Changes an individual person's KYC data: the fields sent replace theirs, and `status` (`blocked` or `active`) sets the user's `blocked` flag; it publishes `user.is-updated`. " +
        "A block stops the user's money on the very next request (transfers, withdrawals, signatures, purchases and new wallets answer 403 `user_blocked`), because wallet-ledger's copy is blocked before the change commits; an unblock reaches it by event. " +
        'PATCH takes no Idempotency-Key; the same change again leaves the same record. ' +
        "Errors: 404 `not_found`; 400 `person_type_mismatch` (the user is a legal person); 409 `user_exists` (another user has the new `idNumber` or `email`); 403 `field_forbidden` (a token bound to the user changing its status, PEP or sanctions flags, identity document or `externalReference`) or `user_forbidden` (another user than the token's).",
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
      description:
        "Changes a legal person's data: the fields sent replace theirs (a place object is replaced whole, so it carries its required members), and `status` (`blocked` or `active`) sets the user's `blocked` flag; it publishes `user.is-updated`. " +
        "A block stops the user's money on the very next request (transfers, withdrawals, signatures, purchases and new wallets answer 403 `user_blocked`); an unblock reaches wallet-ledger by event. " +
        'PATCH takes no Idempotency-Key; the same change again leaves the same record. ' +
        "Errors: 404 `not_found`; 400 `person_type_mismatch` (the user is an individual); 409 `user_exists` (another user has the new `idNumber` or `email`); 403 `field_forbidden` (a token bound to the user changing its status, identity numbers, owners, administrators or representative) or `user_forbidden` (another user than the token's).",
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
