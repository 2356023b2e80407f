import type { AuthContext, TreasuryView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Logger } from '@custody/logging';
import { canonical, decimalPlaces, fitsBaseUnits } from '@custody/money';
import type { Database } from '@custody/persistence';
import { requireAdmin, requireAdminRead } from '@custody/tenancy';
import type { AssetCatalog } from '../assets/asset-catalog';
import * as repo from './treasury.repository';

/**
 * What the house may owe per asset (docs/decisions/purchases.md, "What the house may owe"): the
 * treasuries' balances and the bounds admins set, which purchase settlement enforces
 * (treasury.rules.ts). Changes are audited by the gateway as every admin change is.
 */
export class TreasuryService {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
  ) {}

  async list(auth: AuthContext | undefined): Promise<TreasuryView[]> {
    requireAdminRead(auth);
    const assets = await this.catalog.all();
    return (
      await repo.treasuries(
        this.db,
        assets.map((a) => a.id),
      )
    ).map(view);
  }

  async setLimit(
    auth: AuthContext | undefined,
    assetId: string,
    maxShort: string | null,
  ): Promise<TreasuryView> {
    requireAdmin(auth);
    const asset = await this.catalog.find(assetId);
    if (!asset) throw Errors.notFound('asset');
    if (maxShort !== null) {
      if (decimalPlaces(maxShort) > asset.decimals || !fitsBaseUnits(maxShort, asset.decimals))
        throw Errors.validation([
          {
            path: 'body.maxShort',
            message: `At most ${asset.decimals} decimal places, within a chain amount`,
          },
        ]);
    }
    await repo.setMaxShort(this.db, assetId, maxShort === null ? null : canonical(maxShort));
    const [row] = await repo.treasuries(this.db, [assetId]);
    if (!row) throw Errors.internal(new Error(`treasury of ${assetId} not read`));
    return view(row);
  }

  /** Production: a warning at start for each asset the house may owe without a bound. */
  async warnUnbounded(logger: Logger): Promise<void> {
    const assets = await this.catalog.all();
    const unbounded = (
      await repo.treasuries(
        this.db,
        assets.map((a) => a.id),
      )
    )
      .filter((t) => t.maxShort === null)
      .map((t) => t.assetId);
    if (unbounded.length > 0)
      logger.warn(
        { assets: unbounded },
        'no treasury limit for these assets: purchases may make the house owe any amount (PUT /v1/admin/treasury/{assetId})',
      );
  }
}

function view(row: repo.TreasuryRow): TreasuryView {
  return {
    assetId: row.assetId,
    balance: canonical(row.balance),
    maxShort: row.maxShort === null ? null : canonical(row.maxShort),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}
