import { z } from 'zod';
import { LEDGER_RPC } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { amountSchema } from '@custody/money';
import { forward, forwardList } from '../forward';
import {
  deviceAndIp,
  externalReference,
  idResponse,
  pathId,
  timestamps,
  walletParams,
  walletPathOf,
} from '../schemas';

const withdrawalStatus = z
  .enum(['pending_approval', 'prepared', 'broadcast', 'confirmed', 'failed', 'cancelled'])
  .describe('`pending_approval` (extension): held by a policy until its approval is decided');
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
  signedTxId: z
    .string()
    .optional()
    .describe('Extension: the sign-tx record whose transaction this withdrawal holds for'),
  approvalId: z.string().optional().describe('Extension: the approval a policy held it for'),
});

export function withdrawalRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/users/:user/wallets/:wallet/withdrawals',
      operationId: 'createWithdrawal',
      summary:
        'Withdraw to an outside address; holds the amount (absent: the whole available balance)',
      tags: ['withdrawals'],
      auth: 'client',
      userTokens: true,
      scope: ['withdrawals', 'write'],
      request: {
        params: z.object(walletParams),
        body: z
          .object({
            assetId: z.string().min(1).max(64),
            receiverAddress: z.string().trim().min(1).max(200),
            ...deviceAndIp,
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
      userTokens: true,
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
      userTokens: true,
      scope: ['withdrawals', 'read'],
      request: { params: z.object({ ...{}, ...walletParams, withdrawal: pathId }) },
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
      scope: ['withdrawals', 'manage'],
      request: {
        params: z.object({ withdrawal: pathId }),
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
  ];
}
