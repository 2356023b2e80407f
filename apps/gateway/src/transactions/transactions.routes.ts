import { z } from 'zod';
import { LEDGER_RPC } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forward, forwardList } from '../forward';
import { pathId, timestamps, walletParams, walletPathOf } from '../schemas';

const party = z.object({
  walletId: z.string().optional(),
  address: z.string(),
  walletBalance: z.string().optional(),
  userId: z.string().optional(),
});
const transactionSchema = z.object({
  ...{},
  ...timestamps,
  status: z.string(),
  amount: z.string(),
  sender: party,
  receiver: party,
  type: z.enum(['deposit', 'withdrawal', 'transfer', 'purchase', 'sale', 'fee']),
  movement: z.enum(['in', 'out']),
  movementSubtype: z.enum(['internal', 'external', 'buy', 'sell', 'fee']),
  rates: z.record(z.string(), z.unknown()).nullable(),
  asset: z.object({ id: z.string(), name: z.string(), symbol: z.string() }),
  txHash: z.string().nullable(),
  txLog: z.string(),
  walletBalance: z.string(),
});

export function transactionRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/transactions',
      operationId: 'listTransactions',
      summary: "List a wallet's ledger movements (`*` for user and wallet: admin only)",
      tags: ['transactions'],
      auth: 'client',
      userTokens: true,
      scope: ['transactions', 'read'],
      request: {
        params: z.object(walletParams),
        query: listQuerySchema({
          sortFields: ['createdAt', 'amount'],
          filters: {
            txLog: z.string().min(1).max(128).optional(),
            symbol: z.string().min(1).max(20).optional(),
            assetId: z.string().min(1).max(64).optional(),
            movement: z.enum(['in', 'out']).optional(),
            movementSubtype: z.enum(['internal', 'external', 'buy', 'sell', 'fee']).optional(),
            status: z.enum(['approved', 'confirmed', 'pending', 'failed']).optional(),
          },
        }),
      },
      responses: { 200: { description: 'Transactions', schema: z.array(transactionSchema) } },
      errorStatuses: [401, 403, 404],
      handler: forwardList(
        rpc,
        'wallet-ledger',
        LEDGER_RPC.listTransactions,
        ({ params, query }) => ({ ...{}, ...walletPathOf(params), ...query }),
      ),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/transactions/:transaction',
      operationId: 'getTransaction',
      summary: 'Read one ledger movement',
      tags: ['transactions'],
      auth: 'client',
      userTokens: true,
      scope: ['transactions', 'read'],
      request: { params: z.object({ ...{}, ...walletParams, transaction: pathId }) },
      responses: { 200: { description: 'The transaction', schema: transactionSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.getTransaction, {
        read: true,
        params: ({ params }) => ({ ...{}, ...walletPathOf(params), id: params['transaction'] }),
      }),
    }),
  ];
}
