import { type ApproverKeyView, SIGNING_RPC } from '@custody/contracts';
import { isAppError } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, withTransaction } from '@custody/persistence';
import * as repo from './approver-keys.repository';
import { approverKeyView, credentialOf } from './approver-keys.rules';

/**
 * Offers a pending credential to the signer's own registry with every endorsement so far: the
 * signer judges (docs/decisions/signing-decisions.md). Admitted, it is `active` here; not enough
 * endorsements yet, it stays `pending`; anything else the signer refuses is the answer.
 */
export async function offerToSigner(
  db: Database,
  rpc: RpcClient,
  row: repo.ApproverCredentialRow,
): Promise<ApproverKeyView> {
  const endorsements = await repo.endorsementsOf(db, row.id);
  const count = new Set(endorsements.map((e) => e.endorserClientId)).size;
  if (row.status !== 'pending') return approverKeyView(row, count);
  try {
    await rpc.call('signing', SIGNING_RPC.addApproverCredential, {
      credential: credentialOf(row),
      proof: row.proof,
      endorsements: endorsements.map((e) => ({
        credentialId: e.endorserCredentialId,
        signature: e.signature,
      })),
    });
  } catch (error) {
    if (isAppError(error) && error.code === 'endorsements_insufficient')
      return approverKeyView(row, count);
    throw error;
  }
  const active = await withTransaction(db, async (tx) => {
    const locked = await repo.findCredential(tx, row.id, true);
    return locked?.status === 'pending' ? repo.setStatus(tx, row.id, 'active') : locked;
  });
  return approverKeyView(active ?? row, count);
}
