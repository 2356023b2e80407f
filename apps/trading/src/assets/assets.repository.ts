import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { ListQuery } from '@custody/contracts';
import { type Executor, listClauses, type Page, selectPage } from '@custody/persistence';
import {
  type AssetRow,
  assets,
  marketData,
  type MarketDataRow,
  rates,
  type RateRow,
  type RateType,
} from '../schema';

// Assets are the platform's catalog, not a tenant's: no read here takes a tenant scope. The
// current rate and market data of assets are read here too (not in rates/), so that assets never
// import the rates feature, which builds on them.

/** Escapes LIKE wildcards so that a name filter matches literally. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function allAssets(db: Executor): Promise<AssetRow[]> {
  return db.select().from(assets).orderBy(assets.id);
}

/** By id or by symbol (case-insensitive). */
export async function findAsset(db: Executor, idOrSymbol: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(or(eq(assets.id, idOrSymbol), sql`upper(${assets.symbol}) = upper(${idOrSymbol})`))
    .limit(1);
  return row;
}

export async function findAssetBySymbol(
  db: Executor,
  symbol: string,
): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(sql`upper(${assets.symbol}) = upper(${symbol})`);
  return row;
}

/** Not async: a bad cursor throws at the call, before a caller's concurrent reads start. */
export function listAssets(
  db: Executor,
  query: ListQuery,
  filters: { name?: string; symbol?: string },
): Promise<Page<AssetRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: { createdAt: assets.createdAt, name: assets.name, symbol: assets.symbol },
      createdAt: assets.createdAt,
      id: assets.id,
    },
    [
      filters.name ? ilike(assets.name, likePattern(filters.name)) : undefined,
      filters.symbol ? sql`upper(${assets.symbol}) = upper(${filters.symbol})` : undefined,
    ],
  );
  return selectPage(db, assets, clauses);
}

/**
 * Writes an asset as the data file has it: every field from the file; a row whose fields did not
 * change keeps its `updatedAt`.
 */
export async function upsertAsset(
  db: Executor,
  seed: Omit<AssetRow, 'createdAt' | 'updatedAt'>,
): Promise<void> {
  await db
    .insert(assets)
    .values(seed)
    .onConflictDoUpdate({
      target: assets.id,
      set: {
        name: seed.name,
        symbol: seed.symbol,
        chain: seed.chain,
        network: seed.network,
        chainId: seed.chainId,
        decimals: seed.decimals,
        contractAddress: seed.contractAddress,
        buyEnabled: seed.buyEnabled,
        sellEnabled: seed.sellEnabled,
        coingeckoId: seed.coingeckoId,
        exchangeSymbol: seed.exchangeSymbol,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${assets.name}, ${assets.symbol}, ${assets.chain}, ${assets.network}, ${assets.chainId}, ${assets.decimals}, ${assets.contractAddress}, ${assets.buyEnabled}, ${assets.sellEnabled}, ${assets.coingeckoId}, ${assets.exchangeSymbol})
          IS DISTINCT FROM (excluded.name, excluded.symbol, excluded.chain, excluded.network, excluded.chain_id, excluded.decimals, excluded.contract_address, excluded.buy_enabled, excluded.sell_enabled, excluded.coingecko_id, excluded.exchange_symbol)`,
    });
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
