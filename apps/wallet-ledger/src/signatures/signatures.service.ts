import type { AuthContext, ListQuery, ListResult, SignedItemKind } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, listResult } from '@custody/persistence';
import { assertUserAccess, tenantScope } from '@custody/tenancy';
import { signedItems } from '../schema';
import { walletScope } from '../transactions/wallet-scope';
import { findWallet } from '../wallets/wallets.repository';
import * as repo from './signatures.repository';
import { signedItemView } from './signed-item.view';

/** A wallet's signed items as the API reads them. */
export class SignaturesService {
  constructor(private readonly db: Database) {}

  private async ownedWallet(auth: AuthContext | undefined, userId: string, walletId: string) {
    assertUserAccess(auth, userId);
    const found = await findWallet(this.db, tenantScope(auth), userId, walletId);
    if (!found) throw Errors.notFound('wallet');
    return found.wallet;
  }

  /** A wallet's signed items; `*` for the user or wallet lists across them (admin only). */
  async list(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; kind: SignedItemKind; list: ListQuery },
  ): Promise<ListResult<Record<string, unknown>>> {
    const scope = await walletScope(this.db, auth, request, {
      tenantId: signedItems.tenantId,
      userId: signedItems.userId,
      walletId: signedItems.walletId,
    });
    const page = await repo.listSignedItems(this.db, scope, request.kind, request.list);
    return listResult(page, page.rows.map(signedItemView));
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; kind: SignedItemKind; id: string },
  ): Promise<Record<string, unknown>> {
    const wallet = await this.ownedWallet(auth, request.userId, request.walletId);
    if (!/^[0-9a-f-]{36}$/i.test(request.id)) throw Errors.notFound('signed item');
    const row = await repo.findSignedItem(this.db, wallet.id, request.kind, request.id);
    if (!row) throw Errors.notFound('signed item');
    return signedItemView(row);
  }
}
