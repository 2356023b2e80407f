import { type AuthContext, EVENTS } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, enqueueEvent, withTransaction } from '@custody/persistence';
import { assertUserAccess, tenantScope } from '@custody/tenancy';
import type { AssetCatalog } from '../assets/asset-catalog';
import { walletView } from './wallet.view';
import * as repo from './wallets.repository';
import { checkEmpty } from './wallets.rules';

const SCHEMA = 'ledger';

/**
 * Deletes a wallet softly, with `wallet.is-deleted`; 403 while it holds funds, has open holds or
 * deposits waiting for confirmation (spec rule 2). Its account is locked, so no movement lands
 * between the check and the deletion.
 */
export class DeleteWallet {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
  ) {}

  async remove(
    auth: AuthContext | undefined,
    userId: string,
    walletId: string,
    request: { device: string; ip: string },
  ): Promise<{ id: string }> {
    assertUserAccess(auth, userId);
    const scope = tenantScope(auth);
    return withTransaction(this.db, async (tx) => {
      const row = await repo.findWallet(tx, scope, userId, walletId);
      if (!row) throw Errors.notFound('wallet');
      checkEmpty(await repo.lockAccount(tx, walletId));
      if (await repo.hasPendingIncome(tx, walletId)) {
        throw Errors.forbidden(
          'The wallet has deposits waiting for confirmation.',
          'wallet_not_empty',
        );
      }
      if (!(await repo.softDeleteWallet(tx, walletId))) throw Errors.notFound('wallet');
      await enqueueEvent(tx, SCHEMA, {
        name: EVENTS.walletDeleted,
        tenantId: row.wallet.tenantId,
        data: {
          ...walletView(row, await this.catalog.require(row.wallet.assetId)),
          device: request.device,
          ip: request.ip,
        },
      });
      return { id: walletId };
    });
  }
}
