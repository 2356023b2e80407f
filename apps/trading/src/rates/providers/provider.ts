import type { AssetRow, RateType } from '../../schema';

/** What a provider needs to know of an asset. */
export type ProviderAsset = Pick<AssetRow, 'id' | 'symbol' | 'coingeckoId' | 'exchangeSymbol'>;

export interface PriceQuote {
  assetId: string;
  /** Fiat per whole unit, canonical decimal string. */
  price: string;
}

export interface MarketSnapshot {
  assetId: string;
  volume24h: string | null;
  percentChange1h: string | null;
  percentChange24h: string | null;
  percentChange7d: string | null;
  circulatingSupply: string | null;
  totalSupply: string | null;
  maxSupply: string | null;
  lastUpdated: Date;
}

/** Spot prices and market data for the catalog (ingested on a schedule). */
export interface RateProvider {
  readonly type: Exclude<RateType, 'exchange'>;
  /** Prices of the assets it knows; assets it does not quote are left out. */
  prices(assets: ProviderAsset[], fiat: string): Promise<PriceQuote[]>;
  marketData(assets: ProviderAsset[], fiat: string): Promise<MarketSnapshot[]>;
}

export interface ExchangeQuote {
  /** What a customer pays per unit when buying (the ask). */
  buy: string;
  /** What a customer gets per unit when selling (the bid). */
  sell: string;
}

/** An exchange's order-book ticker (`/rates/exchange`). */
export interface ExchangeProvider {
  readonly name: string;
  /** Throws ProviderError when the pair is not listed or the exchange cannot be reached. */
  ticker(asset: ProviderAsset, fiat: string): Promise<ExchangeQuote>;
}
