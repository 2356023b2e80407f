import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AMOUNT_PATTERN, canonical, compare, DECIMAL_PATTERN, mul, sub, add } from '@custody/money';
import type {
  ExchangeProvider,
  ExchangeQuote,
  MarketSnapshot,
  PriceQuote,
  ProviderAsset,
  RateProvider,
} from './provider';
import { ProviderError } from './http-json';
import { feeRate } from '../../purchases/purchases.rules';

// At most as long as an amount (80): the API answers these figures, and prices multiply amounts.
const decimal = z.string().max(80).regex(DECIMAL_PATTERN).nullable().optional();

const fileSchema = z.object({
  fiatCurrency: z.string().regex(/^[A-Z]{3}$/),
  spreadBps: z.number().int().min(0).max(5_000).default(0),
  assets: z.record(
    z.string(),
    z.object({
      price: z
        .string()
        .max(80)
        .regex(AMOUNT_PATTERN)
        .refine((v) => compare(v, '0') > 0, 'Must be greater than zero'),
      volume24h: decimal,
      percentChange1h: decimal,
      percentChange24h: decimal,
      percentChange7d: decimal,
      circulatingSupply: decimal,
      totalSupply: decimal,
      maxSupply: decimal,
    }),
  ),
});
export type FixedRatesFile = z.infer<typeof fileSchema>;

export function loadFixedRates(file: string): FixedRatesFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the fixed rates file ${file}: ${(error as Error).message}`);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid fixed rates file ${file}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

const orNull = (value: string | null | undefined) =>
  value === undefined || value === null ? null : canonical(value);

/**
 * Prices from a file: the default provider, because a fresh stack (and this project's build
 * machines) has no internet. Quotes only the fiat currency the file is written in.
 */
export class FixedRateProvider implements RateProvider, ExchangeProvider {
  readonly type = 'fixed' as const;
  readonly name = 'fixed';

  constructor(private readonly file: FixedRatesFile) {}

  private entry(asset: ProviderAsset, fiat: string) {
    if (fiat !== this.file.fiatCurrency) return undefined;
    return this.file.assets[asset.id];
  }

  async prices(assets: ProviderAsset[], fiat: string): Promise<PriceQuote[]> {
    return assets.flatMap((asset) => {
      const entry = this.entry(asset, fiat);
      return entry ? [{ assetId: asset.id, price: canonical(entry.price) }] : [];
    });
  }

  async marketData(assets: ProviderAsset[], fiat: string): Promise<MarketSnapshot[]> {
    const now = new Date();
    return assets.flatMap((asset) => {
      const entry = this.entry(asset, fiat);
      if (!entry) return [];
      return [
        {
          assetId: asset.id,
          volume24h: orNull(entry.volume24h),
          percentChange1h: orNull(entry.percentChange1h),
          percentChange24h: orNull(entry.percentChange24h),
          percentChange7d: orNull(entry.percentChange7d),
          circulatingSupply: orNull(entry.circulatingSupply),
          totalSupply: orNull(entry.totalSupply),
          maxSupply: orNull(entry.maxSupply),
          lastUpdated: now,
        },
      ];
    });
  }

  /** price ± half the spread each side: buy at the ask, sell at the bid. */
  async ticker(asset: ProviderAsset, fiat: string): Promise<ExchangeQuote> {
    const entry = this.entry(asset, fiat);
    if (!entry) throw new ProviderError(`fixed: no price for ${asset.id} in ${fiat}`, false);
    const half = mul(feeRate(this.file.spreadBps), '0.5');
    const price = canonical(entry.price);
    return { buy: add(price, mul(price, half)), sell: sub(price, mul(price, half)) };
  }
}
