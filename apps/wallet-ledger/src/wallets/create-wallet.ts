import { v7 as uuidv7 } from 'uuid';
import {
  type AuthContext,
  type CreateWalletRequest,
  EVENTS,
  IDENTITY_RPC,
  SIGNING_RPC,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, enqueueEvent, sqlState, withTransaction } from '@custody/persistence';
import { assertUserAccess, requireAuth, tenantScope } from '@custody/tenancy';
import type { AssetCatalog } from '../assets/asset-catalog';
import { ensureSystemAccounts } from '../ledger/ledger.repository';
import { applyUserRef } from '../users/user-events';
import { walletView } from './wallet.view';
import * as repo from './wallets.repository';
import { walletAsset } from './wallets.rules';

const SCHEMA = 'ledger';

/**
 * Opens a user's wallet: one per (user, asset), its address from a key the signing service
 * derives for it, and its ledger account, with `wallet.is-created`.
 */
export class CreateWallet {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
  ) {}

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
    const { asset, chain } = walletAsset(request.assetId, await this.catalog.find(request.assetId));
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
      chain,
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
}
