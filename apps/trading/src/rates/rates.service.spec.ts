import path from 'node:path';
import type { ListQuery } from '@custody/contracts';
import { testLogger } from '@custody/testing';
import { MARKET, createTradingDatabase, type TradingDatabase } from '../test-harness';
import { RatesIngestion } from './ingestion';
import { FixedRateProvider, loadFixedRates } from './providers/fixed';
import { ProviderError } from './providers/http-json';
import type { ExchangeProvider } from './providers/provider';
import { RatesService } from './rates.service';

// Rates against a real PostgreSQL: what ingestion stores from the fixed provider (the data file
// beside the code), the history as the API lists it, one rate with its asset, and the exchange's
// live quote with its fallback to the last stored one.

let t: TradingDatabase;
let rates: RatesService;
const fixed = new FixedRateProvider(
  loadFixedRates(path.join(__dirname, '..', 'data', 'fixed-rates.json')),
);
/** The exchange the rates service asks: the fixed provider unless a test says otherwise. */
let exchange: ExchangeProvider = fixed;

const page: ListQuery = { page: 1, limit: 100, sort: { field: 'createdAt', direction: 'asc' } };

async function stored(assetId: string, type: string) {
  const { rows } = await t.pool.query<{ price: string; side: string | null }>(
    `SELECT fiat_price::text AS price, side FROM trading.rates
      WHERE asset_id = $1 AND type = $2 ORDER BY created_at, side`,
    [assetId, type],
  );
  return rows;
}

beforeAll(async () => {
  t = await createTradingDatabase();
  const switchable: ExchangeProvider = {
    name: 'switchable',
    ticker: (asset, fiat) => exchange.ticker(asset, fiat),
  };
  rates = new RatesService(t.db, t.assets, switchable, MARKET, testLogger());
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the exchange quote', () => {
  it('is 503 rate_unavailable when the exchange fails and no quote was ever stored', async () => {
    exchange = {
      name: 'down',
      ticker: async () => {
        throw new ProviderError('exchange: 502 Bad Gateway', true);
      },
    };
    await expect(rates.exchangeRate('eth', 'buy')).rejects.toMatchObject({
      status: 503,
      code: 'rate_unavailable',
    });
    expect(await t.count('rates')).toBe(0);
  });
});

describe('ingestion', () => {
  it("stores every asset's price, market data and exchange quotes exactly as the provider gives them", async () => {
    await new RatesIngestion(t.db, t.assets, fixed, fixed, MARKET, testLogger()).runOnce();

    expect(await stored('btc', 'fixed')).toEqual([{ price: '58000.12', side: null }]);
    expect(await stored('qubic', 'fixed')).toEqual([{ price: '0.0000021', side: null }]);
    // 2500.5 ± half of the 50 bps spread.
    expect(await stored('eth', 'exchange')).toEqual([
      { price: '2506.75125', side: 'buy' },
      { price: '2494.24875', side: 'sell' },
    ]);
    expect(await t.count('market_data')).toBe(6);
    const { rows } = await t.pool.query(
      'SELECT provider, consecutive_failures FROM trading.provider_status ORDER BY provider',
    );
    expect(rows).toEqual([
      { provider: 'fixed:exchange', consecutive_failures: 0 },
      { provider: 'fixed:market-data', consecutive_failures: 0 },
      { provider: 'fixed:prices', consecutive_failures: 0 },
    ]);
    expect((await t.assets.get('qubic')).rate).toMatchObject({
      fiatPrice: 0.0000021,
      stale: false,
    });
  });
});

describe('the exchange quote, once quotes are stored', () => {
  it('is fetched live, stored, and answered for the side asked', async () => {
    exchange = fixed;
    const before = await t.count('rates');
    const [quote] = await rates.exchangeRate('ETH', 'sell');
    expect(quote).toMatchObject({
      fiatPrice: 2494.24875,
      fiatCurrency: 'EUR',
      type: 'exchange',
      side: 'sell',
      stale: false,
      asset: { id: 'eth' },
    });
    expect(await t.count('rates')).toBe(before + 2);
  });

  it('falls back to the last stored quote of that side when the exchange fails, storing nothing', async () => {
    const [live] = await rates.exchangeRate('eth', 'buy');
    exchange = {
      name: 'down',
      ticker: async () => {
        throw new ProviderError('exchange: timeout', true);
      },
    };
    const before = await t.count('rates');
    expect(await rates.exchangeRate('eth', 'buy')).toEqual([live]);
    expect((await rates.exchangeRate('eth', 'sell'))[0]).toMatchObject({ side: 'sell' });
    expect(await t.count('rates')).toBe(before);
  });

  it('does not hide an error that is not the exchange’s behind a stored quote', async () => {
    exchange = {
      name: 'broken',
      ticker: async () => {
        throw new TypeError('a bug');
      },
    };
    await expect(rates.exchangeRate('eth', 'buy')).rejects.toThrow('a bug');
    exchange = fixed;
  });
});

describe('the history', () => {
  let twoHoursOld: string;
  let halfHourOld: string;

  beforeAll(async () => {
    twoHoursOld = await t.rate('usdc', '0.9', { ageMs: 2 * 3_600_000 });
    halfHourOld = await t.rate('usdc', '0.91', { ageMs: 1_800_000 });
  });

  it('lists an asset’s rates of one type, within an interval', async () => {
    const prices = async (filters: Parameters<RatesService['list']>[2]) =>
      (await rates.list('usdc', page, filters)).items.map((r) => r.fiatPrice);
    expect(await prices({ type: 'fixed' })).toEqual([0.9, 0.91, 0.92]);
    expect(await prices({ type: 'fixed', interval: '1h' })).toEqual([0.91, 0.92]);
    expect(await prices({ type: 'fixed', interval: '3h' })).toEqual([0.9, 0.91, 0.92]);
    expect(await prices({ type: 'exchange', interval: '1h' })).toHaveLength(2);
    expect(await prices({ type: 'fixed', assetSymbol: 'usdc' })).toEqual([0.9, 0.91, 0.92]);
    // Another asset's symbol matches nothing of this asset.
    expect(await rates.list('usdc', page, { assetSymbol: 'ETH' })).toEqual({ items: [], total: 0 });
    const listed = await rates.list('usdc', page, { type: 'fixed' });
    expect(listed.total).toBe(3);
    expect(listed.items.map((r) => r.stale)).toEqual([true, true, false]);
  });

  it.each([
    [{ interval: '25h' }, 'validation_failed'],
    [{ interval: '366d' }, 'validation_failed'],
    [{ interval: '0h' }, 'validation_failed'],
    [{ assetSymbol: 'NOPE' }, 'validation_failed'],
  ])('refuses %o with 400 %s', async (filters, code) => {
    await expect(rates.list('usdc', page, filters)).rejects.toMatchObject({ status: 400, code });
  });

  it('is 404 for an unknown asset', async () => {
    await expect(rates.list('nope', page, {})).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });

  it('gives one rate with its asset’s current rate; a rate of another asset is 404', async () => {
    const rate = await rates.get('USDC', twoHoursOld);
    expect(rate).toMatchObject({
      id: twoHoursOld,
      fiatPrice: 0.9,
      type: 'fixed',
      stale: true,
      asset: {
        id: 'usdc',
        rate: { fiatPrice: 0.92, stale: false },
        marketData: { fiatCurrency: 'EUR', type: 'fixed' },
      },
    });
    expect(rate.asset.rate?.id).not.toBe(halfHourOld);
    await expect(rates.get('eth', twoHoursOld)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(rates.get('usdc', 'not-a-uuid')).rejects.toMatchObject({ status: 404 });
  });
});
