import { z } from 'zod';
import { type IncomeView, LEDGER_RPC } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
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
import { defineRoute } from '../route';

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
    reorged: z
      .literal(true)
      .optional()
      .describe(
        'Extension: present when the confirmed deposit was later taken off the chain by a reorg',
      ),
    reorg: z
      .object({
        detectedAt: isoDateTime,
        held: amountString.describe(
          'What a hold keeps of the credit: the wallet’s available balance when the reorg was found, at most the amount',
        ),
        resolution: z.enum(['reversed', 'released']).optional(),
        resolvedAt: isoDateTime.optional(),
      })
      .optional()
      .describe('Extension: the reorg of a confirmed deposit and its resolution by an admin'),
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
      description:
        'Reports a deposit to a custody wallet (admin only; the manual chain adapter, for assets no chain adapter follows): it is recorded `pending`, with `income.is-created`, and credits nothing until it is confirmed. ' +
        'While it is pending the wallet cannot be deleted. ' +
        'Money movement with an Idempotency-Key: recorded exactly once even across a crash; without a key a retry answers 409 `duplicate_income`. ' +
        'Errors: 404 `not_found` (an unknown or deleted wallet); 400 `validation_failed` (more decimals than the asset has); 409 `duplicate_income` (this asset, blockchain transaction id and wallet were reported already).',
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
      description:
        'Settles a pending deposit (admin only): `confirmed` credits the wallet once (external → wallet, with its ledger movement), `failed` never credits it. ' +
        'PATCH takes no Idempotency-Key, and a settled income moves no more: setting it again answers 409 `illegal_transition`, so nothing is credited twice. ' +
        'Errors: 404 `not_found`; 409 `illegal_transition` (it is not pending) or `wallet_deleted` (its wallet was deleted).',
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
      method: 'post',
      path: '/admin/incomes/:income/reorg-resolution',
      operationId: 'resolveIncomeReorg',
      summary: 'Reverse or release a deposit a reorg took off the chain (admin)',
      description:
        'Resolves a confirmed deposit that the chain adapter later found reorged off the chain (`reorged: true`; the wallet holds what it still had of the credit). ' +
        '`reversed` takes the held part of the credit back (wallet → external, a `deposit` movement `out` with subtype `reversal`); what the wallet spent before the reorg was seen stays a reconciliation delta, the house’s loss. ' +
        '`released` lets the deposit stand and frees the hold (its transaction was mined again, or the house accepts the loss). ' +
        'Announced with `income.is-resolved`. Money movement with an Idempotency-Key: applied exactly once; without one a second call answers 409. ' +
        'Errors: 404 `not_found`; 409 `illegal_transition` (the deposit was not reorged, or was resolved already).',
      tags: ['incomes'],
      auth: 'admin',
      scope: ['incomes', 'write'],
      request: {
        params: z.object({ income: pathId }),
        body: z.object({ resolution: z.enum(['reversed', 'released']) }).strict(),
      },
      responses: { 200: { description: 'The income, resolved', schema: incomeSchema } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.resolveIncomeReorg, {
        params: ({ params, body }) => ({ id: params['income'], ...body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/incomes',
      operationId: 'listIncomes',
      summary: "List a wallet's deposits (`*` for user and wallet: admin only)",
      description:
        "Lists a wallet's deposits with their status (`*` for user and wallet: admin only); filter by `status` and creation dates. " +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.',
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
      description:
        'Reads one deposit of a wallet. ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown deposit or a wallet the caller cannot see; 403 `user_forbidden`.',
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
