import {
  type AvailabilityAction,
  type CatalogAsset,
  type ListQuery,
  type ListResult,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, listResult } from '@custody/persistence';
import type { MarketSettings } from '../market';
import type { AssetRow, MarketDataRow, RateRow } from '../schema';
import { catalogAsset, marketDataView, rateView } from '../views';
import {
  allAssets,
  findAsset,
  findAssetBySymbol,
  latestPerAsset,
  latestRate,
  listAssets,
} from './assets.repository';

export type { AvailabilityAction } from '@custody/contracts';

export function assetView(
  asset: AssetRow,
  rate: RateRow | undefined,
  market: MarketDataRow | undefined,
  maxRateAgeMs: number,
) {
  return {
    ...catalogAsset(asset),
    rate: rate ? rateView(rate, asset, maxRateAgeMs) : null,
    marketData: market ? marketDataView(market, asset) : null,
  };
}
export type AssetView = ReturnType<typeof assetView>;

/** The asset catalog, and each asset with its current rate and market data. */
export class AssetsService {
  constructor(
    private readonly db: Database,
    private readonly market: MarketSettings,
  ) {}

  async all(): Promise<AssetRow[]> {
    return allAssets(this.db);
  }

  /** By id or by symbol (case-insensitive); 404 when neither matches. */
  async require(idOrSymbol: string): Promise<AssetRow> {
    const row = await findAsset(this.db, idOrSymbol);
    if (!row) throw Errors.notFound('asset');
    return row;
  }

  async bySymbol(symbol: string): Promise<AssetRow | undefined> {
    return findAssetBySymbol(this.db, symbol);
  }

  async catalog(): Promise<CatalogAsset[]> {
    return (await this.all()).map(catalogAsset);
  }

  private view(asset: AssetRow, rate: RateRow | undefined, market: MarketDataRow | undefined) {
    return assetView(asset, rate, market, this.market.maxRateAgeMs);
  }

  async list(
    list: ListQuery,
    filters: { name?: string; symbol?: string },
  ): Promise<ListResult<AssetView>> {
    const [page, latest] = await Promise.all([
      listAssets(this.db, list, filters),
      latestPerAsset(this.db, this.market.rateType, this.market.fiatCurrency),
    ]);
    return listResult(
      page,
      page.rows.map((a) => this.view(a, latest.rates.get(a.id), latest.marketData.get(a.id))),
    );
  }

  async get(idOrSymbol: string) {
    const asset = await this.require(idOrSymbol);
    return this.withMarket(asset);
  }

  /** The asset view with its newest rate and market data (also nested in a rate's by-id read). */
  async withMarket(asset: AssetRow) {
    const latest = await latestPerAsset(this.db, this.market.rateType, this.market.fiatCurrency);
    return this.view(asset, latest.rates.get(asset.id), latest.marketData.get(asset.id));
  }

  /** Whether a purchase of this kind would be accepted now, and why not. */
  async availability(idOrSymbol: string, action: AvailabilityAction) {
    const asset = await this.require(idOrSymbol);
    const enabled = action === 'BUY' ? asset.buyEnabled : asset.sellEnabled;
    const base = { assetId: asset.id, action };
    if (!enabled) return { ...base, available: false, reason: 'disabled' };
    const rate = await this.freshRate(asset);
    if (!rate) return { ...base, available: false, reason: 'rate_unavailable' };
    return { ...base, available: true };
  }

  /** The newest primary-provider rate, if it is not older than the configured maximum age. */
  async freshRate(asset: AssetRow): Promise<RateRow | undefined> {
    const rate = await latestRate(
      this.db,
      asset.id,
      this.market.rateType,
      this.market.fiatCurrency,
    );
    if (!rate || Date.now() - rate.createdAt.getTime() > this.market.maxRateAgeMs) return undefined;
    return rate;
  }
}
