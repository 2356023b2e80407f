import { v7 as uuidv7 } from 'uuid';
import {
  EVENTS,
  IDENTITY_RPC,
  SIGNING_RPC,
  type AuthContext,
  type CatalogAsset,
  type CreateWalletRequest,
  type ListResult,
  type ListWalletsRequest,
  type WalletRefView,
  type WalletView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { canonical, compare, isZero } from '@custody/money';
import {
  type Database,
  enqueueEvent,
  isUuid,
  listResult,
  sqlState,
  withTransaction,
} from '@custody/persistence';
import { assertUserAccess, isAdmin, requireAuth, tenantScope } from '@custody/tenancy';
import type { AssetCatalog } from '../assets/asset-catalog';
import { ensureSystemAccounts } from '../ledger/ledger.repository';
import * as repo from './wallets.repository';
import { applyUserRef } from '../users/user-events';
import { findUserRef } from '../users/users.repository';

const SCHEMA = 'ledger';

export function walletView(row: repo.WalletWithRefs, asset: CatalogAsset): WalletView {
  const { wallet, user } = row;
  return {
    id: wallet.id,
    createdAt: wallet.createdAt.toISOString(),
    updatedAt: wallet.updatedAt.toISOString(),
    asset: {
      id: asset.id,
      createdAt: asset.createdAt,
      updatedAt: asset.updatedAt,
      name: asset.name,
      symbol: asset.symbol,
    },
    // SQL arithmetic keeps a scale (a released hold leaves `2.0`): the API's amounts are canonical.
    balance: canonical(row.balance),
    availableBalance: canonical(row.availableBalance),
    address: wallet.address,
    user: {
      id: user.id,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      generalConditions: user.generalConditions,
      ...(user.idNumber ? { idNumber: user.idNumber } : {}),
    },
    ...(wallet.externalReference ? { externalReference: wallet.externalReference } : {}),
  };
}

/** Wallets: one per (user, asset), an address from the signing service, a ledger account. */
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

  async create(
    auth: AuthContext | undefined,
    request: CreateWalletRequest,
  ): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    assertUserAccess(caller, request.userId);
    // Identity is the authority on the user: visible to this caller (404 otherwise) and not blocked.
    const user = await this.rpc.call(
      'identity',
      IDENTITY_RPC.getUserRef,
      { id: request.userId },
      {
        auth: caller,
        idempotent: true,
      },
    );
    if (user.blocked) throw Errors.forbidden('The user is blocked.', 'user_blocked');
    const asset = await this.catalog.find(request.assetId);
    if (!asset) throw Errors.badRequest(`Unknown assetId ${request.assetId}.`, 'unknown_asset');
    if (asset.chain !== 'evm' && asset.chain !== 'qubic') {
      throw Errors.badRequest(
        `Wallets of ${asset.symbol} are not supported yet.`,
        'unsupported_asset',
      );
    }
    const scope = tenantScope(caller);
    const existing = await repo.listWallets(
      this.db,
      scope,
      user.id,
      { page: 1, limit: 1, sort: { field: 'createdAt', direction: 'desc' } },
      { assetIds: [asset.id] },
    );
    if (existing.total > 0)
      throw Errors.conflict('The user already has a wallet of this asset.', 'wallet_exists');

    const walletId = uuidv7();
    // The wallet belongs to the user's tenant, also when an admin opens it; its key is that
    // tenant's (a decision of another tenant cannot use it).
    const tenantId = user.tenantId;
    const key = await this.rpc.call('signing', SIGNING_RPC.deriveKey, {
      ownerId: walletId,
      chain: asset.chain,
      tenantId,
    });
    try {
      return await withTransaction(this.db, async (tx) => {
        await applyUserRef(tx, user, tenantId);
        const wallet = await repo.insertWallet(tx, {
          id: walletId,
          tenantId,
          userId: user.id,
          assetId: asset.id,
          address: key.address,
          externalReference: request.externalReference ?? null,
        });
        await ensureSystemAccounts(tx, asset.id);
        await repo.insertAccount(tx, {
          id: uuidv7(),
          assetId: asset.id,
          kind: 'wallet',
          walletId,
          balance: '0',
          availableBalance: '0',
        });
        const created = await repo.findWallet(tx, { kind: 'all' }, user.id, wallet.id);
        if (!created)
          throw Errors.internal(new Error('wallet vanished inside its own transaction'));
        await enqueueEvent(tx, SCHEMA, {
          name: EVENTS.walletCreated,
          tenantId,
          data: { ...walletView(created, asset), device: request.device, ip: request.ip },
        });
        return { id: wallet.id };
      });
    } catch (error) {
      if (sqlState(error) === '23505')
        throw Errors.conflict('The user already has a wallet of this asset.', 'wallet_exists');
      throw error;
    }
  }

  async list(
    auth: AuthContext | undefined,
    request: ListWalletsRequest,
  ): Promise<ListResult<WalletView>> {
    const caller = requireAuth(auth);
    if (request.userId === '*') {
      if (!isAdmin(caller))
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

  /** Soft delete; 403 while the wallet holds funds or has open holds (spec rule 2). */
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
      const account = await repo.lockAccount(tx, walletId);
      // A positive balance, or available ≠ balance (an open hold), keeps the wallet alive.
      if (
        account &&
        (!isZero(account.balance) || compare(account.availableBalance, account.balance) !== 0)
      ) {
        throw Errors.forbidden(
          'The wallet still holds funds or has pending withdrawals.',
          'wallet_not_empty',
        );
      }
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
