import type { AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import { revokeCredentialsOf } from '../approver-keys/approver-keys.repository';
import type { SignerRevocations } from '../approver-keys/signer-revocations';
import { type AuthState, DELETED } from '../auth-state/auth-state';
import { revokeClientRefreshTokens } from '../tokens/refresh-tokens.repository';
import * as repo from './clients.repository';

/**
 * Deletes a client softly (admin only): its refresh tokens revoked, its tokens refused from then
 * on (the auth state marks it deleted), its approver credentials revoked (the signer's registry
 * told after the commit, docs/decisions/signing-decisions.md); 409 while it is a tenant with live
 * members.
 */
export class DeleteClient {
  constructor(
    private readonly db: Database,
    private readonly authState: AuthState,
    private readonly revocations: SignerRevocations,
  ) {}

  async remove(auth: AuthContext | undefined, id: string): Promise<{ id: string }> {
    requireAdmin(auth);
    const revoked: string[] = [];
    const row = await withTransaction(this.db, async (tx) => {
      // Members act in their tenant's name: the tenant goes only once they have gone.
      if (await repo.hasLiveMembers(tx, id))
        throw Errors.conflict(
          'This client has tenant members; delete them first.',
          'client_has_members',
        );
      const deleted = await repo.updateClient(tx, id, { deletedAt: new Date() }, true);
      if (deleted) {
        await revokeClientRefreshTokens(tx, id);
        revoked.push(...(await revokeCredentialsOf(tx, { clientId: id })));
      }
      return deleted;
    });
    if (!row) throw Errors.notFound('client');
    await this.authState.setClientVersion(id, DELETED);
    await this.revocations.tell(revoked);
    return { id };
  }
}
