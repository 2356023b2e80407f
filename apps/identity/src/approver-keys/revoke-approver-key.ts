import type { ApproverKeyView, AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Database } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as repo from './approver-keys.repository';
import { approverKeyView, checkApprover } from './approver-keys.rules';
import type { SignerRevocations } from './signer-revocations';

/**
 * Revokes one of the caller's credentials: here first (the policy service stops counting it at
 * once), then in the signer's registry, which needs no endorsement to lose one; the answer waits
 * for the signer (its failure is the answer, and the sweep tells it again). Again: the same
 * answer, the signer told again.
 */
export class RevokeApproverKey {
  constructor(
    private readonly db: Database,
    private readonly revocations: SignerRevocations,
  ) {}

  async revoke(auth: AuthContext | undefined, id: string): Promise<ApproverKeyView> {
    const caller = requireAuth(auth);
    checkApprover(caller);
    const found = await repo.findCredential(this.db, id);
    if (!found || found.clientId !== caller.clientId) throw Errors.notFound('approver key');
    const row = found.status === 'revoked' ? found : await repo.setStatus(this.db, id, 'revoked');
    await this.revocations.tellOne(id);
    const endorsements = await repo.endorsementsOf(this.db, id);
    return approverKeyView(row, new Set(endorsements.map((e) => e.endorserClientId)).size);
  }
}
