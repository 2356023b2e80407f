import { z } from 'zod';
import { type PurchaseView, TRADING_RPC } from '@custody/contracts';
import { PROBLEM_LIMITS } from '@custody/errors';
import { defineRoute, listQuerySchema } from '@custody/http';
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
  idResponse,
  idString,
  pathId,
  timestamps,
  walletParams,
  walletPathOf,
} from '../schemas';

const purchaseSchema = contractSchema<PurchaseView>()(
  z.object({
    ...{},
    ...timestamps,
    user: idString,
    wallet: idString,
    status: z.enum(['pending', 'approved', 'rejected']),
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
    // The ledger's refusal that rejected it, as a problem would carry it.
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
      responses: { 201: { description: 'Settled (approved)', schema: idResponse } },
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
