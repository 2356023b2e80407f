import { z } from 'zod';
import { WALLET_RPC, type WalletView } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
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
