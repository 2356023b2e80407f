import { z } from 'zod';
import type {
  AssetSummary,
  AssetView,
  AvailabilityView,
  MarketDataView,
  RateType,
  RateView,
  RateWithAssetView,
} from '@custody/contracts';
import { contractSchema } from '../contract-schema';
import {
  assetIdString,
  assetName,
  assetSymbol,
  currencyCode,
  decimalString,
  isoDateTime,
  timestamps,
} from '../schemas';

export const assetSummarySchema = contractSchema<AssetSummary>()(
  z.object({
    ...{},
    ...timestamps,
    name: assetName,
    symbol: assetSymbol,
  }),
);

export const rateSchema = contractSchema<RateView>()(
  z.object({
    ...{},
    ...timestamps,
    asset: assetSummarySchema,
    fiatPrice: z.number().meta({ description: 'Price of one whole unit in fiatCurrency' }),
    fiatCurrency: currencyCode.meta({ description: 'ISO 4217 code of the base currency' }),
    type: z.enum(['fixed', 'coingecko', 'exchange']).meta({ description: 'The rate provider' }),
    side: z.enum(['buy', 'sell']).optional().meta({ description: 'Exchange quotes only' }),
    stale: z
      .boolean()
      .meta({ description: 'Older than the maximum rate age: purchases refuse it' }),
  }),
);

/**
 * Market data as trading records it: from the rate provider (CoinGecko or the fixed file), never
 * the exchange (apps/trading's `RateProvider.type`), though the contract's `RateType` has it.
 */
type MarketData = Omit<MarketDataView, 'type'> & { type: Exclude<RateType, 'exchange'> };
type Asset = Omit<AssetView, 'marketData'> & { marketData: MarketData | null };

const decimalOrNull = decimalString.nullable();
export const marketDataSchema = contractSchema<MarketData>()(
  z.object({
    ...{},
    ...timestamps,
    asset: assetSummarySchema,
    volume24h: decimalOrNull,
    percentChange1h: decimalOrNull,
    percentChange24h: decimalOrNull,
    percentChange7d: decimalOrNull,
    circulatingSupply: decimalOrNull,
    totalSupply: decimalOrNull,
    maxSupply: decimalOrNull,
    lastUpdated: isoDateTime,
    fiatCurrency: currencyCode,
    type: z.enum(['fixed', 'coingecko']),
  }),
);

export const assetSchema = contractSchema<Asset>()(
  assetSummarySchema.extend({
    chain: z.enum(['evm', 'qubic', 'bitcoin']),
    // Bounded as trading's asset data file takes them.
    network: z.string().max(64),
    chainId: z.string().max(78).nullable(),
    decimals: z.number().int(),
    contractAddress: z.string().max(128).nullable(),
    buyEnabled: z.boolean(),
    sellEnabled: z.boolean(),
    rate: rateSchema.nullable(),
    marketData: marketDataSchema.nullable(),
  }),
);

/** A rate read by id: its asset carries the asset's current rate and market data (spec). */
export const rateWithAssetSchema = contractSchema<
  Omit<RateWithAssetView, 'asset'> & { asset: Asset }
>()(rateSchema.extend({ asset: assetSchema }));

export const availabilitySchema = contractSchema<AvailabilityView>()(
  z.object({
    assetId: assetIdString,
    action: z.enum(['BUY', 'SELL']),
    available: z.boolean(),
    reason: z
      .enum(['disabled', 'rate_unavailable'])
      .optional()
      .meta({ description: 'Why not: trading of the asset is disabled, or no current rate' }),
  }),
);

/** `1h`…`24h` or `1d`…`365d` (spec, Limits 3). */
export const intervalParam = z
  .string()
  .regex(
    /^(([1-9]|1\d|2[0-4])h|([1-9]|[1-9]\d|[12]\d\d|3[0-5]\d|36[0-5])d)$/,
    'Must be 1h to 24h, or 1d to 365d',
  );
