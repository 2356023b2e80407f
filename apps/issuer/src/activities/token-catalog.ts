import { TRADING_RPC } from '@custody/contracts';
import type { KnownContracts } from '@custody/intents';
import type { RpcClient } from '@custody/messaging';

const TTL_MS = 60_000;

/**
 * The catalog's tokens by lower-case contract address, from trading (cached a minute: assets
 * change with a deploy), to read what a REQUEST's typed data grants. Trading unreachable: the
 * last list serves, and with none every token is outside the catalog, whose grants every amount
 * rule matches (fail closed).
 */
export class TokenCatalog {
  private cache: { tokens: KnownContracts['tokens']; at: number } | undefined;

  constructor(private readonly rpc: RpcClient) {}

  async tokens(): Promise<KnownContracts['tokens']> {
    if (this.cache && Date.now() - this.cache.at < TTL_MS) return this.cache.tokens;
    try {
      const assets = await this.rpc.call(
        'trading',
        TRADING_RPC.assetCatalog,
        {},
        { idempotent: true },
      );
      const tokens = new Map<string, { assetId: string; decimals: number }>();
      for (const asset of assets)
        if (asset.contractAddress)
          tokens.set(asset.contractAddress.toLowerCase(), {
            assetId: asset.id,
            decimals: asset.decimals,
          });
      this.cache = { tokens, at: Date.now() };
      return tokens;
    } catch {
      return this.cache?.tokens ?? new Map();
    }
  }
}
