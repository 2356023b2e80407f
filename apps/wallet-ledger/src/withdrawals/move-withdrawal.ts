import { EVENTS, type WithdrawalView } from '@custody/contracts';
import { enqueueEvent, type Executor, type Transaction } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { captureHold, postEntry, releaseHold, systemAccountId } from '../ledger/ledger.repository';
import type { WithdrawalRow } from '../schema';
import { recordMovements } from '../transactions/transactions.repository';
import { walletAddress } from '../wallets/wallets.repository';
import { attemptsOf } from './attempts.repository';
import * as repo from './withdrawals.repository';
import {
  chainDebitMovements,
  chainRefund,
  checkMove,
  debitEntry,
  debitRows,
  planSettlement,
  type WithdrawalMove,
  withdrawalView,
} from './withdrawals.rules';

const SCHEMA = 'ledger';

/**
 * A locked withdrawal moved along the state machine (withdrawals.rules.ts), in the caller's
 * transaction with what the move books and its `withdrawal.is-updated` event: every use-case
 * that changes a withdrawal's status goes through `move` (the admin's reports, an approval's
 * outcome, the chain adapter's steps). `confirmed` posts the debit (wallet → external, the
 * network fee → fees) and captures the hold; `failed` and `cancelled` release it. `onChain`
 * settles as the chain did: the receiver got the whole amount and the wallet also pays the
 * network fee (from the hold's fee reserve); without it the fee comes out of the amount.
 */
export class MoveWithdrawal {
  constructor(private readonly catalog: AssetCatalog) {}

  async move(
    tx: Transaction,
    current: WithdrawalRow,
    change: WithdrawalMove,
  ): Promise<WithdrawalView> {
    const { txHash, fee } = checkMove(current, change);
    const asset = await this.catalog.require(current.assetId);
    const settlement = planSettlement(current, change, fee, asset.decimals);
    if (settlement.kind === 'chainDebit')
      await this.settleOnChain(tx, current, settlement.sent, fee, txHash);
    else if (settlement.kind === 'debit') await this.settle(tx, current, fee, txHash);
    else if (settlement.kind === 'release') await releaseHold(tx, current.holdId);
    const updated = await repo.updateWithdrawal(tx, current.id, {
      status: change.status,
      blockchainTransactionId: txHash,
      fee,
      ...(change.failureReason ? { failureReason: change.failureReason } : {}),
    });
    const result = await this.view(tx, updated);
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.withdrawalUpdated,
      tenantId: updated.tenantId,
      data: result,
    });
    return result;
  }

  /**
   * A `withdrawal.is-updated` event for a change that keeps its status (a speed-up or a cancel
   * sent: its attempts), in the caller's transaction; the view it carries.
   */
  async announce(tx: Transaction, w: WithdrawalRow): Promise<WithdrawalView> {
    const view = await this.view(tx, w);
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.withdrawalUpdated,
      tenantId: w.tenantId,
      data: view,
    });
    return view;
  }

  /** The contract's Withdrawal with its movements and attempts, read with `db`. */
  async view(db: Executor, row: WithdrawalRow): Promise<WithdrawalView> {
    return withdrawalView(
      row,
      await this.symbolOf(row.assetId),
      await repo.movementIds(db, row),
      await attemptsOf(db, [row.id]),
    );
  }

  async symbolOf(assetId: string): Promise<string> {
    return (await this.catalog.require(assetId)).symbol;
  }

  /** The chain's debit (see `chainDebitMovements`): the whole hold captured, the rest refunded. */
  private async settleOnChain(
    tx: Transaction,
    w: WithdrawalRow,
    sent: string,
    fee: string,
    txHash: string | null,
  ): Promise<void> {
    const hold = await captureHold(tx, w.holdId);
    const refund = chainRefund(hold.amount, sent, fee);
    const external = await systemAccountId(tx, w.assetId, 'external');
    const fees = await systemAccountId(tx, w.assetId, 'fees');
    const after = await postEntry(tx, {
      operationType: 'withdrawal',
      operationId: w.id,
      assetId: w.assetId,
      movements: chainDebitMovements(hold, sent, fee, refund, { external, fees }),
    });
    await this.recordDebit(tx, w, after.get(hold.accountId)?.balance ?? '0', sent, fee, txHash);
  }

  /** The receiver gets amount − fee; the network fee goes to the fees account. */
  private async settle(
    tx: Transaction,
    w: WithdrawalRow,
    fee: string,
    txHash: string | null,
  ): Promise<void> {
    const hold = await captureHold(tx, w.holdId);
    const external = await systemAccountId(tx, w.assetId, 'external');
    const fees = await systemAccountId(tx, w.assetId, 'fees');
    const { sent, movements } = debitEntry(w, hold.accountId, fee, { external, fees });
    const after = await postEntry(tx, {
      operationType: 'withdrawal',
      operationId: w.id,
      assetId: w.assetId,
      movements,
    });
    await this.recordDebit(tx, w, after.get(hold.accountId)?.balance ?? '0', sent, fee, txHash);
  }

  /** The read-model rows of a settled withdrawal (`debitRows`): what left, and the network fee. */
  private async recordDebit(
    tx: Transaction,
    w: WithdrawalRow,
    balance: string,
    sent: string,
    fee: string,
    txHash: string | null,
  ): Promise<void> {
    const address = (await walletAddress(tx, w.walletId)) ?? '';
    await recordMovements(tx, debitRows(w, { address, balance }, sent, fee, txHash));
  }
}
