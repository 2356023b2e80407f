import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ListQuery } from '@custody/contracts';
import { type Executor, isUuid, listClauses, selectPage, type Page } from '@custody/persistence';
import { marketData, type MarketDataRow, rates, type RateRow, type RateType } from '../schema';
import type { MarketSnapshot } from './providers/provider';

export interface NewRate {
  assetId: string;
  fiatPrice: string;
  fiatCurrency: string;
  type: RateType;
  side?: 'buy' | 'sell';
}

export async function insertRates(db: Executor, rows: NewRate[]): Promise<RateRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(rates)
    .values(rows.map((r) => ({ id: uuidv7(), side: null, ...r })))
    .returning();
}

export async function insertMarketData(
  db: Executor,
  fiatCurrency: string,
  type: RateType,
  rows: MarketSnapshot[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(marketData).values(rows.map((r) => ({ id: uuidv7(), fiatCurrency, type, ...r })));
}

/** The newest rate of an asset from one provider (and side, for exchange quotes). */
export async function latestRate(
  db: Executor,
  assetId: string,
  type: RateType,
  fiatCurrency: string,
  side?: 'buy' | 'sell',
): Promise<RateRow | undefined> {
  const [row] = await db
    .select()
    .from(rates)
    .where(
      and(
        eq(rates.assetId, assetId),
        eq(rates.type, type),
        eq(rates.fiatCurrency, fiatCurrency),
        side ? eq(rates.side, side) : undefined,
      ),
    )
    .orderBy(desc(rates.createdAt), desc(rates.id))
    .limit(1);
  return row;
}

/** The newest rate and market data of every asset at once (for asset lists). */
export async function latestPerAsset(
  db: Executor,
  type: RateType,
  fiatCurrency: string,
): Promise<{ rates: Map<string, RateRow>; marketData: Map<string, MarketDataRow> }> {
  const [rateRows, marketRows] = await Promise.all([
    db
      .selectDistinctOn([rates.assetId])
      .from(rates)
      .where(and(eq(rates.type, type), eq(rates.fiatCurrency, fiatCurrency)))
      .orderBy(rates.assetId, desc(rates.createdAt), desc(rates.id)),
    db
      .selectDistinctOn([marketData.assetId])
      .from(marketData)
      .where(and(eq(marketData.type, type), eq(marketData.fiatCurrency, fiatCurrency)))
      .orderBy(marketData.assetId, desc(marketData.lastUpdated), desc(marketData.id)),
  ]);
  return {
    rates: new Map(rateRows.map((r) => [r.assetId, r])),
    marketData: new Map(marketRows.map((r) => [r.assetId, r])),
  };
}

export interface RateFilters {
  /** Only rates created within this many milliseconds before now. */
  intervalMs?: number;
  type?: RateType;
}

export async function listRates(
  db: Executor,
  assetId: string,
  query: ListQuery,
  filters: RateFilters,
): Promise<Page<RateRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: { createdAt: rates.createdAt, fiatPrice: rates.fiatPrice },
      createdAt: rates.createdAt,
      id: rates.id,
    },
    [
      eq(rates.assetId, assetId),
      filters.type ? eq(rates.type, filters.type) : undefined,
      filters.intervalMs !== undefined
        ? (gte(
            rates.createdAt,
            sql`now() - ${`${filters.intervalMs} milliseconds`}::interval`,
          ) as SQL)
        : undefined,
    ],
  );
  return selectPage(db, rates, clauses);
}

export async function findRate(
  db: Executor,
  assetId: string,
  id: string,
): Promise<RateRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(rates)
    .where(and(eq(rates.id, id), eq(rates.assetId, assetId)));
  return row;
}
