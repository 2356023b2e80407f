import {
  EVENTS,
  type AuthContext,
  type ListResult,
  type NewWithdrawal,
  type WalletScopedList,
  type WithdrawalView,
} from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { add } from '@custody/money';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  enqueueEvent,
  type IdempotencyKey,
  isUuid,
  runIdempotent,
  sqlState,
  storedIdempotentResult,
  type Transaction,
  listResult,
} from '@custody/persistence';
import { assertUserAccess, requireAdmin, requireAuth, tenantScope } from '@custody/tenancy';
import {
  captureHold,
  lockAccounts,
  placeHold,
  postEntry,
  releaseHold,
  systemAccountId,
} from '../ledger/ledger.repository';
import { type WithdrawalRow, type WithdrawalStatus, withdrawals } from '../schema';
import { recordMovements } from '../transactions/transactions.repository';
import { walletScope } from '../transactions/wallet-scope';
import { assertMaySend, assertNotBlockedInCopy } from '../users/senders';
import { lockAndReadBlocked } from '../users/users.repository';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { Governor } from '../policies/governed';
import { findWallet, walletAccountId } from '../wallets/wallets.repository';
import * as outcomes from '../policies/approval-outcomes.repository';
import * as repo from './withdrawals.repository';
import {
  amountToHold,
  assertNotChainManaged,
  assertTransition,
  chainDebitMovements,
  chainRefund,
  checkMove,
  checkNewWithdrawal,
  debitEntry,
  debitRows,
  planSettlement,
  type WithdrawalMove,
  withdrawalView,
} from './withdrawals.rules';

const SCHEMA = 'ledger';

export type { NewWithdrawal } from '@custody/contracts';

/** A raw signed transaction's hold (see `holdSignedTransaction`). */
export interface SignedTransactionHold {
  wallet: {
    id: string;
    tenantId: string;
    userId: string;
    assetId: string;
    address: string;
  };
  signedTxId: string;
  amount: string;
  feeReserve: string;
  receiver: string;
  /** The transaction's id on its chain (EVM hash, Qubic transaction id). */
  hash: string;
  /** EVM: its nonce, which frees the hold once another transaction uses it. */
  nonce: number | null;
  /** The chain adapter's network that follows it; null: an admin resolves it. */
  network: string | null;
  externalReference: string | null;
}

/**
 * Withdrawals: creating one holds the amount (available drops, balance stays); `confirmed` posts
 * the debit (wallet → external, network fee → fees) and captures the hold; `failed` and
 * `cancelled` release it. Until chain connectivity exists an admin drives the transitions. The
 * rules are withdrawals.rules.ts, the SQL withdrawals.repository.ts.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
    private readonly governor: Governor,
  ) {}

  async create(auth: AuthContext | undefined, input: NewWithdrawal, idempotency?: IdempotencyKey) {
    const caller = requireAuth(auth);
    const replay = await storedIdempotentResult<{ id: string }>(this.db, SCHEMA, idempotency);
    if (replay) return replay.result;
    assertUserAccess(caller, input.userId);
    const found = await findWallet(this.db, tenantScope(caller), input.userId, input.walletId);
    if (!found) throw Errors.notFound('wallet');
    const { wallet } = found;
    const asset = await this.catalog.require(wallet.assetId);
    await checkNewWithdrawal(input, asset);
    await assertMaySend(this.rpc, caller, [wallet.userId]);
    const id = uuidv7();
    // Without an amount it withdraws what is available: the amount evaluated is the one held
    // (less available by then is 400 insufficient_balance, as for any amount).
    const requested = input.amount ?? found.availableBalance;
    // The policies' decision before anything is held: a refusal leaves nothing behind, an
    // unreachable policy service fails the request (fail closed).
    const decision = await this.governor.decide(caller, {
      activity: 'withdrawal',
      operationId: id,
      tenantId: wallet.tenantId,
      legs: [
        {
          userId: wallet.userId,
          walletId: wallet.id,
          assetId: asset.id,
          amount: requested,
          destination: input.receiverAddress,
        },
      ],
    });
    const approvalId = decision.decision === 'require_approval' ? decision.approvalId : null;
    const created = runIdempotent(
      this.db,
      SCHEMA,
      idempotency,
      async (tx) => {
        // Its approval's outcome, if it came first, is read after the insert, under its lock.
        if (approvalId) await outcomes.lockApproval(tx, approvalId);
        // A block committed since identity answered: before the account's lock, as transfers.
        await assertNotBlockedInCopy(tx, wallet.userId);
        const accountId = await walletAccountId(tx, wallet.id);
        if (!accountId) throw Errors.internal(new Error('wallet without account'));
        const locked = await lockAccounts(tx, [accountId]);
        const amount = amountToHold(requested, locked.get(accountId)?.availableBalance ?? '0');
        const holdId = await placeHold(tx, accountId, amount, id);
        const row = await repo.insertWithdrawal(tx, {
          id,
          tenantId: wallet.tenantId,
          userId: wallet.userId,
          walletId: wallet.id,
          assetId: asset.id,
          amount,
          fee: '0',
          receiverAddress: input.receiverAddress,
          memo: input.memo ?? null,
          userNote: input.userNote ?? null,
          externalReference: input.externalReference ?? null,
          status: approvalId ? 'pending_approval' : 'prepared',
          approvalId,
          holdId,
        });
        const early = approvalId ? await outcomes.takeOutcome(tx, approvalId) : undefined;
        await enqueueEvent(tx, SCHEMA, {
          name: EVENTS.withdrawalCreated,
          tenantId: row.tenantId,
          data: {
            ...withdrawalView(row, asset.symbol, await repo.movementIds(tx, row)),
            device: input.device,
            ip: input.ip,
          },
        });
        if (early) await this.applyOutcome(tx, row, early);
        return { id };
      },
      // A block's 403 is not kept under the key: a retry after an unblock must go through.
      { storeError: (error) => error.code !== 'user_blocked' },
    );
    // The decision counted this withdrawal (and its approval names it): if it was not created
    // (short funds, a twin request under the same key answered first), both go.
    const result = await created.catch(async (error: unknown) => {
      await this.governor.releaseRefused(id, error);
      throw error;
    });
    if (result.id !== id) await this.governor.release([id]);
    return result;
  }

  /**
   * An approval's outcome for the withdrawal it held, in the event's transaction: approved, it
   * goes on its way (`prepared`, then the chain adapter); rejected or expired, its hold is
   * released and it ends `cancelled`. A withdrawal no longer pending is left as it is, so a
   * redelivered outcome changes nothing. An outcome that comes before its withdrawal was
   * committed is kept, and the withdrawal's transaction applies it (both take the approval's
   * lock, so one of them sees the other).
   */
  async settleApproval(
    tx: Transaction,
    approval: { operationId: string; id: string; status: string },
  ): Promise<void> {
    await outcomes.lockApproval(tx, approval.id);
    const current = await repo.lockWithdrawal(tx, approval.operationId);
    if (!current) {
      await outcomes.keepOutcome(tx, approval.id, approval.status);
      return;
    }
    if (current.status !== 'pending_approval' || current.approvalId !== approval.id) return;
    await this.applyOutcome(tx, current, approval.status);
  }

  private async applyOutcome(
    tx: Transaction,
    current: WithdrawalRow,
    outcome: string,
  ): Promise<void> {
    // A user blocked while the approval was pending sends nothing, approved or not.
    const blocked = await lockAndReadBlocked(tx, current.userId);
    const approved = outcome === 'approved' && !blocked;
    if (!approved) await releaseHold(tx, current.holdId);
    const updated = await repo.updateWithdrawal(tx, current.id, {
      status: approved ? 'prepared' : 'cancelled',
      blockchainTransactionId: null,
      fee: current.fee,
      ...(approved ? {} : { failureReason: blocked ? 'user_blocked' : `approval_${outcome}` }),
    });
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.withdrawalUpdated,
      tenantId: updated.tenantId,
      data: withdrawalView(
        updated,
        await this.symbolOf(updated.assetId),
        await repo.movementIds(tx, updated),
      ),
    });
  }

  /**
   * Holds what a raw signed transaction takes from its wallet (`valueMoved`), in the caller's
   * transaction with the signed record: a withdrawal already `broadcast` (the client sends the
   * transaction), followed by the chain adapter like any other (`network` set) or resolved by an
   * admin (manual adapter). 400 insufficient_balance when the wallet's available balance does
   * not cover amount + fee reserve: then nothing is recorded and the signature is not returned.
   */
  async holdSignedTransaction(tx: Transaction, signed: SignedTransactionHold): Promise<string> {
    const { wallet } = signed;
    await assertNotBlockedInCopy(tx, wallet.userId);
    const accountId = await walletAccountId(tx, wallet.id);
    if (!accountId) throw Errors.internal(new Error('wallet without account'));
    const locked = await lockAccounts(tx, [accountId]);
    const total = add(signed.amount, signed.feeReserve);
    amountToHold(total, locked.get(accountId)?.availableBalance ?? '0');
    const id = uuidv7();
    const holdId = await placeHold(tx, accountId, total, id);
    const row = await repo
      .insertWithdrawal(tx, {
        id,
        tenantId: wallet.tenantId,
        userId: wallet.userId,
        walletId: wallet.id,
        assetId: wallet.assetId,
        amount: signed.amount,
        fee: '0',
        feeReserve: signed.feeReserve,
        receiverAddress: signed.receiver,
        signedTxId: signed.signedTxId,
        externalReference: signed.externalReference,
        status: 'broadcast',
        blockchainTransactionId: signed.hash,
        network: signed.network,
        fromAddress: wallet.address,
        chainNonce: signed.nonce,
        holdId,
      })
      .catch((error: unknown) => {
        // The same transaction signed again (signatures are deterministic): held once.
        if (sqlState(error) === '23505')
          throw Errors.conflict(
            'This transaction is already signed and holds its amount.',
            'transaction_already_signed',
          );
        throw error;
      });
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.withdrawalCreated,
      tenantId: row.tenantId,
      data: withdrawalView(row, await this.symbolOf(row.assetId), []),
    });
    return id;
  }

  async transition(
    auth: AuthContext | undefined,
    id: string,
    change: { status: WithdrawalStatus; blockchainTransactionId?: string; fee?: string },
    idempotency?: IdempotencyKey,
  ): Promise<WithdrawalView> {
    requireAdmin(auth);
    return runIdempotent(this.db, SCHEMA, idempotency, async (tx) => {
      if (!isUuid(id)) throw Errors.notFound('withdrawal');
      const current = await repo.lockWithdrawal(tx, id);
      if (!current) throw Errors.notFound('withdrawal');
      assertTransition(current.status, change.status);
      assertNotChainManaged(current);
      return this.move(tx, current, change);
    });
  }

  /**
   * Moves a locked withdrawal along the state machine in the caller's transaction, with its
   * withdrawal.is-updated event: the admin endpoint (manual adapter) and the chain adapter use it.
   * `onChain` settles as the chain did: the receiver got the whole amount and the wallet also
   * pays the network fee (from the hold's fee reserve); without it the fee comes out of the amount.
   */
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
    const symbol = await this.symbolOf(updated.assetId);
    const result = withdrawalView(
      updated,
      symbol,
      await repo.movementIds(tx, updated),
      await repo.attemptsOf(tx, [updated.id]),
    );
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.withdrawalUpdated,
      tenantId: updated.tenantId,
      data: result,
    });
    return result;
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
    const address = (await repo.walletAddress(tx, w.walletId)) ?? '';
    await recordMovements(tx, debitRows(w, { address, balance }, sent, fee, txHash));
  }

  private async symbolOf(assetId: string): Promise<string> {
    return (await this.catalog.require(assetId)).symbol;
  }

  async list(
    auth: AuthContext | undefined,
    request: WalletScopedList<{ status?: WithdrawalStatus }>,
  ): Promise<ListResult<WithdrawalView>> {
    const scope = await walletScope(this.db, auth, request, withdrawals);
    const page = await repo.listWithdrawals(this.db, scope, request.list, request.filters.status);
    const symbols = new Map((await this.catalog.all()).map((a) => [a.id, a.symbol]));
    const movements = await repo.movementIdsOf(this.db, page.rows);
    const items = page.rows.map((r) =>
      withdrawalView(r, symbols.get(r.assetId) ?? r.assetId, movements.get(r.id) ?? []),
    );
    return listResult(page, items);
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; id: string },
  ): Promise<WithdrawalView> {
    const scope = await walletScope(this.db, auth, request, withdrawals);
    if (!isUuid(request.id)) throw Errors.notFound('withdrawal');
    const row = await repo.findWithdrawal(this.db, scope, request.id);
    if (!row) throw Errors.notFound('withdrawal');
    return withdrawalView(
      row,
      await this.symbolOf(row.assetId),
      await repo.movementIds(this.db, row),
      await repo.attemptsOf(this.db, [row.id]),
    );
  }

  /** Any tenant's withdrawal by id, with its attempts (the admin's speed-up and cancel). */
  async adminView(id: string): Promise<WithdrawalView> {
    const row = await repo.findWithdrawal(this.db, undefined, id);
    if (!row) throw Errors.notFound('withdrawal');
    return withdrawalView(
      row,
      await this.symbolOf(row.assetId),
      await repo.movementIds(this.db, row),
      await repo.attemptsOf(this.db, [row.id]),
    );
  }

  /**
   * A `withdrawal.is-updated` event for a change that keeps its status (a speed-up or a cancel
   * sent: its attempts), in the caller's transaction.
   */
  async announce(tx: Transaction, w: WithdrawalRow): Promise<void> {
    const view = withdrawalView(
      w,
      await this.symbolOf(w.assetId),
      await repo.movementIds(tx, w),
      await repo.attemptsOf(tx, [w.id]),
    );
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.withdrawalUpdated,
      tenantId: w.tenantId,
      data: view,
    });
  }
}
