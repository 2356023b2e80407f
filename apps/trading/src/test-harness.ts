import path from 'node:path';
import type pg from 'pg';
import { createDatabase, createPool, type Database, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { readAssetsFile, seedAssets } from './assets/assets.data';
import { AssetsService } from './assets/assets.service';
import type { MarketSettings } from './market';
import { insertRates } from './rates/rates.repository';

// Trading's use cases against a real PostgreSQL (its migrations applied to a database of the test
// file's own, the asset catalog seeded from data/assets.json). Purchases add their peers' stand-ins
// (purchases/test-harness.ts).

/** What the specs configure: prices in EUR from the `fixed` provider, fresh for a minute. */
export const MARKET: MarketSettings = {
  fiatCurrency: 'EUR',
  rateType: 'fixed',
  maxRateAgeMs: 60_000,
};

export type TradingTable = 'purchases' | 'rates' | 'market_data' | 'outbox';

export interface TradingDatabase {
  pool: pg.Pool;
  db: Database;
  assets: AssetsService;
  /** A rate of the asset from the configured provider, `ageMs` old; answers its id. */
  rate(assetId: string, price: string, options?: RateOptions): Promise<string>;
  count(table: TradingTable): Promise<number>;
  close(): Promise<void>;
}

export interface RateOptions {
  ageMs?: number;
  type?: 'fixed' | 'coingecko' | 'exchange';
  side?: 'buy' | 'sell';
  fiatCurrency?: string;
}

/** One database with the trading schema and the seeded catalog. */
export async function createTradingDatabase(): Promise<TradingDatabase> {
  const database: TestDatabase = await createTestDatabase();
  const pool = createPool(database.url);
  await migrate(pool, { schema: 'trading', dir: path.join(__dirname, 'migrations') });
  const db = createDatabase(pool);
  await seedAssets(db, readAssetsFile(path.join(__dirname, 'data', 'assets.json')));
  return {
    pool,
    db,
    assets: new AssetsService(db, MARKET),
    async rate(assetId, price, options = {}) {
      const [row] = await insertRates(db, [
        {
          assetId,
          fiatPrice: price,
          fiatCurrency: options.fiatCurrency ?? MARKET.fiatCurrency,
          type: options.type ?? MARKET.rateType,
          ...(options.side ? { side: options.side } : {}),
        },
      ]);
      if (options.ageMs)
        await pool.query(
          `UPDATE trading.rates SET created_at = now() - make_interval(secs => $2::float8 / 1000)
            WHERE id = $1`,
          [row!.id, options.ageMs],
        );
      return row!.id;
    },
    async count(table) {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM trading.${table}`,
      );
      return rows[0]?.n ?? 0;
    },
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}
