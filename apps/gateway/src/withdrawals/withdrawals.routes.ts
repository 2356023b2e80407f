import { z } from 'zod';
import { LEDGER_RPC, type WithdrawalView } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { amountSchema } from '@custody/money';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  amountString,
  assetIdString,
  deviceAndIp,
  externalReference,
  idResponse,
  idString,
  pathId,
  timestamps,
  walletParams,
  walletPathOf,
} from '../schemas';

/** What a withdrawal request takes; the records answer what it took (or the chain's). */
const receiverAddress = z.string().trim().min(1).max(200);
const memo = z.string().max(500);
const userNote = z.string().max(1000);
const blockchainTransactionId = z.string().trim().min(1).max(200);

const withdrawalStatus = z
  .enum(['pending_approval', 'prepared', 'broadcast', 'confirmed', 'failed', 'cancelled'])
  .describe('`pending_approval` (extension): held by a policy until its approval is decided');
const withdrawalSchema = contractSchema<WithdrawalView>()(
  z.object({
    ...{},
    ...timestamps,
    // Its movements once settled: what left, and the network fee (none before).
    transactions: z.array(idString).max(2),
    amount: amountString,
    fee: amountString,
    userId: idString,
    walletId: idString,
    // An outside address as requested, or the receiver of a signed transaction (EVM or Qubic).
    receiverAddress,
    // The asset's symbol (its id when the catalog no longer has it).
    asset: assetIdString,
    assetId: assetIdString,
    // As an admin reported it (200), or the transaction's hash or id on its chain.
    blockchainTransactionId: blockchainTransactionId.nullable(),
    status: withdrawalStatus,
    memo: memo.optional(),
    userNote: userNote.optional(),
    externalReference: externalReference.optional(),
    signedTxId: idString
      .optional()
      .describe('Extension: the sign-tx record whose transaction this withdrawal holds for'),
    approvalId: idString.optional().describe('Extension: the approval a policy held it for'),
  }),
);

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
            receiverAddress,
            ...deviceAndIp,
            amount: amountSchema().optional(),
            memo: memo.optional(),
            userNote: userNote.optional(),
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
            blockchainTransactionId: blockchainTransactionId.optional(),
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
