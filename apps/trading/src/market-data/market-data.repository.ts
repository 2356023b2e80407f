import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { ListQuery } from '@custody/contracts';
import { type Executor, isUuid, listClauses, selectPage, type Page } from '@custody/persistence';
import { marketData, type MarketDataRow } from '../schema';

export interface MarketDataFilters {
  /** Undefined: every asset (`*`). */
  assetIds?: string[];
  lastUpdatedAfter: string;
  lastUpdatedBefore: string;
}

export async function listMarketData(
  db: Executor,
  query: ListQuery,
  filters: MarketDataFilters,
): Promise<Page<MarketDataRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: { createdAt: marketData.createdAt, lastUpdated: marketData.lastUpdated },
      createdAt: marketData.createdAt,
      id: marketData.id,
    },
    [
      filters.assetIds ? inArray(marketData.assetId, filters.assetIds) : undefined,
      gte(marketData.lastUpdated, new Date(filters.lastUpdatedAfter)),
      lte(marketData.lastUpdated, new Date(filters.lastUpdatedBefore)),
    ],
  );
  return selectPage(db, marketData, clauses);
}

export async function findMarketData(
  db: Executor,
  id: string,
  assetId: string | undefined,
): Promise<MarketDataRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(marketData)
    .where(and(eq(marketData.id, id), assetId ? eq(marketData.assetId, assetId) : undefined));
  return row;
}
