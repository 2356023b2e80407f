import {
  EVENTS,
  type AuthContext,
  type ListResult,
  type NewWithdrawal,
  type WalletScopedList,
} from '@custody/contracts';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { isValidAddress } from '@custody/chain-address';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import {
  add,
  compare,
  decimalPlaces,
  fitsBaseUnits,
  TOO_MANY_BASE_UNITS,
  isZero,
  sub,
} from '@custody/money';
import {
  type Database,
  enqueueEvent,
  type IdempotencyKey,
  isUuid,
  listClauses,
  one,
  runIdempotent,
  selectPage,
  storedIdempotentResult,
  type Transaction,
} from '@custody/persistence';
import { assertUserAccess, requireAdmin, requireAuth, tenantScope } from '@custody/tenancy';
import {
  captureHold,
  insufficientBalance,
  lockAccounts,
  placeHold,
  postEntry,
  releaseHold,
  systemAccountId,
} from '../ledger/ledger';
import {
  accounts,
  transactions,
  wallets,
  type WithdrawalRow,
  type WithdrawalStatus,
  withdrawals,
} from '../schema';
import { recordMovements } from '../transactions/transactions.service';
import { walletScope } from '../transactions/wallet-scope';
import { assertMaySend, assertNotBlockedInCopy } from '../users/senders';
import type { AssetCatalog } from '../assets/asset-catalog';
import { findWallet } from '../wallets/wallets.repository';

const SCHEMA = 'ledger';

export type { NewWithdrawal } from '@custody/contracts';

/** The state machine of DESIGN §6 / the ledger issue. */
const NEXT: Record<WithdrawalStatus, WithdrawalStatus[]> = {
  prepared: ['broadcast', 'failed', 'cancelled'],
  broadcast: ['confirmed', 'failed'],
  confirmed: [],
  failed: [],
  cancelled: [],
};

async function view(db: Database | Transaction, row: WithdrawalRow, symbol: string) {
  const movements = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.operationId, row.id), eq(transactions.walletId, row.walletId)));
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    transactions: movements.map((m) => m.id),
    amount: row.amount,
    fee: row.fee,
    userId: row.userId,
    walletId: row.walletId,
    receiverAddress: row.receiverAddress,
    asset: symbol,
    assetId: row.assetId,
    blockchainTransactionId: row.blockchainTransactionId,
    status: row.status,
    ...(row.memo ? { memo: row.memo } : {}),
    ...(row.userNote ? { userNote: row.userNote } : {}),
    ...(row.externalReference ? { externalReference: row.externalReference } : {}),
  };
}

/**
 * Withdrawals: creating one holds the amount (available drops, balance stays); `confirmed` posts
 * the debit (wallet → external, network fee → fees) and captures the hold; `failed` and
 * `cancelled` release it. Until chain connectivity exists an admin drives the transitions.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
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
    if (input.assetId !== asset.id) {
      throw Errors.validation([{ path: 'body.assetId', message: `The wallet holds ${asset.id}` }]);
    }
    if (!(await isValidAddress(asset.chain, input.receiverAddress))) {
      throw Errors.validation([
        { path: 'body.receiverAddress', message: `Not a valid ${asset.chain} address` },
      ]);
    }
    if (input.amount !== undefined && decimalPlaces(input.amount) > asset.decimals) {
      throw Errors.validation([
        { path: 'body.amount', message: `At most ${asset.decimals} decimal places for this asset` },
      ]);
    }
    if (input.amount !== undefined && !fitsBaseUnits(input.amount, asset.decimals))
      throw Errors.validation([{ path: 'body.amount', message: TOO_MANY_BASE_UNITS }]);
    await assertMaySend(this.rpc, caller, [wallet.userId]);
    return runIdempotent(
      this.db,
      SCHEMA,
      idempotency,
      async (tx) => {
        // A block committed since identity answered: before the account's lock, as transfers.
        await assertNotBlockedInCopy(tx, wallet.userId);
        const [account] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.walletId, wallet.id));
        if (!account) throw Errors.internal(new Error('wallet without account'));
        const locked = await lockAccounts(tx, [account.id]);
        const available = locked.get(account.id)?.availableBalance ?? '0';
        // No amount: the whole available balance (extension).
        const amount = input.amount ?? available;
        if (isZero(amount) || compare(available, amount) < 0)
          throw insufficientBalance({ available });
        const id = uuidv7();
        const holdId = await placeHold(tx, account.id, amount, id);
        const row = one(
          await tx
            .insert(withdrawals)
            .values({
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
              status: 'prepared',
              holdId,
            })
            .returning(),
        );
        await enqueueEvent(tx, SCHEMA, {
          name: EVENTS.withdrawalCreated,
          tenantId: row.tenantId,
          data: {
            ...{},
            ...(await view(tx, row, asset.symbol)),
            device: input.device,
            ip: input.ip,
          },
        });
        return { id };
      },
      // A block's 403 is not kept under the key: a retry after an unblock must go through.
      { storeError: (error) => error.code !== 'user_blocked' },
    );
  }

  async transition(
    auth: AuthContext | undefined,
    id: string,
    change: { status: WithdrawalStatus; blockchainTransactionId?: string; fee?: string },
    idempotency?: IdempotencyKey,
  ) {
    requireAdmin(auth);
    return runIdempotent(this.db, SCHEMA, idempotency, async (tx) => {
      if (!isUuid(id)) throw Errors.notFound('withdrawal');
      const [current] = await tx
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, id))
        .for('update');
      if (!current) throw Errors.notFound('withdrawal');
      if (!NEXT[current.status].includes(change.status)) {
        throw Errors.conflict(
          `A ${current.status} withdrawal cannot become ${change.status}.`,
          'illegal_transition',
        );
      }
      if (current.network !== null) {
        throw Errors.conflict(
          'The chain adapter is sending this withdrawal; it reports the outcome itself.',
          'chain_managed',
        );
      }
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
    change: {
      status: WithdrawalStatus;
      blockchainTransactionId?: string;
      fee?: string;
      onChain?: boolean;
      failureReason?: string;
    },
  ) {
    if (!NEXT[current.status].includes(change.status)) {
      throw Errors.conflict(
        `A ${current.status} withdrawal cannot become ${change.status}.`,
        'illegal_transition',
      );
    }
    const txHash = change.blockchainTransactionId ?? current.blockchainTransactionId;
    if (change.status === 'broadcast' && !txHash) {
      throw Errors.validation([
        { path: 'body.blockchainTransactionId', message: 'Required to broadcast' },
      ]);
    }
    const fee = change.fee ?? current.fee;
    const asset = await this.catalog.require(current.assetId);
    if (decimalPlaces(fee) > asset.decimals) {
      throw Errors.validation([
        { path: 'body.fee', message: `At most ${asset.decimals} decimal places for this asset` },
      ]);
    }
    if (!fitsBaseUnits(fee, asset.decimals))
      throw Errors.validation([{ path: 'body.fee', message: TOO_MANY_BASE_UNITS }]);
    if (change.onChain) {
      if (change.status === 'confirmed')
        await this.settleOnChain(tx, current, current.amount, fee, txHash);
      // A transaction mined but reverted still paid its fee.
      else if (change.status === 'failed' && !isZero(fee))
        await this.settleOnChain(tx, current, '0', fee, txHash);
      else if (change.status === 'failed' || change.status === 'cancelled')
        await releaseHold(tx, current.holdId);
    } else {
      if (compare(fee, current.amount) > 0)
        throw Errors.validation([
          { path: 'body.fee', message: 'The fee cannot exceed the amount' },
        ]);
      if (change.status === 'confirmed') await this.settle(tx, current, fee, txHash);
      if (change.status === 'failed' || change.status === 'cancelled')
        await releaseHold(tx, current.holdId);
    }
    const updated = one(
      await tx
        .update(withdrawals)
        .set({
          status: change.status,
          blockchainTransactionId: txHash,
          fee,
          ...(change.failureReason ? { failureReason: change.failureReason } : {}),
          updatedAt: new Date(),
        })
        .where(eq(withdrawals.id, current.id))
        .returning(),
    );
    const symbol = await this.symbolOf(updated.assetId);
    const result = await view(tx, updated, symbol);
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.withdrawalUpdated,
      tenantId: updated.tenantId,
      data: result,
    });
    return result;
  }

  /**
   * The chain's version of the debit: the hold (amount + fee reserve) is captured, `sent` leaves
   * to the outside world, the real network fee goes to the fees account, and the unused reserve
   * returns to the wallet's available balance.
   */
  private async settleOnChain(
    tx: Transaction,
    w: WithdrawalRow,
    sent: string,
    fee: string,
    txHash: string | null,
  ): Promise<void> {
    const hold = await captureHold(tx, w.holdId);
    const refund = sub(hold.amount, add(sent, fee));
    if (compare(refund, '0') < 0) throw Errors.internal(new Error('network fee above its reserve'));
    const external = await systemAccountId(tx, w.assetId, 'external');
    const fees = await systemAccountId(tx, w.assetId, 'fees');
    const after = await postEntry(tx, {
      operationType: 'withdrawal',
      operationId: w.id,
      assetId: w.assetId,
      movements: [
        { accountId: hold.accountId, amount: `-${hold.amount}`, fromHold: true },
        ...(isZero(refund) ? [] : [{ accountId: hold.accountId, amount: refund }]),
        ...(isZero(sent) ? [] : [{ accountId: external, amount: sent }]),
        ...(isZero(fee) ? [] : [{ accountId: fees, amount: fee }]),
      ],
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
    const sent = sub(w.amount, fee);
    const movements = [
      { accountId: hold.accountId, amount: `-${w.amount}`, fromHold: true },
      ...(isZero(sent) ? [] : [{ accountId: external, amount: sent }]),
      ...(isZero(fee) ? [] : [{ accountId: fees, amount: fee }]),
    ];
    const after = await postEntry(tx, {
      operationType: 'withdrawal',
      operationId: w.id,
      assetId: w.assetId,
      movements,
    });
    await this.recordDebit(tx, w, after.get(hold.accountId)?.balance ?? '0', sent, fee, txHash);
  }

  /** The read-model rows of a settled withdrawal: what left, and the network fee. */
  private async recordDebit(
    tx: Transaction,
    w: WithdrawalRow,
    balance: string,
    sent: string,
    fee: string,
    txHash: string | null,
  ): Promise<void> {
    const [wallet] = await tx
      .select({ address: wallets.address })
      .from(wallets)
      .where(eq(wallets.id, w.walletId));
    const self = {
      walletId: w.walletId,
      address: wallet?.address ?? '',
      walletBalance: balance,
      userId: w.userId,
    };
    const common = {
      tenantId: w.tenantId,
      userId: w.userId,
      walletId: w.walletId,
      assetId: w.assetId,
      operationId: w.id,
      movement: 'out' as const,
      status: 'confirmed',
      walletBalanceAfter: balance,
      sender: self,
      txHash,
    };
    await recordMovements(tx, [
      ...(isZero(sent)
        ? []
        : [
            {
              ...{},
              ...common,
              type: 'withdrawal' as const,
              movementSubtype: 'external' as const,
              amount: sent,
              receiver: { address: w.receiverAddress },
            },
          ]),
      ...(isZero(fee)
        ? []
        : [
            {
              ...{},
              ...common,
              type: 'fee' as const,
              movementSubtype: 'fee' as const,
              amount: fee,
              receiver: { address: 'network-fee' },
            },
          ]),
    ]);
  }

  private async symbolOf(assetId: string): Promise<string> {
    return (await this.catalog.require(assetId)).symbol;
  }

  async list(
    auth: AuthContext | undefined,
    request: WalletScopedList,
  ): Promise<ListResult<Awaited<ReturnType<typeof view>>>> {
    const scope = await walletScope(this.db, auth, request, withdrawals);
    const f = request.filters;
    const clauses = listClauses(
      request.list,
      {
        sortable: { createdAt: withdrawals.createdAt, amount: withdrawals.amount },
        createdAt: withdrawals.createdAt,
        id: withdrawals.id,
        externalReference: withdrawals.externalReference,
      },
      [
        scope,
        f['status'] !== undefined
          ? eq(withdrawals.status, f['status'] as WithdrawalStatus)
          : undefined,
      ],
    );
    const { rows, total } = await selectPage(this.db, withdrawals, clauses);
    const symbols = new Map((await this.catalog.all()).map((a) => [a.id, a.symbol]));
    const items = await Promise.all(
      rows.map(async (r) => view(this.db, r, symbols.get(r.assetId) ?? r.assetId)),
    );
    return { items, total };
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; id: string },
  ) {
    const scope = await walletScope(this.db, auth, request, withdrawals);
    if (!isUuid(request.id)) throw Errors.notFound('withdrawal');
    const [row] = await this.db
      .select()
      .from(withdrawals)
      .where(and(scope, eq(withdrawals.id, request.id)));
    if (!row) throw Errors.notFound('withdrawal');
    return view(this.db, row, await this.symbolOf(row.assetId));
  }
}
