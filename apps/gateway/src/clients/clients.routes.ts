import { z } from 'zod';
import { type ClientView, type HeldClientCreation, IDENTITY_RPC } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  clientAudienceValue,
  clientSchema,
  idParam,
  idResponse,
  idString,
  passwordSchema,
  scopesSchema,
} from '../schemas';
import { defineRoute } from '../route';

const clientFields = {
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  password: passwordSchema,
  audience: z.array(clientAudienceValue).min(1).max(2).optional(),
  scopes: scopesSchema.optional(),
};

const createBody = z
  .object({
    ...{},
    ...clientFields,
    personId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9._:@-]+$/)
      .optional()
      .describe(
        'The person who holds this login, as you name them (an employee number, say); set at creation only. Two clients of one person count as one approver, and a person never approves what they started, whichever client they use',
      ),
    tenantId: z
      .uuid()
      .optional()
      .describe(
        "Makes the client a member of this tenant (an existing general client's id): it acts on the tenant's users, wallets and operations within its own scopes",
      ),
  })
  .strict();
const updateBody = z
  .object({
    ...{},
    ...clientFields,
    passkeyRequired: z
      .boolean()
      .describe(
        "A tenant's (a general client that is no member): its members sign in with passkeys; one without any signs in with its password only to register one. Turning it off is held like a new password",
      ),
    passkeysReset: z
      .literal(true)
      .describe(
        "Removes every passkey of the client, the recovery of a lost one: held like a new password, and it revokes the client's tokens",
      ),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one field to change');

const HELD =
  "Held for approval by a policy-change policy of the client's tenant (an admin's: the platform's): it takes effect at the quorum";
const approvalId = idString.describe('The approval the change waits for');
const heldCreation = contractSchema<HeldClientCreation>()(
  z.object({ id: idString.describe('The id the client will have'), approvalId }),
);
const heldClient = contractSchema<ClientView & { approvalId: string }>()(
  clientSchema.extend({ approvalId }),
);

export function clientRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/clients',
      operationId: 'createClient',
      summary: 'Create a client (an account that logs in)',
      description:
        'Creates a client (admin only): an account that logs in with its e-mail and password through POST /v1/tokens, of the `general` audience unless `admin` is given, limited to `scopes` when they are given (none: everything its audience allows). ' +
        "With `tenantId` it becomes a member of that tenant and acts on the tenant's users, wallets and operations within its own scopes; `personId` names the person who holds the login (set at creation only): two clients of one person count as one approver, and a person never approves what they started. " +
        '`auditor` (alone) makes a client that reads and changes nothing: audit, policies, approvals, users (personal fields masked), wallets and movements; with `tenantId` of that tenant, without it of every tenant (it then signs in through an admin api client, as admins do). ' +
        "A member's creation is held when a `policy-change` policy governs its tenant (a new admin's, when one governs the platform): 202 with the id the client will have and the `approvalId`; the tenant's approvers (for a platform policy, other admins) decide, and the client exists once the approval has its quorum (`client.is-created`), or never if it is rejected, expires or its e-mail was taken meanwhile. " +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        'Errors: 409 `conflict` when a client has this e-mail; 400 `tenant_not_found` (`tenantId` is not a general client that is no member itself) , `member_audience_invalid` (a member cannot be an admin) or `auditor_audience_invalid` (`auditor` with another audience).',
      tags: ['clients'],
      auth: 'admin',
      scope: ['clients', 'write'],
      request: { body: createBody },
      responses: {
        201: { description: 'Created', schema: clientSchema },
        202: { description: HELD, schema: heldCreation },
      },
      errorStatuses: [401, 403, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.createClient, { status: 201, held: true }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/clients',
      operationId: 'listClients',
      summary: 'List clients',
      description:
        'Lists every client (admin only), a page at a time in the order `sort` asks; passwords and scopes are never shown. ' +
        'Changes nothing and is safe to repeat. ' +
        'An empty page is `[]`; no errors of its own beyond the common ones.',
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
      description:
        'Reads one client: an admin reads any, any other client only itself. ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown or deleted client, and for another client than the caller (so that ids are not revealed).',
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
      description:
        "Changes a client's name, e-mail, password, audience or scopes, a tenant's passkey requirement (`passkeyRequired`), or removes the client's passkeys (`passkeysReset`, the recovery of a lost one; admin only). " +
        'A new password, audience or scope set revokes every token issued to the client before it: its refresh tokens at once, its access tokens on their next request (401 `token_revoked`). ' +
        "A new password, audience or scope set, a passkey reset or a passkey requirement turned off is held when a `policy-change` policy governs the client's tenant (an admin's, or one made an admin: the platform's): 202 with the client as it still is and the `approvalId`; it applies at the quorum (`client.is-updated`). A new name or e-mail alone is never held. " +
        'PATCH takes no Idempotency-Key; the same change again leaves the same record, though it revokes the tokens again. ' +
        'Errors: 404 `not_found`; 409 `conflict` (another client has the e-mail), `client_has_members` (a tenant with members cannot become an admin or an auditor) or `client_change_pending` (a held change of this client waits for approval already); 400 `member_audience_invalid` (a tenant member cannot become an admin), `auditor_audience_invalid` (`auditor` with another audience) or `passkey_requirement_invalid` (`passkeyRequired` on a client that is not a tenant).',
      tags: ['clients'],
      auth: 'admin',
      scope: ['clients', 'write'],
      request: { params: idParam('client'), body: updateBody },
      responses: {
        200: { description: 'The changed client', schema: clientSchema },
        202: { description: `${HELD} (the client as it still is)`, schema: heldClient },
      },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.updateClient, {
        held: true,
        params: ({ params, body }) => ({ id: params['client'], patch: body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/clients/:client',
      operationId: 'deleteClient',
      summary: 'Delete a client (soft; its tokens stop working at once)',
      description:
        'Deletes a client (admin only): soft, the record is kept, and every token of the client stops working at once. ' +
        'A tenant goes only once its members have gone. ' +
        'Repeating it answers 404: the client is gone. ' +
        'Errors: 404 `not_found`; 409 `client_has_members` while the tenant has live members.',
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
