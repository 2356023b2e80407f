import { type AuthContext, EVENTS, WALLET_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, enqueueEvent, withTransaction } from '@custody/persistence';
import { assertUserAccess, tenantScope } from '@custody/tenancy';
import { userView } from './user.view';
import * as repo from './users.repository';

const SCHEMA = 'identity';

/**
 * Soft delete (the record stays for compliance, reads answer 404), with `user.is-deleted`; 403
 * while the user still has a wallet (spec rule 1), as wallet-ledger reports.
 */
export class DeleteUser {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  async remove(
    auth: AuthContext | undefined,
    id: string,
    request: { device: string; ip: string },
  ): Promise<{ id: string }> {
    assertUserAccess(auth, id);
    const scope = tenantScope(auth);
    if (!(await repo.findUser(this.db, scope, id))) throw Errors.notFound('user');
    const { count } = await this.rpc.call(
      'wallet-ledger',
      WALLET_RPC.countUserWallets,
      { userId: id },
      {
        ...{},
        ...(auth ? { auth } : {}),
        idempotent: true,
      },
    );
    if (count > 0)
      throw Errors.forbidden('The user still has wallets; delete them first.', 'user_has_wallets');
    return withTransaction(this.db, async (tx) => {
      const row = await repo.updateUser(tx, scope, id, { deletedAt: new Date() });
      if (!row) throw Errors.notFound('user');
      await enqueueEvent(tx, SCHEMA, {
        name: EVENTS.userDeleted,
        tenantId: row.tenantId,
        data: { ...{}, ...userView(row), deletedBy: { device: request.device, ip: request.ip } },
      });
      return { id };
    });
  }
}
