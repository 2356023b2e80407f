import { z } from 'zod';
import { AMOUNT_PATTERN, canonical, compare } from '@custody/money';
import { HttpJsonClient, ProviderError } from './http-json';
import type { ExchangeProvider, ExchangeQuote, ProviderAsset } from './provider';

const price = z
  .string()
  .regex(AMOUNT_PATTERN)
  .refine((v) => compare(v, '0') > 0);
const bookTickerSchema = z.object({ symbol: z.string(), bidPrice: price, askPrice: price });

/**
 * A Binance-style order-book ticker (`GET /api/v3/ticker/bookTicker?symbol=ETHEUR`): prices come
 * as decimal strings, so no precision is lost. Buy at the ask, sell at the bid.
 */
export class ExchangeTickerProvider implements ExchangeProvider {
  readonly name = 'exchange';

  constructor(private readonly http: HttpJsonClient) {}

  async ticker(asset: ProviderAsset, fiat: string): Promise<ExchangeQuote> {
    if (!asset.exchangeSymbol)
      throw new ProviderError(`exchange: ${asset.id} is not listed`, false);
    const symbol = `${asset.exchangeSymbol}${fiat}`;
    const parsed = bookTickerSchema.safeParse(
      await this.http.get('/api/v3/ticker/bookTicker', { symbol }),
    );
    if (!parsed.success || parsed.data.symbol !== symbol) {
      throw new ProviderError(`exchange: unexpected bookTicker response for ${symbol}`, false);
    }
    return { buy: canonical(parsed.data.askPrice), sell: canonical(parsed.data.bidPrice) };
  }
}
