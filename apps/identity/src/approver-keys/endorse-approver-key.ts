import type { ApproverKeyView, AuthContext, EndorsementInput } from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  approverEndorsementDigest,
  type RelyingParty,
  verifyApproverSignature,
} from '@custody/intents';
import type { RpcClient } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as repo from './approver-keys.repository';
import { approverTenantOf, checkApprover, credentialOf } from './approver-keys.rules';
import { offerToSigner } from './offer-to-signer';

const invalid = (why: string) => Errors.forbidden(why, 'endorsement_invalid');

/**
 * A pending key of the caller's tenant, endorsed with one of the caller's active credentials: its
 * signature of the endorsement digest (that key's registration facts and the endorser's id; a
 * passkey's assertion over it), checked here and again by the signer. The key
 * is offered to the signer with every endorsement so far; the signer says when they are enough.
 */
export class EndorseApproverKey {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly relyingParty: RelyingParty,
  ) {}

  async endorse(
    auth: AuthContext | undefined,
    id: string,
    input: EndorsementInput,
  ): Promise<ApproverKeyView> {
    const caller = requireAuth(auth);
    checkApprover(caller);
    const tenant = approverTenantOf(caller);
    const target = await repo.findCredential(this.db, id);
    if (!target || target.tenantId !== tenant) throw Errors.notFound('approver key');
    if (target.status !== 'pending')
      throw Errors.conflict(
        'This key is not waiting for endorsements.',
        'approver_key_not_pending',
      );
    const endorser = await repo.findCredential(this.db, input.credentialId);
    if (
      !endorser ||
      endorser.clientId !== caller.clientId ||
      endorser.status !== 'active' ||
      endorser.tenantId !== tenant
    )
      throw invalid("credentialId is not one of the caller's active keys of this tenant.");
    const digest = approverEndorsementDigest(credentialOf(target), endorser.id);
    const verified = await verifyApproverSignature(
      endorser,
      digest,
      input.signature,
      this.relyingParty,
    );
    if ('fault' in verified)
      throw invalid("signature is not that key's signature of the endorsement digest.");
    await repo.insertEndorsement(this.db, {
      credentialId: target.id,
      endorserCredentialId: endorser.id,
      endorserClientId: caller.clientId,
      signature: input.signature,
    });
    return offerToSigner(this.db, this.rpc, target);
  }
}
