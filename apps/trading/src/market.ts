import type { RateType } from './schema';

/** What every market read needs to know: the base currency, the primary provider, staleness. */
export interface MarketSettings {
  fiatCurrency: string;
  /** The provider whose prices are "the" rate of an asset (purchases use it). */
  rateType: Exclude<RateType, 'exchange'>;
  maxRateAgeMs: number;
}
