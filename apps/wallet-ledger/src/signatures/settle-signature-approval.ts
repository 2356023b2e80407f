import type { Transaction } from '@custody/persistence';
import * as outcomes from '../policies/approval-outcomes.repository';
import type { SignedItemRow } from '../schema';
import type { SignatureRecords } from './signature-records';
import * as repo from './signatures.repository';

/**
 * An approval's outcome for the signature it held, in the event's transaction (the same lock
 * and early outcome as withdrawals): approved, it becomes `approved`, and is signed after this
 * transaction, outside any (SignApprovedSignatures: the node, the policy service and the signer
 * are never asked while its locks are held); rejected, expired or cancelled, it ends `rejected`
 * unsigned.
 */
export class SettleSignatureApproval {
  constructor(private readonly records: SignatureRecords) {}

  async settleApproval(
    tx: Transaction,
    approval: { operationId: string; id: string; status: string },
  ): Promise<void> {
    await outcomes.lockApproval(tx, approval.id);
    const current = await repo.lockSignedItem(tx, approval.operationId);
    if (!current) {
      await outcomes.keepOutcome(tx, approval.id, approval.status);
      return;
    }
    if (current.status !== 'pending_approval' || current.approvalId !== approval.id) return;
    await this.applyOutcome(tx, current, approval.status);
  }

  async applyOutcome(tx: Transaction, current: SignedItemRow, outcome: string): Promise<void> {
    if (outcome === 'approved') {
      await this.records.update(tx, current.id, { status: 'approved' });
      return;
    }
    await this.records.update(tx, current.id, {
      status: 'rejected',
      failureReason: `approval_${outcome}`,
    });
  }
}
