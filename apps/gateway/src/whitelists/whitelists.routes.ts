import { z } from 'zod';
import { IDENTITY_RPC, type WhitelistView } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  assetIdString,
  country,
  idResponse,
  idString,
  pathId,
  timestamps,
  walletParams,
  walletPathOf,
} from '../schemas';
import { defineRoute } from '../route';

const status = z.enum(['pending', 'verified', 'rejected']);

const counterPartyType = z.enum(['CASP', 'SELF_HOSTED'], {
  error: 'CASP (a crypto-asset service provider holds the address) or SELF_HOSTED',
});
const caspSchema = z
  .object({
    name: z.string().trim().min(1).max(300),
    lei: z.string().regex(/^[A-Z0-9]{18}[0-9]{2}$/, 'A 20-character LEI'),
    country,
    did: z.string().max(300),
  })
  .partial()
  .strict();

const whitelistSchema = contractSchema<WhitelistView>()(
  z.object({
    ...{},
    ...timestamps,
    userId: idString,
    // Identity joins the user's names: a legal person's, or up to four of 200 and the spaces.
    userFullName: z.string().max(4 * 200 + 3),
    counterPartyFullName: z.string().max(300),
    walletId: idString,
    assetId: assetIdString,
    address: z.string().max(128),
    counterPartyType,
    travelRuleStatus: status,
    tenantId: idString,
    casp: caspSchema.meta({ description: 'As given; `{}` when none was' }),
  }),
);

const createBody = z
  .object({
    address: z.string().trim().min(1).max(128),
    counterPartyFullName: z.string().trim().min(1).max(300),
    counterPartyType,
    casp: caspSchema.optional(),
  })
  .strict()
  .refine((body) => body.counterPartyType !== 'CASP' || body.casp?.name !== undefined, {
    message: 'A CASP counterparty needs casp.name',
    path: ['casp', 'name'],
  });

// Expired or revoked tokens get 403 on the whitelist reads (the contract says so).
const rejectedTokenStatus = { expired: 403, revoked: 403 } as const;

export function whitelistRoutes(rpc: RpcClient) {
  const path = '/users/:user/wallets/:wallet/whitelists';
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path,
      operationId: 'createWhitelist',
      summary: 'Whitelist a counterparty address for a wallet (extension); starts pending',
      description:
        "Adds a counterparty address to a wallet's whitelist (the travel rule; extension), `pending` until an admin reviews it; a policy with the rule `destination_not_whitelisted` counts only `verified` addresses as whitelisted. " +
        "The address must be one of the wallet's chain; `casp` is required for a `CASP` counterparty. " +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        'Errors: 404 `not_found` (user or wallet); 400 `validation_failed` (an address of another chain); 409 `whitelist_exists` (the address is on the list already).',
      tags: ['whitelists'],
      auth: 'client',
      userTokens: true,
      scope: ['whitelists', 'write'],
      request: { params: z.object(walletParams), body: createBody },
      responses: { 201: { description: 'Created', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.createWhitelist, {
        status: 201,
        params: ({ params, body }) => ({ ...{}, ...walletPathOf(params), input: body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path,
      operationId: 'listWhitelists',
      summary: "List a wallet's whitelist records",
      description:
        "Lists a wallet's whitelist records with their travel-rule status (`*` for user or wallet: admin only). " +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`, and 403 `token_expired` or `token_revoked` for an expired or revoked token, as the contract has it for this read.',
      tags: ['whitelists'],
      auth: 'client',
      userTokens: true,
      scope: ['whitelists', 'read'],
      rejectedTokenStatus,
      request: {
        params: z.object(walletParams),
        query: listQuerySchema({ sortFields: ['createdAt', 'updatedAt'] }),
      },
      responses: { 200: { description: 'Whitelist records', schema: z.array(whitelistSchema) } },
      errorStatuses: [400, 401, 403, 404],
      handler: forwardList(rpc, 'identity', IDENTITY_RPC.listWhitelists, ({ params, query }) => ({
        ...{},
        ...walletPathOf(params),
        ...query,
      })),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: `${path}/:whitelist`,
      operationId: 'getWhitelist',
      summary: 'Read a whitelist record',
      description:
        'Reads one whitelist record of a wallet. ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found`; 403 `user_forbidden`, and 403 `token_expired` or `token_revoked` for an expired or revoked token, as the contract has it for this read.',
      tags: ['whitelists'],
      auth: 'client',
      userTokens: true,
      scope: ['whitelists', 'read'],
      rejectedTokenStatus,
      request: { params: z.object({ ...{}, ...walletParams, whitelist: pathId }) },
      responses: { 200: { description: 'The record', schema: whitelistSchema } },
      errorStatuses: [400, 401, 403, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.getWhitelist, {
        read: true,
        params: ({ params }) => ({ ...{}, ...walletPathOf(params), id: params['whitelist'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: `${path}/:whitelist`,
      operationId: 'updateWhitelist',
      summary: 'Set the travel-rule status after review (admin; extension)',
      description:
        "Sets a whitelist record's travel-rule status after compliance's review (admin only; extension): `verified` lets a whitelist policy send to the address, `rejected` or `pending` does not. " +
        'PATCH takes no Idempotency-Key; setting the same status again leaves the same record. ' +
        'Errors: 404 `not_found` for an unknown record.',
      tags: ['whitelists'],
      auth: 'admin',
      scope: ['whitelists', 'review'],
      request: {
        params: z.object({ ...{}, ...walletParams, whitelist: pathId }),
        body: z.object({ travelRuleStatus: status }).strict(),
      },
      responses: { 200: { description: 'The record', schema: whitelistSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.updateWhitelist, {
        params: ({ params, body }) => ({
          ...{},
          ...walletPathOf(params),
          id: params['whitelist'],
          ...body,
        }),
      }),
    }),
  ];
}
