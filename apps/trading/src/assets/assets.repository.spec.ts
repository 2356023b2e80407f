import path from 'node:path';
import type pg from 'pg';
import { createDatabase, createPool, type Database, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { readAssetsFile, seedAssets } from './assets.data';
import { findAsset, findAssetBySymbol, latestPerAsset, latestRate } from './assets.repository';

// The catalog's reads and seed, and the current rates that asset views and purchases read,
// against a real PostgreSQL.

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;
const seeds = readAssetsFile(path.join(__dirname, '..', 'data', 'assets.json'));

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  db = createDatabase(pool);
  await migrate(pool, { schema: 'trading', dir: path.join(__dirname, '..', 'migrations') });
  await seedAssets(db, seeds);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('finds an asset by id or by symbol in any case', async () => {
  expect((await findAsset(db, 'eth'))?.symbol).toBe('ETH');
  expect((await findAsset(db, 'eTh'))?.id).toBe('eth');
  expect((await findAssetBySymbol(db, 'btc'))?.id).toBe('btc');
  expect(await findAsset(db, 'nope')).toBeUndefined();
});

it('seeds again without touching an unchanged asset, and applies a change', async () => {
  const updatedAt = async () => (await findAsset(db, 'btc'))?.updatedAt.getTime();
  const before = await updatedAt();
  await seedAssets(db, seeds);
  expect(await updatedAt()).toBe(before);
  await seedAssets(
    db,
    seeds.map((s) => (s.id === 'btc' ? { ...s, buyEnabled: !s.buyEnabled } : s)),
  );
  expect(await updatedAt()).not.toBe(before);
  await seedAssets(db, seeds);
});

it('reads the newest rate of an asset, per side, and of every asset at once', async () => {
  const rate = (price: string, type: string, side: string | null) =>
    pool.query(
      `INSERT INTO trading.rates (id, asset_id, fiat_price, fiat_currency, type, side)
       VALUES (gen_random_uuid(), 'eth', $1, 'EUR', $2, $3)`,
      [price, type, side],
    );
  await rate('100', 'fixed', null);
  await rate('101', 'fixed', null);
  await rate('99', 'exchange', 'sell');
  expect((await latestRate(db, 'eth', 'fixed', 'EUR'))?.fiatPrice).toBe('101');
  expect((await latestRate(db, 'eth', 'exchange', 'EUR', 'sell'))?.fiatPrice).toBe('99');
  expect(await latestRate(db, 'eth', 'exchange', 'EUR', 'buy')).toBeUndefined();
  const latest = await latestPerAsset(db, 'fixed', 'EUR');
  expect(latest.rates.get('eth')?.fiatPrice).toBe('101');
  expect(latest.rates.has('btc')).toBe(false);
});
