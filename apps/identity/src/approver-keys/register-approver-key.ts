import { v7 as uuidv7 } from 'uuid';
import type { ApproverKeyInput, ApproverKeyView, AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, sqlState } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as repo from './approver-keys.repository';
import { approverTenantOf, checkApprover, checkRegistration } from './approver-keys.rules';
import { offerToSigner } from './offer-to-signer';

const exists = () =>
  Errors.conflict('This public key is registered already.', 'approver_key_exists');

/**
 * Registers one of the caller's approver keys (docs/decisions/policies-and-approvals.md) with its
 * proof of possession. It is `active` once the signer's registry holds it: at once for its
 * tenant's first, else when enough of the tenant's credentials endorsed it. The same key asked
 * again (the signer was out, say) is offered again.
 */
export class RegisterApproverKey {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  async register(auth: AuthContext | undefined, input: ApproverKeyInput): Promise<ApproverKeyView> {
    const caller = requireAuth(auth);
    checkApprover(caller);
    const registration = {
      kind: input.kind ?? 'ed25519',
      publicKey: input.publicKey,
      clientId: caller.clientId,
      tenantId: approverTenantOf(caller),
    };
    checkRegistration(registration, input.proof);
    const known = await repo.findByPublicKey(this.db, input.publicKey);
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
        })
        .catch((error: unknown) => {
          throw sqlState(error) === '23505' ? exists() : error;
        }));
    return offerToSigner(this.db, this.rpc, row);
  }
}
