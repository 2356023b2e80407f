import type { AuthContext, PasskeyView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as clientsRepo from '../clients/clients.repository';
import { passkeyView } from './passkey.view';
import type { PasskeyRequirement } from './passkey-requirement';
import * as repo from './passkeys.repository';
import { checkRemoval } from './passkeys.rules';

/** A client's own passkeys: listed, and removed one at a time. */
export class PasskeysService {
  constructor(
    private readonly db: Database,
    private readonly requirement: PasskeyRequirement,
  ) {}

  async list(auth: AuthContext | undefined): Promise<PasskeyView[]> {
    const caller = requireAuth(auth);
    return (await repo.listPasskeys(this.db, caller.clientId)).map(passkeyView);
  }

  /**
   * Removes one of the caller's passkeys; not its last while passkeys are required of it (409
   * `passkey_last_required`). Another client's, or an unknown one: 404.
   */
  async remove(auth: AuthContext | undefined, id: string): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    return withTransaction(this.db, async (tx) => {
      const client = await clientsRepo.findClient(tx, caller.clientId);
      if (!client) throw Errors.notFound('client');
      // Locked: two removals at once cannot both see another one left.
      const mine = await repo.lockClientPasskeys(tx, client.id);
      if (!mine.some((p) => p.id === id)) throw Errors.notFound('passkey');
      checkRemoval(await this.requirement.of(tx, client), mine.length);
      await repo.deletePasskey(tx, client.id, id);
      return { id };
    });
  }
}
