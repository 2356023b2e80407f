import { z } from 'zod';
import { LEDGER_RPC } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { amountSchema } from '@custody/money';
import { forward, forwardList } from '../forward';
import { idResponse, timestamps, walletParams, walletPathOf } from '../schemas';
import { ipAddress, isoDate } from '../users/users.schemas';

const id = z.string().min(1).max(128);
const externalReference = z.string().trim().min(1).max(255);

const requestedTransaction = z
  .object({
    assetId: z.string().min(1).max(64),
    senderUserId: id,
    senderWalletId: id,
    receiverUserId: id,
    receiverWalletId: id,
    type: z.enum(['transfer']).optional(),
    amount: amountSchema(),
    externalReference: externalReference.optional(),
  })
  .strict();

const transferSchema = z.object({
  ...{},
  ...timestamps,
  status: z.string(),
  transactions: z.array(z.object({ ...{}, ...timestamps, status: z.string(), amount: z.string() })),
  requestedTransactions: z.array(requestedTransaction),
  externalReference: z.string().optional(),
});

const incomeSchema = z.object({
  ...{},
  ...timestamps,
  userId: z.string(),
  walletId: z.string(),
  assetId: z.string(),
  amount: z.string(),
  blockchainTransactionId: z.string(),
  senderAddress: z.string(),
  status: z.enum(['pending', 'confirmed', 'failed']),
  transactionTimestamp: z.string(),
  rateId: z.string().optional(),
});

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

const withdrawalStatus = z.enum(['prepared', 'broadcast', 'confirmed', 'failed', 'cancelled']);
const withdrawalSchema = z.object({
  ...{},
  ...timestamps,
  transactions: z.array(z.string()),
  amount: z.string(),
  fee: z.string(),
  userId: z.string(),
  walletId: z.string(),
  receiverAddress: z.string(),
  asset: z.string(),
  assetId: z.string(),
  blockchainTransactionId: z.string().nullable(),
  status: withdrawalStatus,
  memo: z.string().optional(),
  userNote: z.string().optional(),
  externalReference: z.string().optional(),
});

export function ledgerRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/transfers',
      operationId: 'createTransfer',
      summary: 'Move funds between custody wallets: every leg applies, or none',
      tags: ['transfers'],
      auth: 'client',
      scope: ['transfers', 'write'],
      request: {
        query: z.object({ externalReference: externalReference.optional() }).strict(),
        body: z
          .object({
            requestedTransactions: z.array(requestedTransaction).min(1).max(100),
            externalReference: externalReference.optional(),
          })
          .strict(),
      },
      responses: { 201: { description: 'The transfer', schema: transferSchema } },
      errorStatuses: [401, 403, 409],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.createTransfer, {
        status: 201,
        params: ({ query, body }) => {
          const ref = body.externalReference ?? query.externalReference;
          return {
            requestedTransactions: body.requestedTransactions,
            ...(ref ? { externalReference: ref } : {}),
          };
        },
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/transfers',
      operationId: 'listTransfers',
      summary: 'List transfers',
      tags: ['transfers'],
      auth: 'client',
      scope: ['transfers', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['createdAt'],
          dates: false,
          externalReference: true,
        }),
      },
      responses: { 200: { description: 'Transfers', schema: z.array(transferSchema) } },
      errorStatuses: [401, 404],
      handler: forwardList(rpc, 'wallet-ledger', LEDGER_RPC.listTransfers),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/transfers/:transfer',
      operationId: 'getTransfer',
      summary: 'Read a transfer',
      tags: ['transfers'],
      auth: 'client',
      scope: ['transfers', 'read'],
      request: { params: z.object({ transfer: id }) },
      responses: { 200: { description: 'The transfer', schema: transferSchema } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.getTransfer, {
        read: true,
        params: ({ params }) => ({ id: params['transfer'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/admin/incomes',
      operationId: 'reportIncome',
      summary: 'Report a deposit to a custody wallet (admin; manual chain adapter)',
      tags: ['incomes'],
      auth: 'admin',
      request: {
        body: z
          .object({
            walletId: id,
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
      request: {
        params: z.object({ income: id }),
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
      scope: ['incomes', 'read'],
      request: { params: z.object({ ...{}, ...walletParams, income: id }) },
      responses: { 200: { description: 'The income', schema: incomeSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.getIncome, {
        read: true,
        params: ({ params }) => ({ ...{}, ...walletPathOf(params), id: params['income'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/transactions',
      operationId: 'listTransactions',
      summary: "List a wallet's ledger movements (`*` for user and wallet: admin only)",
      tags: ['transactions'],
      auth: 'client',
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
      scope: ['transactions', 'read'],
      request: { params: z.object({ ...{}, ...walletParams, transaction: id }) },
      responses: { 200: { description: 'The transaction', schema: transactionSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.getTransaction, {
        read: true,
        params: ({ params }) => ({ ...{}, ...walletPathOf(params), id: params['transaction'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/users/:user/wallets/:wallet/withdrawals',
      operationId: 'createWithdrawal',
      summary:
        'Withdraw to an outside address; holds the amount (absent: the whole available balance)',
      tags: ['withdrawals'],
      auth: 'client',
      scope: ['withdrawals', 'write'],
      request: {
        params: z.object(walletParams),
        body: z
          .object({
            assetId: z.string().min(1).max(64),
            receiverAddress: z.string().trim().min(1).max(200),
            device: z.string().trim().min(1).max(500),
            ip: ipAddress,
            amount: amountSchema().optional(),
            memo: z.string().max(500).optional(),
            userNote: z.string().max(1000).optional(),
            externalReference: externalReference.optional(),
          })
          .strict(),
      },
      responses: { 201: { description: 'Prepared', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.createWithdrawal, {
        status: 201,
        params: ({ params, body }) => ({ ...{}, ...walletPathOf(params), ...body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/withdrawals',
      operationId: 'listWithdrawals',
      summary: "List a wallet's withdrawals (`*` for user and wallet: admin only)",
      tags: ['withdrawals'],
      auth: 'client',
      scope: ['withdrawals', 'read'],
      request: {
        params: z.object(walletParams),
        query: listQuerySchema({
          sortFields: ['createdAt', 'amount'],
          externalReference: true,
          filters: { status: withdrawalStatus.optional() },
        }),
      },
      responses: { 200: { description: 'Withdrawals', schema: z.array(withdrawalSchema) } },
      errorStatuses: [401, 403, 404],
      handler: forwardList(
        rpc,
        'wallet-ledger',
        LEDGER_RPC.listWithdrawals,
        ({ params, query }) => ({
          ...{},
          ...walletPathOf(params),
          ...query,
        }),
      ),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/withdrawals/:withdrawal',
      operationId: 'getWithdrawal',
      summary: 'Read a withdrawal',
      tags: ['withdrawals'],
      auth: 'client',
      scope: ['withdrawals', 'read'],
      request: { params: z.object({ ...{}, ...walletParams, withdrawal: id }) },
      responses: { 200: { description: 'The withdrawal', schema: withdrawalSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.getWithdrawal, {
        read: true,
        params: ({ params }) => ({ ...{}, ...walletPathOf(params), id: params['withdrawal'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: '/admin/withdrawals/:withdrawal',
      operationId: 'updateWithdrawal',
      summary:
        'Move a withdrawal through prepared → broadcast → confirmed, or to failed/cancelled (admin)',
      tags: ['withdrawals'],
      auth: 'admin',
      request: {
        params: z.object({ withdrawal: id }),
        body: z
          .object({
            status: z.enum(['broadcast', 'confirmed', 'failed', 'cancelled']),
            blockchainTransactionId: z.string().trim().min(1).max(200).optional(),
            fee: amountSchema({ allowZero: true }).optional(),
          })
          .strict(),
      },
      responses: { 200: { description: 'The withdrawal', schema: withdrawalSchema } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.updateWithdrawal, {
        params: ({ params, body }) => ({ id: params['withdrawal'], ...body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/admin/ledger/check',
      operationId: 'checkLedger',
      summary: 'Run the ledger invariant check (admin)',
      tags: ['ledger'],
      auth: 'admin',
      request: {},
      responses: {
        200: {
          description: 'The outcome; ok is true exactly when there are no violations',
          schema: z.object({
            ok: z.boolean(),
            checkedAt: z.string(),
            violations: z.array(
              z.object({ rule: z.string(), detail: z.record(z.string(), z.unknown()) }),
            ),
          }),
        },
      },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.checkLedger, {
        read: true,
        params: () => ({}),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/admin/chain',
      operationId: 'getChainStatus',
      summary: "The chain adapter's state: network, head, scan cursor, gas station (admin)",
      tags: ['ledger'],
      auth: 'admin',
      request: {},
      responses: {
        200: {
          description:
            '`manual` without a configured network; `starting` until the node, trading and signing answer',
          schema: z.union([
            z.object({ mode: z.enum(['manual', 'starting']) }),
            z.object({
              mode: z.literal('evm'),
              network: z.string(),
              chainId: z.number().int(),
              confirmations: z.number().int(),
              head: z.number().int(),
              cursor: z.number().int().nullable(),
              nativeAssetId: z.string(),
              tokens: z.record(z.string(), z.string()),
              gasStation: z.object({ address: z.string(), balance: z.string() }),
            }),
          ]),
        },
      },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.chainStatus, {
        read: true,
        params: () => ({}),
      }),
    }),
  ];
}
