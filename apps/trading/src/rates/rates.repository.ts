import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ListQuery } from '@custody/contracts';
import { type Executor, isUuid, listClauses, selectPage, type Page } from '@custody/persistence';
import { marketData, providerStatus, rates, type RateRow, type RateType } from '../schema';
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

/** A provider step that succeeded: its failures so far are forgotten. */
export async function recordProviderSuccess(db: Executor, provider: string): Promise<void> {
  await db
    .insert(providerStatus)
    .values({ provider, lastSuccessAt: new Date(), consecutiveFailures: 0 })
    .onConflictDoUpdate({
      target: providerStatus.provider,
      set: { lastSuccessAt: new Date(), consecutiveFailures: 0 },
    });
}

/** A provider step that failed, with its error (its first 500 characters), counted. */
export async function recordProviderFailure(
  db: Executor,
  provider: string,
  message: string,
): Promise<void> {
  await db
    .insert(providerStatus)
    .values({
      provider,
      lastFailureAt: new Date(),
      lastError: message.slice(0, 500),
      consecutiveFailures: 1,
    })
    .onConflictDoUpdate({
      target: providerStatus.provider,
      set: {
        lastFailureAt: new Date(),
        lastError: message.slice(0, 500),
        consecutiveFailures: sql`${providerStatus.consecutiveFailures} + 1`,
      },
    });
}
