import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Database } from '@custody/persistence';
import { upsertAsset } from './assets.repository';

const fileSchema = z.object({
  assets: z
    .array(
      z
        .object({
          // Every field is answered by the API (GET /v1/assets): each has a bound it states.
          id: z.string().regex(/^[a-z0-9-]{1,32}$/),
          name: z.string().min(1).max(100),
          symbol: z.string().regex(/^[A-Z0-9]{1,16}$/),
          chain: z.enum(['evm', 'qubic', 'bitcoin']),
          network: z.string().min(1).max(64),
          // An EVM chain id is a uint256: at most 78 digits.
          chainId: z.string().max(78).nullable(),
          decimals: z.number().int().min(0).max(36),
          contractAddress: z.string().max(128).nullable(),
          buyEnabled: z.boolean(),
          sellEnabled: z.boolean(),
          coingeckoId: z.string().nullable(),
          exchangeSymbol: z.string().nullable(),
        })
        .strict(),
    )
    .min(1),
});
export type AssetSeed = z.infer<typeof fileSchema>['assets'][number];

export function readAssetsFile(file: string): AssetSeed[] {
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`Invalid asset file ${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.assets;
}

/**
 * Upserts the catalog from the data file at start: the file is the source of truth for every
 * field (operators enable or disable trading there); a row whose fields did not change keeps its
 * `updatedAt`. Assets are never deleted: wallets may hold them.
 */
export async function seedAssets(db: Database, seeds: AssetSeed[]): Promise<void> {
  for (const seed of seeds) await upsertAsset(db, seed);
}
