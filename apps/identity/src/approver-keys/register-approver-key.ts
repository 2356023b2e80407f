import { v7 as uuidv7 } from 'uuid';
import type { ApproverKeyInput, ApproverKeyView, AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RelyingParty } from '@custody/intents';
import type { RpcClient } from '@custody/messaging';
import { type Database, sqlState } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as passkeys from '../passkeys/passkeys.repository';
import * as repo from './approver-keys.repository';
import {
  approverTenantOf,
  checkApprover,
  checkRegistration,
  registrationSource,
} from './approver-keys.rules';
import { offerToSigner } from './offer-to-signer';

const exists = () =>
  Errors.conflict('This public key is registered already.', 'approver_key_exists');

/**
 * Registers one of the caller's approver credentials (docs/decisions/policies-and-approvals.md)
 * with its proof of possession: an Ed25519 key, or one of its registered passkeys (whose COSE
 * key it takes; the proof is an assertion over the registration digest). It is `active` once the
 * signer's registry holds it: at once for its tenant's first, else when enough of the tenant's
 * credentials endorsed it. The same key asked again (the signer was out, say) is offered again.
 */
export class RegisterApproverKey {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly relyingParty: RelyingParty,
  ) {}

  async register(auth: AuthContext | undefined, input: ApproverKeyInput): Promise<ApproverKeyView> {
    const caller = requireAuth(auth);
    checkApprover(caller);
    const source = registrationSource(input);
    const { publicKey, passkey } = await this.keyOf(caller.clientId, source);
    const registration = {
      kind: source.kind,
      publicKey,
      clientId: caller.clientId,
      tenantId: approverTenantOf(caller),
    };
    await checkRegistration(registration, input.proof, this.relyingParty);
    const known = await repo.findByPublicKey(this.db, registration.publicKey);
    if (
      known &&
      (known.clientId !== caller.clientId ||
        known.tenantId !== registration.tenantId ||
        known.status === 'revoked')
    )
      throw exists();
    const row =
      known ??
      (await repo
        .insertCredential(this.db, {
          id: uuidv7(),
          ...registration,
          proof: input.proof,
          status: 'pending',
          passkeyId: passkey?.id ?? null,
          passkeyCredentialId: passkey?.credentialId ?? null,
        })
        .catch((error: unknown) => {
          throw sqlState(error) === '23505' ? exists() : error;
        }));
    return offerToSigner(this.db, this.rpc, row);
  }

  /** The credential's public key: an Ed25519 key's own, or the caller's passkey's (404 else). */
  private async keyOf(
    clientId: string,
    source: ReturnType<typeof registrationSource>,
  ): Promise<{ publicKey: string; passkey?: passkeys.PasskeyRow }> {
    if (source.kind === 'ed25519') return { publicKey: source.publicKey };
    const passkey = await passkeys.findClientPasskey(this.db, clientId, source.passkeyId);
    if (!passkey) throw Errors.notFound('passkey');
    return { publicKey: passkey.publicKey, passkey };
  }
}
