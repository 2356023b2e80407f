import { z } from 'zod';
import { LEDGER_RPC, type TransactionView } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  amountString,
  assetIdString,
  assetName,
  assetSymbol,
  decimalString,
  idString,
  pathId,
  timestamps,
  walletParams,
  walletPathOf,
} from '../schemas';
import { defineRoute } from '../route';

const party = z.object({
  walletId: idString.optional(),
  // A custody wallet's, an outside one as reported (200, as income and withdrawal requests take
  // it), or a name: `treasury`, `network-fee`.
  address: z.string().max(200),
  walletBalance: decimalString.optional(),
  userId: idString.optional(),
});
const transactionSchema = contractSchema<TransactionView>()(
  z.object({
    ...{},
    ...timestamps,
    // The operation's status when it moved: `approved`, `confirmed`, …
    status: z.string().max(32),
    amount: amountString,
    sender: party,
    receiver: party,
    type: z.enum(['deposit', 'withdrawal', 'transfer', 'purchase', 'sale', 'fee']),
    movement: z.enum(['in', 'out']),
    movementSubtype: z.enum(['internal', 'external', 'buy', 'sell', 'fee', 'reversal']),
    // The rate a purchase or sale used: its id, dates, asset and fiatPrice.
    rates: z.record(z.string().max(32), z.unknown()).nullable(),
    asset: z.object({ id: assetIdString, name: assetName, symbol: assetSymbol }),
    // As reported (200), or the chain's transaction hash.
    txHash: z.string().max(200).nullable(),
    txLog: idString.meta({ description: 'The id of the operation that moved it' }),
    walletBalance: decimalString,
  }),
);

export function transactionRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/transactions',
      operationId: 'listTransactions',
      summary: "List a wallet's ledger movements (`*` for user and wallet: admin only)",
      description:
        "Lists a wallet's ledger movements (transfers, withdrawals, deposits, purchases and sales), each with the wallet's balance after it (`*` for user and wallet: admin only); filter by `txLog` (the operation's id), asset, `movement`, `movementSubtype`, `status` and creation dates. " +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.',
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
            movementSubtype: z
              .enum(['internal', 'external', 'buy', 'sell', 'fee', 'reversal'])
              .optional(),
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
      description:
        'Reads one ledger movement of a wallet, with the rate a purchase or sale used. ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown movement or a wallet the caller cannot see; 403 `user_forbidden`.',
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
