import { z } from 'zod';
import { WALLET_RPC, type WalletView } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  assetName,
  assetSymbol,
  decimalString,
  deviceAndIp,
  externalReference,
  idResponse,
  pathId,
  timestamps,
  walletAddress,
  walletParams,
} from '../schemas';
import { userSchema } from '../users/users.schemas';
import { defineRoute } from '../route';

export const walletSchema = contractSchema<WalletView>()(
  z.object({
    ...{},
    ...timestamps,
    asset: z.object({ ...{}, ...timestamps, name: assetName, symbol: assetSymbol }),
    balance: decimalString,
    availableBalance: decimalString,
    address: walletAddress,
    user: userSchema.pick({
      id: true,
      createdAt: true,
      updatedAt: true,
      generalConditions: true,
      idNumber: true,
    }),
    externalReference: externalReference.optional(),
  }),
);

const createBody = z
  .object({
    assetId: z.string().min(1).max(64),
    ...deviceAndIp,
    externalReference: externalReference.optional(),
  })
  .strict();

export function walletRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/users/:user/wallets',
      operationId: 'createWallet',
      summary: 'Open a wallet of one asset for a user (one per user and asset)',
      description:
        "Opens a wallet of one asset for a user, in the user's tenant: the signing service derives its key and address, and the ledger opens its account at zero; it publishes `wallet.is-created` and answers its id. " +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Without a key, a retry answers 409 `wallet_exists`. ' +
        'Errors: 404 `not_found` (the user is unknown or not visible); 403 `user_blocked`; 400 `unknown_asset` (not in the catalog) or `unsupported_asset` (no wallets on its chain: EVM and Qubic have them); 409 `wallet_exists` (one wallet per user and asset).',
      tags: ['wallets'],
      auth: 'client',
      userTokens: true,
      scope: ['wallets', 'write'],
      request: { params: z.object({ user: pathId }), body: createBody },
      responses: { 201: { description: 'Created', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'wallet-ledger', WALLET_RPC.createWallet, {
        status: 201,
        params: ({ params, body }) => ({ userId: params['user'], ...body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets',
      operationId: 'listWallets',
      summary: "List a user's wallets (`*` as user: every user, admin only)",
      description:
        "Lists a user's wallets with their balances and addresses (`*` as the user: every user's, admin only); filter by `assetId`, `assetSymbol`, `externalReference` and creation dates. " +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 404 `not_found` for a user the caller cannot see; 403 `wildcard_forbidden` (`*` without the admin audience) or `user_forbidden` (another user than the token's).",
      tags: ['wallets'],
      auth: 'client',
      userTokens: true,
      scope: ['wallets', 'read'],
      request: {
        params: z.object({ user: pathId }),
        query: listQuerySchema({
          sortFields: ['createdAt', 'updatedAt'],
          externalReference: true,
          filters: {
            assetSymbol: z.string().min(1).max(20).optional(),
            assetId: z.string().min(1).max(64).optional(),
          },
        }),
      },
      responses: { 200: { description: 'Wallets', schema: z.array(walletSchema) } },
      errorStatuses: [401, 403, 404],
      handler: forwardList(rpc, 'wallet-ledger', WALLET_RPC.listWallets, ({ params, query }) => ({
        userId: params['user'],
        ...query,
      })),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet',
      operationId: 'getWallet',
      summary: 'Read a wallet with its balances and address',
      description:
        'Reads a wallet: its asset, `balance`, `availableBalance` (the balance less open holds such as pending withdrawals), address and user. ' +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 404 `not_found` for an unknown, deleted or not visible wallet, or one of another user; 403 `user_forbidden` for another user than the token's.",
      tags: ['wallets'],
      auth: 'client',
      userTokens: true,
      scope: ['wallets', 'read'],
      request: { params: z.object(walletParams) },
      responses: { 200: { description: 'The wallet', schema: walletSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', WALLET_RPC.getWallet, {
        read: true,
        params: ({ params }) => ({ userId: params['user'], walletId: params['wallet'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/users/:user/wallets/:wallet',
      operationId: 'deleteWallet',
      summary: 'Delete an empty wallet (soft); 403 while it holds funds',
      description:
        'Deletes a wallet: soft, and only an empty one, with no open hold (a pending withdrawal) and no deposit waiting for confirmation; `device` and `ip` go into the `wallet.is-deleted` event. ' +
        'A deleted wallet receives nothing more: transfers to it and incomes into it are refused. ' +
        'DELETE takes no Idempotency-Key; repeating it answers 404, as the wallet is gone. ' +
        "Errors: 404 `not_found`; 403 `wallet_not_empty` (the contract's positive balance, an open hold or a pending deposit) or `user_forbidden`.",
      tags: ['wallets'],
      auth: 'client',
      userTokens: true,
      scope: ['wallets', 'write'],
      request: { params: z.object(walletParams), body: z.object(deviceAndIp).strict() },
      responses: { 200: { description: 'Deleted', schema: idResponse } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', WALLET_RPC.deleteWallet, {
        params: ({ params, body }) => ({
          userId: params['user'],
          walletId: params['wallet'],
          ...body,
        }),
      }),
    }),
  ];
}
