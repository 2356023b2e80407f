import { z } from 'zod';
import { LEDGER_RPC, type TransferView } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { amountSchema } from '@custody/money';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import { amountString, externalReference, pathId, timestamps } from '../schemas';
import { defineRoute } from '../route';

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
      description:
        'Moves funds between custody wallets of one asset: every leg applies, or none, each leg a journal entry of the ledger; it answers the transfer `approved`, with `transfer.is-created`. ' +
        "The tenant's policies decide first: 403 `policy_blocked` when one refuses it (nothing moves), or the transfer is answered `pending_approval` with its `approvalId`, its funds on hold until the approval's quorum books it (or a rejection releases them). " +
        'Money movement with an Idempotency-Key: applied exactly once even across a crash, and a retry replays the first answer. ' +
        "Errors: 400 `insufficient_balance` (a leg's available balance falls short; nothing moves), `validation_failed` (a wallet that is not the named user's, another asset, one wallet as both sender and receiver, too many decimals) or `senders_span_tenants` (an admin's transfer across tenants); 404 `not_found` (an unknown sender); 403 `user_blocked` or `user_forbidden`; 409 `wallet_deleted`; 503 `timeout` or `outcome_unknown` (retry with the same key).",
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
      description:
        "Lists the tenant's transfers with their legs (an admin: every tenant's); a token bound to an end user lists only the transfers its user sent or received. " +
        'Changes nothing and is safe to repeat. ' +
        "An empty page is `[]`, never the contract's 404.",
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
      description:
        'Reads a transfer with its legs, its status (`approved`, or `pending_approval`, `rejected`, `failed` when a policy held it) and `approvalId`. ' +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 404 `not_found` for an unknown transfer, another tenant's, or one a user-bound token's user is not part of.",
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
