import { type ListQuery, type ListResult, type MarketDataListFilters } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Database } from '@custody/persistence';
import type { AssetsService } from '../assets/assets.service';
import type { AssetRow } from '../schema';
import { marketDataView } from '../views';
import { findMarketData, listMarketData } from './market-data.repository';
import { listResult } from '@custody/persistence';

export type { MarketDataListFilters } from '@custody/contracts';

/** Market data snapshots of one asset or, with `*`, of every asset. */
export class MarketDataService {
  constructor(
    private readonly db: Database,
    private readonly assets: AssetsService,
  ) {}

  async list(
    assetId: string,
    list: ListQuery,
    filters: MarketDataListFilters,
  ): Promise<ListResult<ReturnType<typeof marketDataView>>> {
    const byId = new Map((await this.assets.all()).map((a) => [a.id, a]));
    let scope: AssetRow[] | undefined;
    if (assetId !== '*') scope = [await this.assets.require(assetId)];
    if (filters.assetSymbol !== undefined) {
      const bySymbol = await this.assets.bySymbol(filters.assetSymbol);
      if (!bySymbol) {
        throw Errors.validation([{ path: 'query.assetSymbol', message: 'Unknown asset symbol' }]);
      }
      scope = (scope ?? [bySymbol]).filter((a) => a.id === bySymbol.id);
    }
    if (scope && scope.length === 0) return { items: [], total: 0 };
    const page = await listMarketData(this.db, list, {
      ...(scope ? { assetIds: scope.map((a) => a.id) } : {}),
      lastUpdatedAfter: filters.lastUpdatedAfter,
      lastUpdatedBefore: filters.lastUpdatedBefore,
    });
    return listResult(
      page,
      page.rows.flatMap((row) => {
        const asset = byId.get(row.assetId);
        return asset ? [marketDataView(row, asset)] : [];
      }),
    );
  }

  async get(assetId: string, id: string) {
    const asset = assetId === '*' ? undefined : await this.assets.require(assetId);
    const row = await findMarketData(this.db, id, asset?.id);
    if (!row) throw Errors.notFound('market data');
    return marketDataView(row, asset ?? (await this.assets.require(row.assetId)));
  }
}
