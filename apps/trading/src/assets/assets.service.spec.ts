import type { ListQuery } from '@custody/contracts';
import { insertMarketData } from '../rates/rates.repository';
import { createTradingDatabase, type TradingDatabase } from '../test-harness';

// The catalog with each asset's current rate, against a real PostgreSQL: the newest rate of the
// configured provider and currency, stale past RATE_MAX_AGE (a minute here), and whether a
// purchase would be accepted now.

let t: TradingDatabase;
let ethRate: string;

const page: ListQuery = { page: 1, limit: 100, sort: { field: 'createdAt', direction: 'asc' } };

beforeAll(async () => {
  t = await createTradingDatabase();
  // eth: an older and a newer fixed EUR rate; newer ones of another provider and currency.
  await t.rate('eth', '2400', { ageMs: 30_000 });
  ethRate = await t.rate('eth', '2500.5', { ageMs: 10_000 });
  await t.rate('eth', '9999', { type: 'coingecko' });
  await t.rate('eth', '2700', { fiatCurrency: 'USD' });
  // btc just past the maximum age, usdc just within it; eurc has none.
  await t.rate('btc', '58000.12', { ageMs: 61_000 });
  await t.rate('usdc', '0.92', { ageMs: 55_000 });
  await insertMarketData(t.db, 'EUR', 'fixed', [
    {
      assetId: 'eth',
      volume24h: '9000000000',
      percentChange1h: '0.05',
      percentChange24h: '-2.10',
      percentChange7d: null,
      circulatingSupply: '120200000',
      totalSupply: '120200000',
      maxSupply: null,
      lastUpdated: new Date('2026-01-02T03:04:05.000Z'),
    },
  ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

it('reads an asset by id or symbol with its current rate and market data; an unknown one is 404', async () => {
  const eth = await t.assets.get('eth');
  expect(await t.assets.get('eTh')).toEqual(eth);
  expect(eth).toMatchObject({
    id: 'eth',
    symbol: 'ETH',
    decimals: 18,
    buyEnabled: true,
    rate: {
      id: ethRate,
      fiatPrice: 2500.5,
      fiatCurrency: 'EUR',
      type: 'fixed',
      stale: false,
      asset: { id: 'eth', symbol: 'ETH', name: 'Ether' },
    },
    marketData: {
      volume24h: '9000000000',
      percentChange1h: '0.05',
      percentChange24h: '-2.1',
      percentChange7d: null,
      maxSupply: null,
      lastUpdated: '2026-01-02T03:04:05.000Z',
      fiatCurrency: 'EUR',
      type: 'fixed',
    },
  });
  await expect(t.assets.get('nope')).rejects.toMatchObject({ status: 404, code: 'not_found' });
});

it('marks a rate past the maximum age stale, and one within it fresh', async () => {
  expect((await t.assets.get('btc')).rate).toMatchObject({ fiatPrice: 58000.12, stale: true });
  expect((await t.assets.get('usdc')).rate).toMatchObject({ fiatPrice: 0.92, stale: false });
  expect((await t.assets.get('eurc')).rate).toBeNull();
  expect((await t.assets.get('eurc')).marketData).toBeNull();
});

it('says whether a purchase would be accepted now, and why not', async () => {
  expect(await t.assets.availability('ETH', 'BUY')).toEqual({
    assetId: 'eth',
    action: 'BUY',
    available: true,
  });
  expect(await t.assets.availability('usdc', 'SELL')).toEqual({
    assetId: 'usdc',
    action: 'SELL',
    available: true,
  });
  expect(await t.assets.availability('btc', 'BUY')).toEqual({
    assetId: 'btc',
    action: 'BUY',
    available: false,
    reason: 'rate_unavailable',
  });
  expect(await t.assets.availability('eurc', 'SELL')).toMatchObject({
    available: false,
    reason: 'rate_unavailable',
  });
  expect(await t.assets.availability('qubic', 'BUY')).toMatchObject({
    available: false,
    reason: 'disabled',
  });
  await expect(t.assets.availability('nope', 'BUY')).rejects.toMatchObject({ status: 404 });
});

it('lists the catalog with current rates, filtered by name literally and by symbol in any case', async () => {
  const all = await t.assets.list(page, {});
  expect(all.total).toBe(6);
  expect(all.items.map((a) => a.id).sort()).toEqual(
    ['btc', 'eth', 'eurc', 'qubic', 'usdc', 'wbtc'].sort(),
  );
  const byId = new Map(all.items.map((a) => [a.id, a]));
  expect(byId.get('eth')?.rate?.id).toBe(ethRate);
  expect(byId.get('eurc')?.rate).toBeNull();
  expect(byId.get('btc')?.rate?.stale).toBe(true);

  expect((await t.assets.list(page, { symbol: 'usdc' })).items.map((a) => a.id)).toEqual(['usdc']);
  expect((await t.assets.list(page, { name: 'bitcoin' })).items.map((a) => a.id).sort()).toEqual([
    'btc',
    'wbtc',
  ]);
  // LIKE's wildcards match themselves only.
  expect(await t.assets.list(page, { name: '%' })).toEqual({ items: [], total: 0 });
  expect(await t.assets.list(page, { name: 'B_tcoin' })).toEqual({ items: [], total: 0 });
});

it('gives the catalog as other services read it: every asset, by id, without rates', async () => {
  const catalog = await t.assets.catalog();
  expect(catalog.map((a) => a.id)).toEqual(['btc', 'eth', 'eurc', 'qubic', 'usdc', 'wbtc']);
  expect(catalog.find((a) => a.id === 'usdc')).toEqual({
    id: 'usdc',
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
    name: 'USD Coin',
    symbol: 'USDC',
    chain: 'evm',
    network: 'ethereum',
    chainId: '1',
    decimals: 6,
    contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    buyEnabled: true,
    sellEnabled: true,
  });
});
