import type { AssetSummary, CatalogAsset, RateSnapshot } from '@custody/contracts';
import { canonical } from '@custody/money';
import type { AssetRow, MarketDataRow, RateRow } from './schema';

export function assetSummary(asset: AssetRow): AssetSummary {
  return {
    id: asset.id,
    createdAt: asset.createdAt.toISOString(),
    updatedAt: asset.updatedAt.toISOString(),
    name: asset.name,
    symbol: asset.symbol,
  };
}

export function catalogAsset(asset: AssetRow): CatalogAsset {
  return {
    ...assetSummary(asset),
    chain: asset.chain,
    network: asset.network,
    chainId: asset.chainId,
    decimals: asset.decimals,
    contractAddress: asset.contractAddress,
    buyEnabled: asset.buyEnabled,
    sellEnabled: asset.sellEnabled,
  };
}

export function rateSnapshot(rate: RateRow, asset: AssetRow): RateSnapshot {
  return {
    id: rate.id,
    createdAt: rate.createdAt.toISOString(),
    updatedAt: rate.updatedAt.toISOString(),
    asset: assetSummary(asset),
    // The spec's Rate carries fiatPrice as a JSON number; arithmetic uses the exact stored value.
    fiatPrice: Number(rate.fiatPrice),
  };
}

export function rateView(rate: RateRow, asset: AssetRow, maxAgeMs: number, now = Date.now()) {
  return {
    ...rateSnapshot(rate, asset),
    fiatCurrency: rate.fiatCurrency,
    type: rate.type,
    ...(rate.side ? { side: rate.side } : {}),
    /** Older than RATE_MAX_AGE_SECONDS: purchases refuse it. */
    stale: now - rate.createdAt.getTime() > maxAgeMs,
  };
}

const dec = (value: string | null) => (value === null ? null : canonical(value));

export function marketDataView(row: MarketDataRow, asset: AssetRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    asset: assetSummary(asset),
    volume24h: dec(row.volume24h),
    percentChange1h: dec(row.percentChange1h),
    percentChange24h: dec(row.percentChange24h),
    percentChange7d: dec(row.percentChange7d),
    circulatingSupply: dec(row.circulatingSupply),
    totalSupply: dec(row.totalSupply),
    maxSupply: dec(row.maxSupply),
    lastUpdated: row.lastUpdated.toISOString(),
    fiatCurrency: row.fiatCurrency,
    type: row.type,
  };
}
