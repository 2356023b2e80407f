import { type CatalogAsset, TRADING_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';

const TTL_MS = 60_000;

/**
 * The asset catalog as trading serves it, cached in memory: assets change rarely (a deploy of
 * trading's data file), and a miss refetches at once, so a new asset is usable on first sight.
 * When trading cannot be reached, the last catalog keeps serving.
 */
export class AssetCatalog {
  private cache: { byId: Map<string, CatalogAsset>; at: number } | undefined;
  private loading: Promise<Map<string, CatalogAsset>> | undefined;

  constructor(private readonly rpc: RpcClient) {}

  private async load(force: boolean): Promise<Map<string, CatalogAsset>> {
    if (!force && this.cache && Date.now() - this.cache.at < TTL_MS) return this.cache.byId;
    this.loading ??= this.rpc
      .call('trading', TRADING_RPC.assetCatalog, {}, { idempotent: true })
      .then(
        (list) => {
          const byId = new Map(list.map((a) => [a.id, a]));
          this.cache = { byId, at: Date.now() };
          return byId;
        },
        (error: unknown) => {
          // An asset's facts do not change under an id: while trading is away, the last catalog
          // serves (only a process that never reached trading has nothing to serve).
          if (this.cache) return this.cache.byId;
          throw error;
        },
      )
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  async all(): Promise<CatalogAsset[]> {
    return [...(await this.load(false)).values()];
  }

  async find(id: string): Promise<CatalogAsset | undefined> {
    return (await this.load(false)).get(id) ?? (await this.load(true)).get(id);
  }

  /** An asset the ledger already refers to: missing from the catalog is a server fault. */
  async require(id: string): Promise<CatalogAsset> {
    const asset = await this.find(id);
    if (!asset) throw Errors.internal(new Error(`asset ${id} is not in trading's catalog`));
    return asset;
  }

  async bySymbol(symbol: string): Promise<CatalogAsset | undefined> {
    const upper = symbol.toUpperCase();
    return (await this.all()).find((a) => a.symbol.toUpperCase() === upper);
  }
}
