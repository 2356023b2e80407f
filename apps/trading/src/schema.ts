import {
  type AssetChain,
  type PurchaseOperation,
  type PurchaseStatus,
  type RateType,
  type RpcErrorBody,
} from '@custody/contracts';
import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Drizzle view of the tables in migrations/; the SQL files are the source of truth. */
export const trading = pgSchema('trading');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const assets = trading.table('assets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  chain: text('chain').$type<AssetChain>().notNull(),
  network: text('network').notNull(),
  chainId: text('chain_id'),
  decimals: integer('decimals').notNull(),
  contractAddress: text('contract_address'),
  buyEnabled: boolean('buy_enabled').notNull(),
  sellEnabled: boolean('sell_enabled').notNull(),
  coingeckoId: text('coingecko_id'),
  exchangeSymbol: text('exchange_symbol'),
  ...timestamps,
});
export type AssetRow = typeof assets.$inferSelect;

export type { RateType } from '@custody/contracts';
export const RATE_TYPES: readonly [RateType, ...RateType[]] = ['fixed', 'coingecko', 'exchange'];

export const rates = trading.table('rates', {
  id: uuid('id').primaryKey(),
  assetId: text('asset_id').notNull(),
  fiatPrice: numeric('fiat_price').notNull(),
  fiatCurrency: text('fiat_currency').notNull(),
  type: text('type').$type<RateType>().notNull(),
  side: text('side').$type<'buy' | 'sell'>(),
  ...timestamps,
});
export type RateRow = typeof rates.$inferSelect;

export const marketData = trading.table('market_data', {
  id: uuid('id').primaryKey(),
  assetId: text('asset_id').notNull(),
  fiatCurrency: text('fiat_currency').notNull(),
  type: text('type').$type<RateType>().notNull(),
  volume24h: numeric('volume_24h'),
  percentChange1h: numeric('percent_change_1h'),
  percentChange24h: numeric('percent_change_24h'),
  percentChange7d: numeric('percent_change_7d'),
  circulatingSupply: numeric('circulating_supply'),
  totalSupply: numeric('total_supply'),
  maxSupply: numeric('max_supply'),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull(),
  ...timestamps,
});
export type MarketDataRow = typeof marketData.$inferSelect;

export const providerStatus = trading.table('provider_status', {
  provider: text('provider').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastError: text('last_error'),
  consecutiveFailures: integer('consecutive_failures').notNull(),
});

export type { PurchaseStatus } from '@custody/contracts';

export const purchases = trading.table('purchases', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  walletId: uuid('wallet_id').notNull(),
  assetId: text('asset_id').notNull(),
  operation: text('operation').$type<PurchaseOperation>().notNull(),
  amount: numeric('amount').notNull(),
  purchased: numeric('purchased').notNull(),
  netAmount: numeric('net_amount').notNull(),
  fee: numeric('fee').notNull(),
  feeBps: integer('fee_bps').notNull(),
  fiatCurrency: text('fiat_currency').notNull(),
  rateId: uuid('rate_id').notNull(),
  price: numeric('price').notNull(),
  status: text('status').$type<PurchaseStatus>().notNull(),
  failure: jsonb('failure').$type<RpcErrorBody | null>(),
  device: text('device').notNull(),
  ip: text('ip').notNull(),
  externalReference: text('external_reference'),
  clientId: text('client_id').notNull(),
  idempotencyKey: text('idempotency_key'),
  requestHash: text('request_hash'),
  /** The approval a policy held it for (`pending_approval` until it is decided). */
  approvalId: uuid('approval_id'),
  ...timestamps,
});
export type PurchaseRow = typeof purchases.$inferSelect;
