import { z } from 'zod';
import { type IncomeView, LEDGER_RPC } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { amountSchema } from '@custody/money';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  amountString,
  assetIdString,
  idResponse,
  idString,
  isoDate,
  isoDateTime,
  pathId,
  timestamps,
  walletParams,
  walletPathOf,
} from '../schemas';

const incomeSchema = contractSchema<IncomeView>()(
  z.object({
    ...{},
    ...timestamps,
    userId: idString,
    walletId: idString,
    assetId: assetIdString,
    amount: amountString,
    // As reported (below), or as the chain adapter saw them: an EVM transaction hash and address.
    blockchainTransactionId: z.string().max(200),
    senderAddress: z.string().max(200),
    status: z.enum(['pending', 'confirmed', 'failed']),
    transactionTimestamp: isoDateTime,
    rateId: idString.optional(),
  }),
);

export function incomeRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/admin/incomes',
      operationId: 'reportIncome',
      summary: 'Report a deposit to a custody wallet (admin; manual chain adapter)',
      tags: ['incomes'],
      auth: 'admin',
      scope: ['incomes', 'write'],
      request: {
        body: z
          .object({
            walletId: pathId,
            amount: amountSchema(),
            blockchainTransactionId: z.string().trim().min(1).max(200),
            senderAddress: z.string().trim().min(1).max(200),
            transactionTimestamp: isoDate,
          })
          .strict(),
      },
      responses: { 201: { description: 'Recorded as pending', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.createIncome, { status: 201 }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: '/admin/incomes/:income',
      operationId: 'updateIncome',
      summary: 'Confirm (credit) or fail a pending deposit (admin)',
      tags: ['incomes'],
      auth: 'admin',
      scope: ['incomes', 'write'],
      request: {
        params: z.object({ income: pathId }),
        body: z.object({ status: z.enum(['confirmed', 'failed']) }).strict(),
      },
      responses: { 200: { description: 'The income', schema: incomeSchema } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.updateIncome, {
        params: ({ params, body }) => ({ id: params['income'], ...body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/incomes',
      operationId: 'listIncomes',
      summary: "List a wallet's deposits (`*` for user and wallet: admin only)",
      tags: ['incomes'],
      auth: 'client',
      userTokens: true,
      scope: ['incomes', 'read'],
      request: {
        params: z.object(walletParams),
        query: listQuerySchema({
          sortFields: ['createdAt', 'amount'],
          filters: { status: z.enum(['pending', 'confirmed', 'failed']).optional() },
        }),
      },
      responses: { 200: { description: 'Incomes', schema: z.array(incomeSchema) } },
      errorStatuses: [401, 403, 404],
      handler: forwardList(rpc, 'wallet-ledger', LEDGER_RPC.listIncomes, ({ params, query }) => ({
        ...{},
        ...walletPathOf(params),
        ...query,
      })),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/incomes/:income',
      operationId: 'getIncome',
      summary: 'Read a deposit',
      tags: ['incomes'],
      auth: 'client',
      userTokens: true,
      scope: ['incomes', 'read'],
      request: { params: z.object({ ...{}, ...walletParams, income: pathId }) },
      responses: { 200: { description: 'The income', schema: incomeSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.getIncome, {
        read: true,
        params: ({ params }) => ({ ...{}, ...walletPathOf(params), id: params['income'] }),
      }),
    }),
  ];
}
