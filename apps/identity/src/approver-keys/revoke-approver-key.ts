import { type ApproverKeyView, type AuthContext, SIGNING_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as repo from './approver-keys.repository';
import { approverKeyView, checkApprover } from './approver-keys.rules';

/**
 * Revokes one of the caller's keys: here first (the policy service stops counting it at once),
 * then in the signer's registry, which needs no endorsement to lose one. Again: the same answer,
 * the signer told again (a revocation it missed is not lost).
 */
export class RevokeApproverKey {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  async revoke(auth: AuthContext | undefined, id: string): Promise<ApproverKeyView> {
    const caller = requireAuth(auth);
    checkApprover(caller);
    const found = await repo.findCredential(this.db, id);
    if (!found || found.clientId !== caller.clientId) throw Errors.notFound('approver key');
    const row = found.status === 'revoked' ? found : await repo.setStatus(this.db, id, 'revoked');
    await this.rpc.call('signing', SIGNING_RPC.revokeApproverCredential, { id });
    const endorsements = await repo.endorsementsOf(this.db, id);
    return approverKeyView(row, new Set(endorsements.map((e) => e.endorserClientId)).size);
  }
}
