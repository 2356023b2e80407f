import { type ListQuery, type ListResult, type RateListFilters } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { latestRate } from '../assets/assets.repository';
import type { AssetsService } from '../assets/assets.service';
import type { MarketSettings } from '../market';

import { rateView } from '../views';
import { ProviderError } from './providers/http-json';
import type { ExchangeProvider } from './providers/provider';
import { findRate, insertRates, listRates } from './rates.repository';
import { listResult } from '@custody/persistence';

/** `1h`…`24h` or `1d`…`365d` (the spec's interval filter) in milliseconds; undefined if invalid. */
export function intervalMs(value: string): number | undefined {
  const match = /^([1-9]\d{0,2})([hd])$/.exec(value);
  if (!match) return undefined;
  const n = Number(match[1]);
  if (match[2] === 'h') return n <= 24 ? n * 3_600_000 : undefined;
  return n <= 365 ? n * 86_400_000 : undefined;
}

export type { RateListFilters } from '@custody/contracts';

/** Rate history, single rates, and live exchange quotes. */
export class RatesService {
  constructor(
    private readonly db: Database,
    private readonly assets: AssetsService,
    private readonly exchange: ExchangeProvider,
    private readonly market: MarketSettings,
    private readonly logger: Logger,
  ) {}

  async list(
    assetId: string,
    list: ListQuery,
    filters: RateListFilters,
  ): Promise<ListResult<ReturnType<typeof rateView>>> {
    const asset = await this.assets.require(assetId);
    if (filters.assetSymbol !== undefined) {
      const bySymbol = await this.assets.bySymbol(filters.assetSymbol);
      if (!bySymbol) {
        throw Errors.validation([{ path: 'query.assetSymbol', message: 'Unknown asset symbol' }]);
      }
      if (bySymbol.id !== asset.id) return { items: [], total: 0 };
    }
    const window = filters.interval !== undefined ? intervalMs(filters.interval) : undefined;
    if (filters.interval !== undefined && window === undefined) {
      throw Errors.validation([{ path: 'query.interval', message: '1h to 24h, or 1d to 365d' }]);
    }
    const page = await listRates(this.db, asset.id, list, {
      ...(window !== undefined ? { intervalMs: window } : {}),
      ...(filters.type ? { type: filters.type } : {}),
    });
    return listResult(
      page,
      page.rows.map((r) => rateView(r, asset, this.market.maxRateAgeMs)),
    );
  }

  /** One rate; its `asset` carries the asset's current rate and market data (spec). */
  async get(assetId: string, rateId: string) {
    const asset = await this.assets.require(assetId);
    const rate = await findRate(this.db, asset.id, rateId);
    if (!rate) throw Errors.notFound('rate');
    return {
      ...rateView(rate, asset, this.market.maxRateAgeMs),
      asset: await this.assets.withMarket(asset),
    };
  }

  /**
   * The exchange's quote for one side, fetched live (and stored); when the exchange cannot answer,
   * the freshest stored quote of that side (its `stale` flag tells its age); none at all: 503.
   */
  async exchangeRate(assetId: string, side: 'buy' | 'sell') {
    const asset = await this.assets.require(assetId);
    const fiat = this.market.fiatCurrency;
    try {
      const quote = await this.exchange.ticker(asset, fiat);
      const stored = await insertRates(this.db, [
        {
          assetId: asset.id,
          fiatPrice: quote.buy,
          fiatCurrency: fiat,
          type: 'exchange',
          side: 'buy',
        },
        {
          assetId: asset.id,
          fiatPrice: quote.sell,
          fiatCurrency: fiat,
          type: 'exchange',
          side: 'sell',
        },
      ]);
      const row = stored.find((r) => r.side === side);
      if (row) return [rateView(row, asset, this.market.maxRateAgeMs)];
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.logger.warn(
        { err: error, assetId: asset.id },
        'exchange quote failed; using the last stored one',
      );
    }
    const last = await latestRate(this.db, asset.id, 'exchange', fiat, side);
    if (!last) {
      throw Errors.unavailable(
        `No exchange rate for ${asset.symbol} is available.`,
        'rate_unavailable',
      );
    }
    return [rateView(last, asset, this.market.maxRateAgeMs)];
  }
}
