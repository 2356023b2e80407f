import type {
  CatalogAsset,
  NewWithdrawal,
  WithdrawalStatus,
  WithdrawalAttemptView,
  WithdrawalView,
} from '@custody/contracts';
import { z } from 'zod';
import { isValidAddress } from '@custody/chain-address';
import { Errors } from '@custody/errors';
import {
  add,
  compare,
  decimalPlaces,
  fitsBaseUnits,
  TOO_MANY_BASE_UNITS,
  isZero,
  sub,
} from '@custody/money';
import type { StoredAnswer } from '@custody/persistence';
import { insufficientBalance, type Movement } from '../ledger/ledger.rules';
import type { WithdrawalAttemptRow, WithdrawalRow } from '../schema';
import type { MovementRow } from '../transactions/transactions.repository';

/**
 * The rules of a withdrawal, with no I/O (docs/decisions/ledger-and-money-movement.md): what a new
 * one must be, the state machine, and what each move books. Creating one holds the amount
 * (available drops, balance stays); `confirmed` debits the hold (wallet → external, network fee →
 * fees); `failed` and `cancelled` release it. The repository reads and writes; the service decides
 * with these.
 */

/** The state machine (docs/decisions/ledger-and-money-movement.md, "Withdrawals"). */
export const NEXT: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  // Only its approval's outcome moves it (`WithdrawalsService.settleApproval`), never an admin.
  pending_approval: [],
  prepared: ['broadcast', 'failed', 'cancelled'],
  broadcast: ['confirmed', 'failed'],
  confirmed: [],
  failed: [],
  cancelled: [],
};

/** 409 illegal_transition unless the state machine leads from `from` to `to`. */
export function assertTransition(from: WithdrawalStatus, to: WithdrawalStatus): void {
  if (!NEXT[from].includes(to)) {
    throw Errors.conflict(`A ${from} withdrawal cannot become ${to}.`, 'illegal_transition');
  }
}

/** 409 chain_managed for a withdrawal the chain adapter sends: it reports the outcome itself. */
export function assertNotChainManaged(w: Pick<WithdrawalRow, 'network'>): void {
  if (w.network !== null) {
    throw Errors.conflict(
      'The chain adapter is sending this withdrawal; it reports the outcome itself.',
      'chain_managed',
    );
  }
}

/** 400 unless `value` has at most the asset's decimals and fits a chain account. */
function checkPrecision(value: string, decimals: number, path: string): void {
  if (decimalPlaces(value) > decimals) {
    throw Errors.validation([
      { path, message: `At most ${decimals} decimal places for this asset` },
    ]);
  }
  if (!fitsBaseUnits(value, decimals))
    throw Errors.validation([{ path, message: TOO_MANY_BASE_UNITS }]);
}

/**
 * A new withdrawal against its wallet's asset: the wallet's asset, an address of the asset's
 * chain, an amount within the asset's decimals. Async only for the address checksum (no I/O).
 */
export async function checkNewWithdrawal(
  input: Pick<NewWithdrawal, 'assetId' | 'receiverAddress' | 'amount'>,
  asset: Pick<CatalogAsset, 'id' | 'chain' | 'decimals'>,
): Promise<void> {
  if (input.assetId !== asset.id) {
    throw Errors.validation([{ path: 'body.assetId', message: `The wallet holds ${asset.id}` }]);
  }
  if (!(await isValidAddress(asset.chain, input.receiverAddress))) {
    throw Errors.validation([
      { path: 'body.receiverAddress', message: `Not a valid ${asset.chain} address` },
    ]);
  }
  if (input.amount !== undefined) checkPrecision(input.amount, asset.decimals, 'body.amount');
}

/**
 * The amount to hold: the requested one or, without one, the whole available balance
 * (extension). 400 insufficient_balance when it is zero or above the available balance.
 */
export function amountToHold(requested: string | undefined, available: string): string {
  const amount = requested ?? available;
  if (isZero(amount) || compare(available, amount) < 0) throw insufficientBalance({ available });
  return amount;
}

/** A move along the state machine, as the admin endpoint or the chain adapter asks it. */
export interface WithdrawalMove {
  status: WithdrawalStatus;
  blockchainTransactionId?: string;
  fee?: string;
  /** Settles as the chain did (see `planSettlement`). */
  onChain?: boolean;
  failureReason?: string;
}

/**
 * Checks a move of `current`: the state machine allows it, and a broadcast names its transaction.
 * Returns the transaction hash and the fee the withdrawal carries afterwards.
 */
export function checkMove(
  current: Pick<WithdrawalRow, 'status' | 'blockchainTransactionId' | 'fee'>,
  change: WithdrawalMove,
): { txHash: string | null; fee: string } {
  assertTransition(current.status, change.status);
  const txHash = change.blockchainTransactionId ?? current.blockchainTransactionId;
  if (change.status === 'broadcast' && !txHash) {
    throw Errors.validation([
      { path: 'body.blockchainTransactionId', message: 'Required to broadcast' },
    ]);
  }
  return { txHash, fee: change.fee ?? current.fee };
}

/** What a move books on the ledger. */
export type Settlement =
  | { kind: 'none' }
  /** The hold goes back to the available balance. */
  | { kind: 'release' }
  /** The manual adapter's debit: the receiver gets amount − fee (`debitEntry`). */
  | { kind: 'debit' }
  /** The chain's debit: `sent` left and the wallet also paid the fee (`chainDebitMovements`). */
  | { kind: 'chainDebit'; sent: string };

/**
 * What a checked move books, with the fee it carries (`checkMove`). `onChain` settles as the chain
 * did: the receiver got the whole amount and the wallet also pays the network fee (from the
 * hold's fee reserve); without it the fee comes out of the amount, so it cannot exceed it.
 */
export function planSettlement(
  current: Pick<WithdrawalRow, 'amount'>,
  change: Pick<WithdrawalMove, 'status' | 'onChain'>,
  fee: string,
  decimals: number,
): Settlement {
  checkPrecision(fee, decimals, 'body.fee');
  const releases = change.status === 'failed' || change.status === 'cancelled';
  if (change.onChain) {
    if (change.status === 'confirmed') return { kind: 'chainDebit', sent: current.amount };
    // A transaction mined but reverted still paid its fee.
    if (change.status === 'failed' && !isZero(fee)) return { kind: 'chainDebit', sent: '0' };
    return releases ? { kind: 'release' } : { kind: 'none' };
  }
  if (compare(fee, current.amount) > 0)
    throw Errors.validation([{ path: 'body.fee', message: 'The fee cannot exceed the amount' }]);
  if (change.status === 'confirmed') return { kind: 'debit' };
  return releases ? { kind: 'release' } : { kind: 'none' };
}

/** The asset's system accounts a debit credits. */
export interface SystemAccounts {
  external: string;
  fees: string;
}

/** A captured hold: its wallet account and the amount it held (amount + any fee reserve). */
export interface CapturedHold {
  accountId: string;
  amount: string;
}

/**
 * The manual debit: the whole amount leaves the hold's account, the receiver gets amount − fee
 * and the network fee goes to the fees account (a zero leg is left out).
 */
export function debitEntry(
  w: Pick<WithdrawalRow, 'amount'>,
  holdAccountId: string,
  fee: string,
  system: SystemAccounts,
): { sent: string; movements: Movement[] } {
  const sent = sub(w.amount, fee);
  return {
    sent,
    movements: [
      { accountId: holdAccountId, amount: `-${w.amount}`, fromHold: true },
      ...(isZero(sent) ? [] : [{ accountId: system.external, amount: sent }]),
      ...(isZero(fee) ? [] : [{ accountId: system.fees, amount: fee }]),
    ],
  };
}

/**
 * The part of a captured hold (amount + fee reserve) the chain did not use, which returns to the
 * wallet's available balance: held − (sent + fee). 500 when the fee is above its reserve.
 */
export function chainRefund(held: string, sent: string, fee: string): string {
  const refund = sub(held, add(sent, fee));
  if (compare(refund, '0') < 0) throw Errors.internal(new Error('network fee above its reserve'));
  return refund;
}

/**
 * The chain's version of the debit: the hold (amount + fee reserve) is captured, `sent` leaves
 * to the outside world, the real network fee goes to the fees account, and the unused reserve
 * (`chainRefund`) returns to the wallet's available balance.
 */
export function chainDebitMovements(
  hold: CapturedHold,
  sent: string,
  fee: string,
  refund: string,
  system: SystemAccounts,
): Movement[] {
  return [
    { accountId: hold.accountId, amount: `-${hold.amount}`, fromHold: true },
    ...(isZero(refund) ? [] : [{ accountId: hold.accountId, amount: refund }]),
    ...(isZero(sent) ? [] : [{ accountId: system.external, amount: sent }]),
    ...(isZero(fee) ? [] : [{ accountId: system.fees, amount: fee }]),
  ];
}

/** The read-model rows of a settled withdrawal: what left, and the network fee. */
export function debitRows(
  w: WithdrawalRow,
  wallet: { address: string; balance: string },
  sent: string,
  fee: string,
  txHash: string | null,
): MovementRow[] {
  const self = {
    walletId: w.walletId,
    address: wallet.address,
    walletBalance: wallet.balance,
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
    walletBalanceAfter: wallet.balance,
    sender: self,
    txHash,
  };
  return [
    ...(isZero(sent)
      ? []
      : [
          {
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
            ...common,
            type: 'fee' as const,
            movementSubtype: 'fee' as const,
            amount: fee,
            receiver: { address: 'network-fee' },
          },
        ]),
  ];
}

/** The contract's Withdrawal: the row, its asset's symbol and its movements' ids. */
export function withdrawalView(
  row: WithdrawalRow,
  symbol: string,
  transactionIds: string[],
  attempts?: readonly WithdrawalAttemptRow[],
): WithdrawalView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    transactions: transactionIds,
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
    ...(row.signedTxId ? { signedTxId: row.signedTxId } : {}),
    ...(row.approvalId ? { approvalId: row.approvalId } : {}),
    ...(attempts && attempts.length > 0 ? { attempts: attempts.map(attemptView) } : {}),
  };
}

/** Every status, each once (a status added to the contract and not here fails to compile). */
const STATUSES: { [S in WithdrawalStatus]: S } = {
  pending_approval: 'pending_approval',
  prepared: 'prepared',
  broadcast: 'broadcast',
  confirmed: 'confirmed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/**
 * A withdrawal's view as an Idempotency-Key's stored answer reads it back: each field it must
 * have checked; the optional ones pass as they were stored (a field this omits is kept, not
 * dropped).
 */
export const withdrawalAnswer = z.looseObject({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  transactions: z.array(z.string()),
  amount: z.string(),
  fee: z.string(),
  userId: z.string(),
  walletId: z.string(),
  receiverAddress: z.string(),
  asset: z.string(),
  assetId: z.string(),
  blockchainTransactionId: z.string().nullable(),
  status: z.enum(STATUSES),
}) satisfies StoredAnswer<WithdrawalView>;

function attemptView(a: WithdrawalAttemptRow): WithdrawalAttemptView {
  return {
    hash: a.hash,
    kind: a.kind,
    nonce: a.nonce,
    maxFeePerGas: a.maxFeePerGas,
    maxPriorityFeePerGas: a.maxPriorityFeePerGas,
    status: a.status,
    createdAt: a.createdAt.toISOString(),
  };
}
