import { z } from 'zod';
import { TRADING_RPC } from '@custody/contracts';
import { dateParam, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forward, forwardList } from '../forward';
import { pathId } from '../schemas';
import {
  assetSchema,
  availabilitySchema,
  intervalParam,
  marketDataSchema,
  rateSchema,
  rateWithAssetSchema,
} from './assets.schemas';
import { defineRoute } from '../route';

const symbol = z.string().min(1).max(20);

export function assetRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/assets',
      operationId: 'listAssets',
      summary: 'List the asset catalog, each with its current rate and market data',
      description:
        'Lists the asset catalog, each asset with its current rate and market data; filter by `name` and `symbol`. ' +
        'Changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      tags: ['assets'],
      auth: 'client',
      userTokens: true,
      scope: ['assets', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['symbol', 'name', 'createdAt'],
          defaultSort: 'symbol',
          dates: false,
          filters: {
            name: z.string().min(1).max(100).optional(),
            symbol: symbol.optional(),
          },
        }),
      },
      responses: { 200: { description: 'Assets', schema: z.array(assetSchema) } },
      errorStatuses: [401],
      handler: forwardList(rpc, 'trading', TRADING_RPC.listAssets),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/assets/:asset',
      operationId: 'getAsset',
      summary: 'Read an asset (by id or symbol) with its current rate and market data',
      description:
        'Reads one asset, by id or symbol, with its current rate and market data. ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an asset not in the catalog.',
      tags: ['assets'],
      auth: 'client',
      userTokens: true,
      scope: ['assets', 'read'],
      request: { params: z.object({ asset: pathId }) },
      responses: { 200: { description: 'The asset', schema: assetSchema } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'trading', TRADING_RPC.getAsset, {
        read: true,
        params: ({ params }) => ({ assetId: params['asset'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/assets/:asset/available',
      operationId: 'getAssetAvailability',
      summary: 'Whether the asset can be bought or sold now, and why not',
      description:
        'Tells whether a purchase of the asset (`action` BUY or SELL) would be accepted now, and why not: `disabled` (trading it is switched off) or `rate_unavailable` (no rate fresh enough). ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an asset not in the catalog.',
      tags: ['assets'],
      auth: 'client',
      userTokens: true,
      scope: ['assets', 'read'],
      request: {
        params: z.object({ asset: pathId }),
        query: z.object({ action: z.enum(['BUY', 'SELL']) }).strict(),
      },
      responses: { 200: { description: 'Availability', schema: availabilitySchema } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'trading', TRADING_RPC.assetAvailability, {
        read: true,
        params: ({ params, query }) => ({
          assetId: params['asset'],
          action: query.action,
        }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/assets/:asset/market-data',
      operationId: 'listMarketData',
      summary: 'Market data snapshots of an asset (`*`: every asset) in a lastUpdated window',
      description:
        "Lists an asset's market data snapshots (volume, price changes, supply) whose `lastUpdated` lies between `lastUpdatedAfter` and `lastUpdatedBefore`, both required; `*` as the asset lists every asset's. " +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an asset not in the catalog; 400 `validation_failed` for an unknown `assetSymbol` or a missing window.',
      tags: ['market data'],
      auth: 'client',
      userTokens: true,
      scope: ['assets', 'read'],
      request: {
        params: z.object({ asset: pathId }),
        query: listQuerySchema({
          sortFields: ['lastUpdated', 'createdAt'],
          defaultSort: '-lastUpdated',
          filters: {
            lastUpdatedAfter: dateParam,
            lastUpdatedBefore: dateParam,
            assetSymbol: symbol.optional(),
          },
        }),
      },
      responses: { 200: { description: 'Market data', schema: z.array(marketDataSchema) } },
      errorStatuses: [401, 404],
      handler: forwardList(rpc, 'trading', TRADING_RPC.listMarketData, ({ params, query }) => ({
        assetId: params['asset'],
        ...query,
      })),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/assets/:asset/market-data/:marketDataId',
      operationId: 'getMarketData',
      summary: 'Read one market data snapshot',
      description:
        'Reads one market data snapshot of an asset (`*`: of any asset). ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown snapshot, or one of another asset.',
      tags: ['market data'],
      auth: 'client',
      userTokens: true,
      scope: ['assets', 'read'],
      request: { params: z.object({ asset: pathId, marketDataId: pathId }) },
      responses: { 200: { description: 'Market data', schema: marketDataSchema } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'trading', TRADING_RPC.getMarketData, {
        read: true,
        params: ({ params }) => ({
          assetId: params['asset'],
          marketDataId: params['marketDataId'],
        }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/assets/:assetId/rates',
      operationId: 'listRates',
      summary: 'Rate history of an asset (`interval`: only the last 1h–24h or 1d–365d)',
      description:
        "Lists an asset's rate history (fiat price per unit, provider `type`), optionally only the last `interval` (1h to 24h, or 1d to 365d) and one provider type. " +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an asset not in the catalog; 400 `validation_failed` for an interval out of range or an unknown `assetSymbol`.',
      tags: ['rates'],
      auth: 'client',
      userTokens: true,
      scope: ['assets', 'read'],
      request: {
        params: z.object({ assetId: pathId }),
        query: listQuerySchema({
          sortFields: ['createdAt', 'fiatPrice'],
          filters: {
            interval: intervalParam.optional(),
            assetSymbol: symbol.optional(),
            type: z.enum(['fixed', 'coingecko', 'exchange']).optional(),
          },
        }),
      },
      responses: { 200: { description: 'Rates', schema: z.array(rateSchema) } },
      errorStatuses: [401, 404],
      handler: forwardList(rpc, 'trading', TRADING_RPC.listRates, ({ params, query }) => ({
        assetId: params['assetId'],
        ...query,
      })),
    }),
    // Before /rates/:rate, which would otherwise take "exchange" for a rate id.
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/assets/:assetId/rates/exchange',
      operationId: 'getExchangeRate',
      summary: "The exchange's quote for buying or selling the asset now",
      description:
        "Answers the exchange's live quote for buying or selling the asset (`side`), fetched from the exchange provider and stored in the rate history; when the exchange does not answer, the last stored quote of that side (its `stale` flag tells its age). " +
        'Safe to repeat; each call that reaches the exchange adds its quote to the history. ' +
        'Errors: 404 `not_found` for an asset not in the catalog; 503 `rate_unavailable` when the exchange does not answer and no quote was ever stored.',
      tags: ['rates'],
      auth: 'client',
      userTokens: true,
      scope: ['assets', 'read'],
      request: {
        params: z.object({ assetId: pathId }),
        query: z.object({ side: z.enum(['buy', 'sell']) }).strict(),
      },
      responses: { 200: { description: 'The quote', schema: z.array(rateSchema) } },
      errorStatuses: [401, 404, 503],
      handler: forward(rpc, 'trading', TRADING_RPC.exchangeRate, {
        read: true,
        params: ({ params, query }) => ({
          assetId: params['assetId'],
          side: query.side,
        }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/assets/:assetId/rates/:rate',
      operationId: 'getRate',
      summary: 'Read one rate; its asset carries the current rate and market data',
      description:
        "Reads one rate of an asset; its `asset` carries the asset's current rate and market data. " +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown rate or asset.',
      tags: ['rates'],
      auth: 'client',
      userTokens: true,
      scope: ['assets', 'read'],
      request: { params: z.object({ assetId: pathId, rate: pathId }) },
      responses: { 200: { description: 'The rate', schema: rateWithAssetSchema } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'trading', TRADING_RPC.getRate, {
        read: true,
        params: ({ params }) => ({ assetId: params['assetId'], rateId: params['rate'] }),
      }),
    }),
  ];
}
