import type { AuthContext, PasskeyView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as approverKeys from '../approver-keys/approver-keys.repository';
import type { SignerRevocations } from '../approver-keys/signer-revocations';
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
    private readonly revocations: SignerRevocations,
    /** WEBAUTHN_RP_ID: what a request for the passkeys names. */
    private readonly rpId: string,
  ) {}

  async list(auth: AuthContext | undefined): Promise<PasskeyView[]> {
    const caller = requireAuth(auth);
    return (await repo.listPasskeys(this.db, caller.clientId)).map((row) =>
      passkeyView(row, this.rpId),
    );
  }

  /**
   * Removes one of the caller's passkeys; not its last while passkeys are required of it (409
   * `passkey_last_required`). Another client's, or an unknown one: 404. Its approver credential,
   * if it signs approvals, is revoked with it, and the signer's registry told after the commit.
   */
  async remove(auth: AuthContext | undefined, id: string): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    const revoked = await withTransaction(this.db, async (tx) => {
      const client = await clientsRepo.findClient(tx, caller.clientId);
      if (!client) throw Errors.notFound('client');
      // Locked: two removals at once cannot both see another one left.
      const mine = await repo.lockClientPasskeys(tx, client.id);
      if (!mine.some((p) => p.id === id)) throw Errors.notFound('passkey');
      checkRemoval(await this.requirement.of(tx, client), mine.length);
      await repo.deletePasskey(tx, client.id, id);
      return approverKeys.revokeCredentialsOf(tx, { clientId: client.id, passkeyId: id });
    });
    await this.revocations.tell(revoked);
    return { id };
  }
}
