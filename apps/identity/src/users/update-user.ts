import {
  type AuthContext,
  EVENTS,
  type KycRecord as Kyc,
  type UserRefUpdate,
  WALLET_RPC,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, withTransaction } from '@custody/persistence';
import { assertUserAccess, tenantScope } from '@custody/tenancy';
import type { UserRow } from '../schema';
import { publishUser } from './user-events';
import { userView } from './user.view';
import * as repo from './users.repository';
import { assertSelfServiceChange, duplicateUser, kycColumns } from './users.rules';

/**
 * A change of a user's KYC record, merged into it, with `user.is-updated`; `status` maps to the
 * `blocked` flag, and a block reaches wallet-ledger before it commits.
 */
export class UpdateUser {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  async update(
    auth: AuthContext | undefined,
    id: string,
    kind: UserRow['kind'],
    patch: Kyc,
  ): Promise<{ id: string }> {
    assertUserAccess(auth, id);
    assertSelfServiceChange(auth, patch);
    const scope = tenantScope(auth);
    return withTransaction(this.db, async (tx) => {
      const current = await repo.findUser(tx, scope, id, { forUpdate: true });
      if (!current) throw Errors.notFound('user');
      if (current.kind !== kind) {
        throw Errors.badRequest(`This user is a ${current.kind} person.`, 'person_type_mismatch');
      }
      const { status, ...changes } = patch;
      const kyc = { ...{}, ...current.kyc, ...changes };
      const row = await repo
        .updateUser(tx, scope, id, {
          kyc,
          ...kycColumns(kyc),
          ...(typeof changes['generalConditions'] === 'string'
            ? { generalConditions: changes['generalConditions'] }
            : {}),
          ...(status !== undefined ? { blocked: status === 'blocked' } : {}),
        })
        .catch(duplicateUser);
      if (!row) throw Errors.notFound('user');
      await publishUser(tx, EVENTS.userUpdated, row);
      // Transfers check wallet-ledger's copy of the user: a block reaches it before it commits
      // (a failure rolls the block back), so money stops on the very next request. If this
      // commit then fails, the copy stays blocked until the user's next change: closed, not
      // open. An unblock travels by event only (until it lands, the user stays blocked).
      if (row.blocked && !current.blocked) {
        const update: UserRefUpdate = { user: userView(row), tenantId: row.tenantId };
        // In identity's own name: the block is identity's to apply, whoever asked for it.
        await this.rpc.call('wallet-ledger', WALLET_RPC.applyUserRef, update, {
          idempotent: true,
        });
      }
      return { id };
    });
  }
}
