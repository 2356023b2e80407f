import { POLICY_RPC } from '@custody/contracts';
import { isAppError } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import type { Transaction } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import * as outcomes from '../policies/approval-outcomes.repository';
import type { SignedItemRow } from '../schema';
import { lockAndReadBlocked } from '../users/users.repository';
import { findWallet } from '../wallets/wallets.repository';
import { heldSignRequest } from './held-request';
import type { SignaturePayloads } from './payloads';
import type { SignatureRecords } from './signature-records';
import * as repo from './signatures.repository';

/**
 * An approval's outcome for the signature it held, in the event's transaction (the same lock
 * and early outcome as withdrawals): approved, it is signed now — with the policy service's
 * decision for exactly the payload that was held — and recorded `sent` (a transaction's funds
 * held as when signed at once); rejected, expired, or unable to run (the user blocked, the
 * wallet gone, short funds, no decision), it ends `rejected` or `failed` unsigned.
 */
export class SettleSignatureApproval {
  constructor(
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
    private readonly payloads: SignaturePayloads,
    private readonly records: SignatureRecords,
  ) {}

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
    if (outcome !== 'approved') {
      await this.records.update(tx, current.id, {
        status: 'rejected',
        failureReason: `approval_${outcome}`,
      });
      return;
    }
    const failed = (reason: string) =>
      this.records.update(tx, current.id, { status: 'failed', failureReason: reason });
    if (await lockAndReadBlocked(tx, current.userId)) return void (await failed('user_blocked'));
    const found = await findWallet(tx, { kind: 'all' }, current.userId, current.walletId);
    if (!found) return void (await failed('wallet_deleted'));
    const { wallet } = found;
    const request = heldSignRequest(current);
    // A refusal (the asset no longer signable, short funds, a nonce taken meanwhile, no
    // decision) ends it `failed`, its writes in a savepoint undone; a fault (signing or policy
    // unreachable) retries the event.
    await tx
      .transaction(async (inner) => {
        const asset = await this.catalog.require(wallet.assetId);
        const { intent } = await this.payloads.prepare(asset, request);
        const { decision } = await this.rpc.call('policy', POLICY_RPC.authorize, {
          operationId: current.id,
          owner: wallet.id,
          intent,
        });
        const signed = await this.payloads.sign(wallet, asset, request, decision);
        await this.records.record(
          inner,
          wallet,
          { ...{}, ...request, externalReference: current.externalReference ?? undefined },
          current.id,
          signed,
          current.approvalId,
        );
      })
      .catch(async (error: unknown) => {
        if (!isAppError(error) || error.status >= 500) throw error;
        await failed(error.code);
      });
  }
}
