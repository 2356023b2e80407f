import type { AuthContext, ClientInput, ClientView } from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { type Database, withTransaction } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import type { AuthState } from '../auth-state/auth-state';
import { hashPassword } from '../crypto/passwords';
import { clientView } from './client.view';
import * as repo from './clients.repository';
import { checkAuditorAudience, checkMembership, duplicateEmail } from './clients.rules';

/**
 * A new client (admin only): a tenant of its own, or a member of a tenant; its token version goes
 * to the auth state the gateway checks tokens against.
 */
export class CreateClient {
  constructor(
    private readonly db: Database,
    private readonly authState: AuthState,
  ) {}

  async create(auth: AuthContext | undefined, input: ClientInput): Promise<ClientView> {
    requireAdmin(auth);
    return this.createUnchecked(input);
  }

  /** Also used by the bootstrap, which runs before any admin exists. */
  async createUnchecked(input: ClientInput): Promise<ClientView> {
    checkAuditorAudience(input.audience);
    const passwordHash = await hashPassword(input.password);
    const row = await withTransaction(this.db, async (tx) => {
      // The tenant is locked until the member is in, so it cannot be deleted meanwhile.
      if (input.tenantId !== undefined)
        checkMembership(
          input.tenantId ? await repo.lockClient(tx, input.tenantId) : undefined,
          input,
        );
      return repo
        .insertClient(tx, {
          id: uuidv7(),
          name: input.name,
          email: input.email,
          passwordHash,
          audience: input.audience ?? ['general'],
          scopes: input.scopes ?? [],
          tokenVersion: 1,
          tenantId: input.tenantId ?? null,
          personId: input.personId ?? null,
        })
        .catch(duplicateEmail);
    });
    await this.authState.setClientVersion(row.id, row.tokenVersion);
    return clientView(row);
  }
}
