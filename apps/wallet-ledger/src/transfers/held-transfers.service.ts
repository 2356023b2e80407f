import { v7 as uuidv7 } from 'uuid';
import {
  type AuthContext,
  type CreateTransferRequest,
  EVENTS,
  type TransferView,
} from '@custody/contracts';
import { Errors, isAppError } from '@custody/errors';
import {
  type Database,
  enqueueEvent,
  type IdempotencyKey,
  runIdempotent,
  type Transaction,
} from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { captureHold, placeHold, postEntry, releaseHold } from '../ledger/ledger.repository';
import { insufficientBalance } from '../ledger/ledger.rules';
import * as outcomes from '../policies/approval-outcomes.repository';
import type { TransferLegRow, TransferRow } from '../schema';
import { recordMovements } from '../transactions/transactions.repository';
import { partiesOf } from './parties';
import {
  finishTransfer,
  insertHeldTransfer,
  lockPartiesStatements,
  lockTransfer,
  openHoldsOf,
} from './transfers.repository';
import { legMovements, resolveTransfer, transferView } from './transfers.rules';

const SCHEMA = 'ledger';

/** Refusals read from wallet-ledger's copy of the sender: not stored under an Idempotency-Key. */
const SENDER_REFUSALS = new Set(['not_found', 'user_blocked']);

/**
 * Transfers a policy holds for approval (docs/decisions/policies-and-approvals.md): created
 * `pending_approval` with a hold per leg on its sender's wallet (available drops, balance stays);
 * on their approval's quorum booked as any transfer (`approved`), once; rejected, expired or
 * cancelled, their holds released (`rejected`). Held transfers are rare: they take the plain
 * per-request way, not the group commit.
 */
export class HeldTransfers {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
  ) {}

  async create(
    caller: AuthContext,
    id: string,
    approvalId: string,
    request: CreateTransferRequest,
    idempotency?: IdempotencyKey,
  ): Promise<TransferView> {
    return runIdempotent(
      this.db,
      SCHEMA,
      idempotency,
      async (tx) => {
        // Its approval's outcome, if it came first, is read after the insert, under its lock.
        await outcomes.lockApproval(tx, approvalId);
        const parties = await this.lockParties(tx, request);
        const resolved = resolveTransfer(caller, request, parties);
        const now = new Date();
        const legRows: TransferLegRow[] = [];
        for (const [i, { leg, sender, receiver }] of resolved.entries()) {
          await placeHold(tx, sender.accountId, leg.amount, id).catch((error: unknown) => {
            if (isAppError(error) && error.code === 'insufficient_balance')
              throw insufficientBalance({ leg: i, senderWalletId: sender.id });
            throw error;
          });
          legRows.push({
            id: uuidv7(),
            transferId: id,
            position: i,
            assetId: leg.assetId,
            senderWalletId: sender.id,
            receiverWalletId: receiver.id,
            amount: leg.amount,
            status: 'pending_approval',
            createdAt: now,
            updatedAt: now,
          });
        }
        const transfer: TransferRow = {
          id,
          tenantId: resolved[0]?.sender.tenantId ?? caller.tenantId,
          status: 'pending_approval',
          externalReference: request.externalReference ?? null,
          requested: request.requestedTransactions,
          approvalId,
          failureReason: null,
          createdAt: now,
          updatedAt: now,
        };
        await insertHeldTransfer(tx, transfer, legRows);
        const view = transferView(transfer, legRows);
        await enqueueEvent(tx, SCHEMA, {
          name: EVENTS.transferCreated,
          tenantId: transfer.tenantId,
          data: view,
        });
        const early = await outcomes.takeOutcome(tx, approvalId);
        return early ? this.applyOutcome(tx, transfer, early) : view;
      },
      { storeError: (error) => !SENDER_REFUSALS.has(error.code) },
    );
  }

  /**
   * An approval's outcome for the transfer it held, in the event's transaction (see
   * WithdrawalsService.settleApproval: the same lock, the same early outcome).
   */
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
  private async applyOutcome(
    tx: Transaction,
    transfer: TransferRow,
    outcome: string,
  ): Promise<TransferView> {
    const parties = await this.lockParties(tx, { requestedTransactions: transfer.requested });
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

  private async lockParties(
    tx: Transaction,
    request: Pick<CreateTransferRequest, 'requestedTransactions'>,
  ) {
    let rows: unknown[] = [];
    for (const statement of lockPartiesStatements(request.requestedTransactions))
      rows = (await tx.execute(statement)).rows;
    return partiesOf(this.catalog, rows);
  }
}
