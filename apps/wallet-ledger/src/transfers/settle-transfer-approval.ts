import { EVENTS, type TransferView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { enqueueEvent, type Transaction } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { captureHold, postEntry, releaseHold } from '../ledger/ledger.repository';
import * as outcomes from '../policies/approval-outcomes.repository';
import type { TransferRow } from '../schema';
import { recordMovements } from '../transactions/transactions.repository';
import { lockParties } from './parties';
import { finishTransfer, lockTransfer, openHoldsOf } from './transfers.repository';
import { legMovements, transferView } from './transfers.rules';

const SCHEMA = 'ledger';

/**
 * An approval's outcome for the transfer it held (docs/decisions/policies-and-approvals.md), in
 * the event's transaction, with the same lock and early outcome as withdrawals: approved, each leg
 * books as a transfer's does (`approved`, once); rejected, expired or cancelled, or unable to run
 * (a sender blocked, a wallet deleted meanwhile), its holds are released and it ends `rejected`
 * or `failed`.
 */
export class SettleTransferApproval {
  constructor(private readonly catalog: AssetCatalog) {}

  async settleApproval(
    tx: Transaction,
    approval: { operationId: string; id: string; status: string },
  ): Promise<void> {
    await outcomes.lockApproval(tx, approval.id);
    const current = await lockTransfer(tx, approval.operationId);
    if (!current) {
      await outcomes.keepOutcome(tx, approval.id, approval.status);
      return;
    }
    if (current.row.status !== 'pending_approval' || current.row.approvalId !== approval.id) return;
    await this.applyOutcome(tx, current.row, approval.status);
  }

  /**
   * Approved: each leg books as a transfer's does (the sender's hold captured), with its
   * movements and `transfer.is-updated`. Otherwise, or when a sender was blocked or a wallet
   * deleted meanwhile, the holds are released and it ends `rejected` or `failed` with why.
   */
  async applyOutcome(
    tx: Transaction,
    transfer: TransferRow,
    outcome: string,
  ): Promise<TransferView> {
    const parties = await lockParties(tx, this.catalog, {
      requestedTransactions: transfer.requested,
    });
    const holds = await openHoldsOf(tx, transfer.id);
    const blocked = transfer.requested.some((leg) => parties.users.get(leg.senderUserId)?.blocked);
    const missing = transfer.requested.some(
      (leg) =>
        !parties.wallets.has(leg.senderWalletId) || !parties.wallets.has(leg.receiverWalletId),
    );
    const failure =
      outcome !== 'approved'
        ? `approval_${outcome}`
        : blocked
          ? 'user_blocked'
          : missing
            ? 'wallet_deleted'
            : null;
    if (failure !== null) {
      for (const hold of holds) await releaseHold(tx, hold);
      return this.finish(tx, transfer.id, outcome === 'approved' ? 'failed' : 'rejected', failure);
    }
    for (const hold of holds) await captureHold(tx, hold);
    let state = new Map(parties.accounts);
    for (const leg of transfer.requested) {
      const sender = parties.wallets.get(leg.senderWalletId);
      const receiver = parties.wallets.get(leg.receiverWalletId);
      if (!sender || !receiver) throw Errors.internal(new Error('held transfer wallet missing'));
      const after = await postEntry(
        tx,
        {
          operationType: 'transfer',
          operationId: transfer.id,
          assetId: leg.assetId,
          movements: [
            { accountId: sender.accountId, amount: `-${leg.amount}`, fromHold: true },
            { accountId: receiver.accountId, amount: leg.amount },
          ],
        },
        state,
      );
      state = new Map([...state, ...after]);
      await recordMovements(
        tx,
        legMovements(transfer.id, leg.assetId, leg.amount, sender, receiver, state),
      );
    }
    return this.finish(tx, transfer.id, 'approved', null);
  }

  private async finish(
    tx: Transaction,
    id: string,
    status: string,
    failureReason: string | null,
  ): Promise<TransferView> {
    const { row, legs } = await finishTransfer(tx, id, status, failureReason);
    const view = transferView(row, legs);
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.transferUpdated,
      tenantId: row.tenantId,
      data: view,
    });
    return view;
  }
}
