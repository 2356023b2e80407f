import { z } from 'zod';
import { LEDGER_RPC, type TransferView } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { amountSchema } from '@custody/money';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import { amountString, externalReference, pathId, timestamps } from '../schemas';

/** A request moves at most this many legs (`requestedTransactions`); its answer has as many. */
const MAX_LEGS = 100;

const requestedTransaction = z
  .object({
    assetId: z.string().min(1).max(64),
    senderUserId: pathId,
    senderWalletId: pathId,
    receiverUserId: pathId,
    receiverWalletId: pathId,
    type: z.enum(['transfer']).optional(),
    amount: amountSchema(),
    externalReference: externalReference.optional(),
  })
  .strict();

// The statuses of a transfer and of its legs.
const transferStatus = z
  .enum(['approved', 'pending_approval', 'rejected', 'failed'])
  .describe(
    "`approved` (the contract's: booked); extensions: `pending_approval` (held by a policy, its funds on hold), `rejected` (its approval was rejected, expired or cancelled; holds released), `failed` (approved, but it could not be booked: see `failureReason`)",
  );
const transferSchema = contractSchema<TransferView>()(
  z.object({
    ...{},
    ...timestamps,
    status: transferStatus,
    approvalId: pathId.optional().describe('Extension: the approval a policy held it for'),
    failureReason: z
      .string()
      .max(64)
      .optional()
      .describe(
        'Extension: why it was not booked (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`)',
      ),
    transactions: z
      .array(z.object({ ...{}, ...timestamps, status: transferStatus, amount: amountString }))
      .max(MAX_LEGS),
    requestedTransactions: z.array(requestedTransaction).max(MAX_LEGS),
    externalReference: externalReference.optional(),
  }),
);

export function transferRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/transfers',
      operationId: 'createTransfer',
      summary: 'Move funds between custody wallets: every leg applies, or none',
      tags: ['transfers'],
      auth: 'client',
      userTokens: true,
      scope: ['transfers', 'write'],
      request: {
        query: z.object({ externalReference: externalReference.optional() }).strict(),
        body: z
          .object({
            requestedTransactions: z.array(requestedTransaction).min(1).max(MAX_LEGS),
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
      userTokens: true,
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
      userTokens: true,
      scope: ['transfers', 'read'],
      request: { params: z.object({ transfer: pathId }) },
      responses: { 200: { description: 'The transfer', schema: transferSchema } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.getTransfer, {
        read: true,
        params: ({ params }) => ({ id: params['transfer'] }),
      }),
    }),
  ];
}
