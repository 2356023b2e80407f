import type { AuthContext, ClientInput, ClientView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import type { AuthState } from '../auth-state/auth-state';
import { hashPassword } from '../crypto/passwords';
import { revokeClientRefreshTokens } from '../tokens/refresh-tokens.repository';
import { clientView } from './client.view';
import * as repo from './clients.repository';
import { checkAuditorAudience, duplicateEmail, MEMBER_NOT_ADMIN } from './clients.rules';

/**
 * A change of a client (admin only). A new password, audience or scope set invalidates every
 * token issued before it: the token version goes up and its refresh tokens are revoked.
 */
export class UpdateClient {
  constructor(
    private readonly db: Database,
    private readonly authState: AuthState,
  ) {}

  async update(
    auth: AuthContext | undefined,
    id: string,
    patch: Partial<ClientInput>,
  ): Promise<ClientView> {
    requireAdmin(auth);
    checkAuditorAudience(patch.audience);
    if (patch.audience?.includes('auditor') && (await repo.hasLiveMembers(this.db, id)))
      throw Errors.conflict(
        'This client has tenant members; a tenant with members cannot be an auditor.',
        'client_has_members',
      );
    if (patch.audience?.includes('admin')) {
      if ((await repo.findClient(this.db, id))?.tenantId)
        throw Errors.badRequest(MEMBER_NOT_ADMIN, 'member_audience_invalid');
      // Its members act in its name: a tenant with members stays in the general audience.
      if (await repo.hasLiveMembers(this.db, id))
        throw Errors.conflict(
          'This client has tenant members; a tenant with members cannot be an admin.',
          'client_has_members',
        );
    }
    const bump =
      patch.password !== undefined || patch.audience !== undefined || patch.scopes !== undefined;
    const row = await withTransaction(this.db, async (tx) => {
      const updated = await repo
        .updateClient(
          tx,
          id,
          {
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.email !== undefined ? { email: patch.email } : {}),
            ...(patch.password !== undefined
              ? { passwordHash: await hashPassword(patch.password) }
              : {}),
            ...(patch.audience !== undefined ? { audience: patch.audience } : {}),
            ...(patch.scopes !== undefined ? { scopes: patch.scopes } : {}),
          },
          bump,
        )
        .catch(duplicateEmail);
      if (updated && bump) await revokeClientRefreshTokens(tx, id);
      return updated;
    });
    if (!row) throw Errors.notFound('client');
    if (bump) await this.authState.setClientVersion(row.id, row.tokenVersion);
    return clientView(row);
  }
}
