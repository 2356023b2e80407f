import {
  type AuthContext,
  type ListPurchasesRequest,
  type ListResult,
  WALLET_RPC,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, isUuid, listResult } from '@custody/persistence';
import {
  assertUserAccess,
  checkWalletPath,
  requireAuth,
  type TenantScope,
  tenantScope,
} from '@custody/tenancy';
import { type PurchaseView, purchaseView } from './purchase.view';
import * as repo from './purchases.repository';

/**
 * A wallet's purchases as the API reads them (creation is create-purchase.ts, the recovery of
 * pending ones recover-pending-purchases.ts).
 */
export class PurchasesService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  /** The caller's scope, once the path's wallet is known to be one it may see. */
  private async scopeOf(
    auth: AuthContext | undefined,
    path: { userId: string; walletId: string },
  ): Promise<TenantScope> {
    const { caller, named } = checkWalletPath(auth, path);
    if (named) {
      // 404 for a wallet the caller cannot see (wallet-ledger applies the tenant rules).
      await this.rpc.call(
        'wallet-ledger',
        WALLET_RPC.getWalletRef,
        { userId: path.userId, walletId: path.walletId },
        { auth: caller, idempotent: true },
      );
    }
    return tenantScope(caller);
  }

  async list(
    auth: AuthContext | undefined,
    request: ListPurchasesRequest,
  ): Promise<ListResult<PurchaseView>> {
    const scope = await this.scopeOf(auth, request);
    const page = await repo.listPurchases(this.db, scope, request, request.list, request.filters);
    return listResult(page, page.rows.map(purchaseView));
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; id: string },
  ): Promise<PurchaseView> {
    const caller = requireAuth(auth);
    assertUserAccess(caller, request.userId);
    if (![request.userId, request.walletId, request.id].every(isUuid)) {
      throw Errors.notFound('purchase');
    }
    const row = await repo.findPurchase(this.db, tenantScope(caller), request);
    if (!row) throw Errors.notFound('purchase');
    return purchaseView(row);
  }
}
