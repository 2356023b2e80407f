import { v7 as uuidv7 } from 'uuid';
import { type AuthContext, POLICY_RPC, type TreasuryView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import { canonical, compare, decimalPlaces, fitsBaseUnits } from '@custody/money';
import { type Database, type Transaction, withTransaction } from '@custody/persistence';
import { requireAdmin, requireAdminRead } from '@custody/tenancy';
import type { AssetCatalog } from '../assets/asset-catalog';
import * as repo from './treasury.repository';

/**
 * What the house may owe per asset (docs/decisions/purchases.md, "What the house may owe"): the
 * treasuries' balances and the bounds admins set, which purchase settlement enforces
 * (treasury.rules.ts). Changes are audited by the gateway as every admin change is, and held
 * for other admins' approval when a platform `policy-change` policy governs them.
 */
export class TreasuryService {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
    private readonly rpc: RpcClient,
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
  ): Promise<TreasuryView & { approvalId?: string }> {
    const admin = requireAdmin(auth);
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
    const after = maxShort === null ? null : canonical(maxShort);
    const current = await this.read(assetId);
    // The same bound again changes nothing, and holds nothing.
    if (sameBound(current.maxShort, after)) return view(current);
    const changeId = uuidv7();
    await repo.insertLimitChange(this.db, {
      id: changeId,
      assetId,
      maxShort: after,
      status: 'pending',
      createdBy: admin.clientId,
    });
    const { approvalId } = await this.rpc.call(
      'policy',
      POLICY_RPC.holdChange,
      {
        operationId: changeId,
        tenantId: null,
        change: {
          activity: 'treasury-change',
          treasury: {
            assetId,
            before: current.maxShort === null ? null : canonical(current.maxShort),
            after,
          },
        },
      },
      { auth: admin },
    );
    if (approvalId !== null) {
      await repo.setChangeApproval(this.db, changeId, approvalId);
      return { ...view(current), approvalId };
    }
    await withTransaction(this.db, (tx) => this.apply(tx, changeId, assetId, after));
    return view(await this.read(assetId));
  }

  /**
   * Applies or drops a held change of a bound once its approval ends (`approval.is-decided`), in
   * the event's transaction with its inbox row: a redelivered outcome applies once.
   */
  async settleApproval(
    tx: Transaction,
    approval: { operationId: string; status: string },
  ): Promise<void> {
    const change = await repo.lockLimitChange(tx, approval.operationId);
    if (change?.status !== 'pending') return;
    if (approval.status === 'approved')
      return this.apply(tx, change.id, change.assetId, change.maxShort);
    await repo.endLimitChange(
      tx,
      change.id,
      approval.status === 'expired' ? 'expired' : 'rejected',
    );
  }

  private async apply(
    tx: Transaction,
    changeId: string,
    assetId: string,
    maxShort: string | null,
  ): Promise<void> {
    await repo.setMaxShort(tx, assetId, maxShort);
    await repo.endLimitChange(tx, changeId, 'applied');
  }

  private async read(assetId: string): Promise<repo.TreasuryRow> {
    const [row] = await repo.treasuries(this.db, [assetId]);
    if (!row) throw Errors.internal(new Error(`treasury of ${assetId} not read`));
    return row;
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

function sameBound(a: string | null, b: string | null): boolean {
  return a === null || b === null ? a === b : compare(a, b) === 0;
}
