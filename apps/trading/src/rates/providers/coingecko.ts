import { z } from 'zod';
import { fromNumber } from '@custody/money';
import { HttpJsonClient, ProviderError } from './http-json';
import type { MarketSnapshot, PriceQuote, ProviderAsset, RateProvider } from './provider';

const num = z.number().finite();
const simplePriceSchema = z.record(z.string(), z.record(z.string(), num.nullable()));
const marketsSchema = z.array(
  z.object({
    id: z.string(),
    current_price: num.nullable().optional(),
    total_volume: num.nullable().optional(),
    circulating_supply: num.nullable().optional(),
    total_supply: num.nullable().optional(),
    max_supply: num.nullable().optional(),
    last_updated: z.string().nullable().optional(),
    price_change_percentage_1h_in_currency: num.nullable().optional(),
    price_change_percentage_24h_in_currency: num.nullable().optional(),
    price_change_percentage_7d_in_currency: num.nullable().optional(),
  }),
);

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ProviderError(`coingecko: unexpected ${what} response`, false);
  return parsed.data;
}

const dec = (value: number | null | undefined) =>
  value === undefined || value === null ? null : fromNumber(value);

/**
 * CoinGecko's public API: `/simple/price` for prices and `/coins/markets` for market data. Assets
 * are addressed by their `coingeckoId`; an asset without one is not quoted.
 */
export class CoinGeckoProvider implements RateProvider {
  readonly type = 'coingecko' as const;

  constructor(private readonly http: HttpJsonClient) {}

  static headersFor(baseUrl: string, apiKey: string | undefined): Record<string, string> {
    if (!apiKey) return {};
    // The paid API and the demo API take the key in different headers.
    return new URL(baseUrl).hostname.startsWith('pro-api.')
      ? { 'x-cg-pro-api-key': apiKey }
      : { 'x-cg-demo-api-key': apiKey };
  }

  private ids(assets: ProviderAsset[]): Map<string, string> {
    return new Map(assets.filter((a) => a.coingeckoId).map((a) => [a.coingeckoId as string, a.id]));
  }

  async prices(assets: ProviderAsset[], fiat: string): Promise<PriceQuote[]> {
    const ids = this.ids(assets);
    if (ids.size === 0) return [];
    const currency = fiat.toLowerCase();
    const body = parse(
      simplePriceSchema,
      await this.http.get('/simple/price', {
        ids: [...ids.keys()].join(','),
        vs_currencies: currency,
        precision: 'full',
      }),
      'simple/price',
    );
    return Object.entries(body).flatMap(([coin, prices]) => {
      const assetId = ids.get(coin);
      const price = prices[currency];
      return assetId && typeof price === 'number' && price > 0
        ? [{ assetId, price: fromNumber(price) }]
        : [];
    });
  }

  async marketData(assets: ProviderAsset[], fiat: string): Promise<MarketSnapshot[]> {
    const ids = this.ids(assets);
    if (ids.size === 0) return [];
    const rows = parse(
      marketsSchema,
      await this.http.get('/coins/markets', {
        vs_currency: fiat.toLowerCase(),
        ids: [...ids.keys()].join(','),
        price_change_percentage: '1h,24h,7d',
        per_page: '250',
      }),
      'coins/markets',
    );
    return rows.flatMap((row) => {
      const assetId = ids.get(row.id);
      if (!assetId) return [];
      const lastUpdated = row.last_updated ? new Date(row.last_updated) : new Date();
      return [
        {
          assetId,
          volume24h: dec(row.total_volume),
          percentChange1h: dec(row.price_change_percentage_1h_in_currency),
          percentChange24h: dec(row.price_change_percentage_24h_in_currency),
          percentChange7d: dec(row.price_change_percentage_7d_in_currency),
          circulatingSupply: dec(row.circulating_supply),
          totalSupply: dec(row.total_supply),
          maxSupply: dec(row.max_supply),
          lastUpdated: Number.isNaN(lastUpdated.getTime()) ? new Date() : lastUpdated,
        },
      ];
    });
  }
}
