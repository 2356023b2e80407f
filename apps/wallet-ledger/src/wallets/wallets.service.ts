import {
  IDENTITY_RPC,
  type AuthContext,
  type ListResult,
  type ListWalletsRequest,
  type WalletRefView,
  type WalletView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, isUuid, listResult } from '@custody/persistence';
import { assertUserAccess, readsAllTenants, requireAuth, tenantScope } from '@custody/tenancy';
import type { AssetCatalog } from '../assets/asset-catalog';
import { findUserRef } from '../users/users.repository';
import { walletView } from './wallet.view';
import * as repo from './wallets.repository';

/**
 * Wallets as the API and other services read them: one per (user, asset), an address from the
 * signing service, a ledger account (opening is create-wallet.ts, deletion delete-wallet.ts).
 */
export class WalletsService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
  ) {}

  /** Rows → views, with each wallet's asset from trading's catalog. */
  private async views(rows: repo.WalletWithRefs[]): Promise<WalletView[]> {
    return Promise.all(
      rows.map(async (row) => walletView(row, await this.catalog.require(row.wallet.assetId))),
    );
  }

  async list(
    auth: AuthContext | undefined,
    request: ListWalletsRequest,
  ): Promise<ListResult<WalletView>> {
    const caller = requireAuth(auth);
    if (request.userId === '*') {
      if (!readsAllTenants(caller))
        throw Errors.forbidden(
          'Only the admin audience may list across users.',
          'wildcard_forbidden',
        );
    } else {
      assertUserAccess(caller, request.userId);
      await this.requireVisibleUser(caller, request.userId);
    }
    const { assetId, assetSymbol } = request.filters;
    let assetIds: string[] | undefined;
    if (assetSymbol !== undefined) {
      const bySymbol = await this.catalog.bySymbol(assetSymbol);
      assetIds =
        bySymbol && (assetId === undefined || assetId === bySymbol.id) ? [bySymbol.id] : [];
    } else if (assetId !== undefined) {
      assetIds = [assetId];
    }
    if (assetIds?.length === 0) return { items: [], total: 0 };
    const page = await repo.listWallets(
      this.db,
      tenantScope(caller),
      request.userId,
      request.list,
      assetIds ? { assetIds } : {},
    );
    return listResult(page, await this.views(page.rows));
  }

  /**
   * 404 for a user the caller cannot see (another tenant's, deleted, unknown), as on every read
   * of a user's records. The local copy answers first; identity, the authority, when it has none
   * (another tenant's user, or one whose creation event has not arrived yet).
   */
  private async requireVisibleUser(caller: AuthContext, userId: string): Promise<void> {
    if (!isUuid(userId)) throw Errors.notFound('user');
    if (await findUserRef(this.db, tenantScope(caller), userId)) return;
    await this.rpc.call(
      'identity',
      IDENTITY_RPC.getUserRef,
      { id: userId },
      { auth: caller, idempotent: true },
    );
  }

  async get(auth: AuthContext | undefined, userId: string, walletId: string): Promise<WalletView> {
    assertUserAccess(auth, userId);
    const row = await repo.findWallet(this.db, tenantScope(auth), userId, walletId);
    if (!row) throw Errors.notFound('wallet');
    return walletView(row, await this.catalog.require(row.wallet.assetId));
  }

  async getRef(
    auth: AuthContext | undefined,
    userId: string,
    walletId: string,
  ): Promise<WalletRefView> {
    assertUserAccess(auth, userId);
    const row = await repo.findWallet(this.db, tenantScope(auth), userId, walletId);
    if (!row) throw Errors.notFound('wallet');
    return {
      id: row.wallet.id,
      userId: row.wallet.userId,
      tenantId: row.wallet.tenantId,
      assetId: row.wallet.assetId,
      chain: (await this.catalog.require(row.wallet.assetId)).chain,
      address: row.wallet.address,
    };
  }

  async countForUser(auth: AuthContext | undefined, userId: string): Promise<{ count: number }> {
    return { count: await repo.countLiveWallets(this.db, tenantScope(auth), userId) };
  }
}
