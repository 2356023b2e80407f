import { z } from 'zod';
import { type PurchaseCreated, type PurchaseView, TRADING_RPC } from '@custody/contracts';
import { PROBLEM_LIMITS } from '@custody/errors';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { amountSchema } from '@custody/money';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  amountString,
  assetIdString,
  currencyCode,
  decimalString,
  deviceAndIp,
  externalReference,
  idString,
  pathId,
  timestamps,
  walletParams,
  walletPathOf,
} from '../schemas';
import { defineRoute } from '../route';

const purchaseStatus = z
  .enum(['pending', 'pending_approval', 'approved', 'rejected'])
  .describe(
    "`approved` (the contract's: settled); `pending` while it settles; `pending_approval` (extension): held by a policy, nothing booked until its approval's quorum; `rejected` with its `failure` (the ledger's refusal, or `approval_rejected`, `approval_expired`, `approval_cancelled`)",
  );

/** The answer of a creation: the id; a held purchase adds its status and approval. */
const purchaseCreated = contractSchema<PurchaseCreated>()(
  z.object({
    id: idString,
    status: purchaseStatus.optional().describe('Extension, a held purchase only: its status'),
    approvalId: idString.optional().describe('Extension: the approval a policy held it for'),
  }),
);

const purchaseSchema = contractSchema<PurchaseView>()(
  z.object({
    ...{},
    ...timestamps,
    user: idString,
    wallet: idString,
    status: purchaseStatus,
    operation: z.enum(['buy', 'sell']),
    asset: assetIdString.meta({ description: 'Asset id' }),
    amount: amountString.meta({ description: 'As asked: fiat for buy, crypto for sell' }),
    // Fiat proceeds of a sell are the amount times the price: computed, not asked.
    purchased: decimalString.meta({ description: 'buy: crypto credited; sell: fiat proceeds' }),
    netAmount: decimalString,
    fee: decimalString.meta({ description: 'In fiat' }),
    feeBps: z.number().int(),
    fiatCurrency: currencyCode,
    rate: z.object({ id: idString, price: decimalString }).meta({ description: 'The rate used' }),
    externalReference: externalReference.optional(),
    approvalId: idString.optional().describe('Extension: the approval a policy held it for'),
    // The ledger's refusal (or the approval's outcome) that rejected it, as a problem would carry it.
    failure: z
      .object({
        code: z.string().max(PROBLEM_LIMITS.code),
        message: z.string().max(PROBLEM_LIMITS.detail),
      })
      .optional(),
  }),
);

export function purchaseRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/users/:user/wallets/:wallet/purchases',
      operationId: 'createPurchase',
      summary:
        'Buy (amount in fiat) or sell (amount in crypto) the wallet’s asset at the current rate',
      description:
        "Buys (`amount` in fiat) or sells (`amount` in the asset) the wallet's asset at its current rate, less the configured fee, and settles it on the ledger against the treasury at once; it answers the purchase's id once it is `approved`, with `purchase.is-created`. " +
        "The tenant's `purchase` policies (and `any`) decide first on its crypto amount and its fiat value at the quoted rate: 403 `policy_blocked` when one refuses it (nothing is recorded or booked), or it is recorded `pending_approval` and answered 201 with `status` and `approvalId`, nothing booked until its approval's quorum settles it at the quoted price (a rejection, expiry or cancellation ends it `rejected`, nothing booked). " +
        "A purchase the ledger refuses is recorded `rejected` and answers the ledger's error. " +
        'Money movement with an Idempotency-Key: settled exactly once even across a crash, and a retry replays the first answer (or finishes a purchase left pending). ' +
        'Errors: 400 `insufficient_balance` (a sell above the available balance), `asset_disabled`, `amount_too_small`, `amount_too_large`, `asset_mismatch` or `validation_failed` (another `fiatCurrency` than the configured one, too many decimals); 403 `policy_blocked` (with `policyIds`), `user_blocked` or `user_forbidden`; 404 `not_found` (the wallet); 409 `wallet_deleted` or `idempotency_conflict`; 503 `rate_unavailable` (no rate fresh enough).',
      tags: ['purchases'],
      auth: 'client',
      userTokens: true,
      scope: ['purchases', 'write'],
      request: {
        params: z.object(walletParams),
        body: z
          .object({
            operation: z.enum(['buy', 'sell']),
            amount: amountSchema(),
            ...deviceAndIp,
            externalReference: externalReference.optional(),
            fiatCurrency: z
              .string()
              .regex(/^[A-Z]{3}$/, 'An ISO 4217 code')
              .optional()
              .meta({ description: 'Must be the service’s base currency' }),
          })
          .strict(),
      },
      responses: {
        201: {
          description: 'Settled (approved), or held for approval (with `status` and `approvalId`)',
          schema: purchaseCreated,
        },
      },
      errorStatuses: [401, 403, 404, 409, 503],
      handler: forward(rpc, 'trading', TRADING_RPC.createPurchase, {
        status: 201,
        params: ({ params, body }) => ({ ...{}, ...walletPathOf(params), ...body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/purchases',
      operationId: 'listPurchases',
      summary: "List a wallet's purchases (`*` for user and wallet: admin only)",
      description:
        "Lists a wallet's purchases and sales (`*` for user and wallet: admin only); filter by `assetId`, `externalReference` and creation dates. " +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.',
      tags: ['purchases'],
      auth: 'client',
      userTokens: true,
      scope: ['purchases', 'read'],
      request: {
        params: z.object(walletParams),
        query: listQuerySchema({
          sortFields: ['createdAt', 'amount'],
          externalReference: true,
          filters: { assetId: z.string().min(1).max(64).optional() },
        }),
      },
      responses: { 200: { description: 'Purchases', schema: z.array(purchaseSchema) } },
      errorStatuses: [401, 403, 404],
      handler: forwardList(rpc, 'trading', TRADING_RPC.listPurchases, ({ params, query }) => ({
        ...{},
        ...walletPathOf(params),
        ...query,
      })),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/purchases/:purchase',
      operationId: 'getPurchase',
      summary: 'Read a purchase',
      description:
        'Reads one purchase: operation, amounts, fee, the rate it used and its status (`pending`, `pending_approval` with its `approvalId`, `approved` or `rejected` with its `failure`). ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown purchase or a wallet the caller cannot see; 403 `user_forbidden`.',
      tags: ['purchases'],
      auth: 'client',
      userTokens: true,
      scope: ['purchases', 'read'],
      request: { params: z.object({ ...{}, ...walletParams, purchase: pathId }) },
      responses: { 200: { description: 'The purchase', schema: purchaseSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'trading', TRADING_RPC.getPurchase, {
        read: true,
        params: ({ params }) => ({ ...{}, ...walletPathOf(params), id: params['purchase'] }),
      }),
    }),
  ];
}
