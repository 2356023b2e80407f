import { z } from 'zod';
import type { IncomeReorgResolution, IncomeStatus, IncomeView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { compare, decimalPlaces, fitsBaseUnits, isZero, TOO_MANY_BASE_UNITS } from '@custody/money';
import type { StoredAnswer } from '@custody/persistence';
import type { Movement } from '../ledger/ledger.rules';
import type { IncomeRow } from '../schema';
import type { MovementRow } from '../transactions/transactions.repository';

/**
 * The rules of a deposit, with no I/O (docs/decisions/ledger-and-money-movement.md): recorded
 * `pending` with an amount within its asset's decimals, credited (external → wallet) exactly once
 * when `confirmed`, never credited when `failed`; a settled income moves no more. The repository
 * reads and writes; the service decides with these.
 */

/** 400 unless the amount has at most the asset's decimals and fits a chain account. */
export function checkIncomeAmount(amount: string, decimals: number): void {
  if (decimalPlaces(amount) > decimals) {
    throw Errors.validation([
      {
        path: 'body.amount',
        message: `At most ${decimals} decimal places for this asset`,
      },
    ]);
  }
  if (!fitsBaseUnits(amount, decimals))
    throw Errors.validation([{ path: 'body.amount', message: TOO_MANY_BASE_UNITS }]);
}

/** pending → confirmed or pending → failed; anything else is 409 illegal_transition. */
export function assertIncomeTransition(from: IncomeStatus, to: 'confirmed' | 'failed'): void {
  if (from !== 'pending') {
    throw Errors.conflict(`An income in status ${from} cannot become ${to}.`, 'illegal_transition');
  }
}

/** The credit of a confirmed income: external → the wallet's account, the whole amount. */
export function creditMovements(
  income: Pick<IncomeRow, 'amount'>,
  externalAccountId: string,
  walletAccountId: string,
): Movement[] {
  return [
    { accountId: externalAccountId, amount: `-${income.amount}` },
    { accountId: walletAccountId, amount: income.amount },
  ];
}

/**
 * What a hold keeps of a reorged deposit's credit: the whole amount when the wallet still has it
 * available, else what it has (the rest left already: the house's loss, a reconciliation delta).
 */
export function reorgHoldAmount(amount: string, available: string): string {
  if (compare(available, '0') <= 0) return '0';
  return compare(available, amount) < 0 ? available : amount;
}

/** Only a confirmed deposit still on chain can be found reorged (once). */
export function canFlagReorged(income: Pick<IncomeRow, 'status' | 'reorgedAt'>): boolean {
  return income.status === 'confirmed' && income.reorgedAt === null;
}

/** A reorged deposit is resolved once; anything else is 409 illegal_transition. */
export function assertReorgResolvable(
  income: Pick<IncomeRow, 'reorgedAt' | 'reorgResolution'>,
  resolution: IncomeReorgResolution,
): void {
  if (income.reorgedAt === null)
    throw Errors.conflict(
      `Only a deposit reorged off the chain can be ${resolution}; this one was not.`,
      'illegal_transition',
    );
  if (income.reorgResolution !== null)
    throw Errors.conflict(
      `This reorged deposit was ${income.reorgResolution} already.`,
      'illegal_transition',
    );
}

/** The reversal of a reorged deposit: the held part of its credit, wallet → external. */
export function reversalMovements(
  held: string,
  externalAccountId: string,
  walletAccountId: string,
): Movement[] {
  if (isZero(held)) return [];
  return [
    { accountId: walletAccountId, amount: `-${held}`, fromHold: true },
    { accountId: externalAccountId, amount: held },
  ];
}

/** The read-model row of a reversal: the held part leaves the wallet, back to the chain's side. */
export function reversalRow(
  income: IncomeRow,
  held: string,
  wallet: { address: string; balance: string },
): MovementRow {
  return {
    ...depositRow(income, wallet),
    movement: 'out',
    movementSubtype: 'reversal',
    amount: held,
    sender: {
      walletId: income.walletId,
      address: wallet.address,
      walletBalance: wallet.balance,
      userId: income.userId,
    },
    receiver: { address: income.senderAddress },
  };
}

/** The read-model row of a credited income, with the wallet's balance after it. */
export function depositRow(
  income: IncomeRow,
  wallet: { address: string; balance: string },
): MovementRow {
  return {
    tenantId: income.tenantId,
    userId: income.userId,
    walletId: income.walletId,
    assetId: income.assetId,
    operationId: income.id,
    type: 'deposit',
    movement: 'in',
    movementSubtype: 'external',
    status: 'confirmed',
    amount: income.amount,
    walletBalanceAfter: wallet.balance,
    sender: { address: income.senderAddress },
    receiver: {
      walletId: income.walletId,
      address: wallet.address,
      walletBalance: wallet.balance,
      userId: income.userId,
    },
    txHash: income.blockchainTransactionId,
  };
}

/** The contract's Income. */
export function incomeView(row: IncomeRow): IncomeView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    walletId: row.walletId,
    assetId: row.assetId,
    amount: row.amount,
    blockchainTransactionId: row.blockchainTransactionId,
    senderAddress: row.senderAddress,
    status: row.status,
    transactionTimestamp: row.transactionTimestamp.toISOString(),
    ...(row.rateId ? { rateId: row.rateId } : {}),
    ...(row.reorgedAt
      ? {
          reorged: true as const,
          reorg: {
            detectedAt: row.reorgedAt.toISOString(),
            held: row.reorgHeld ?? '0',
            ...(row.reorgResolution ? { resolution: row.reorgResolution } : {}),
            ...(row.reorgResolvedAt ? { resolvedAt: row.reorgResolvedAt.toISOString() } : {}),
          },
        }
      : {}),
  };
}

/** Every status, each once (a status added to the contract and not here fails to compile). */
const STATUSES: { [S in IncomeStatus]: S } = {
  pending: 'pending',
  confirmed: 'confirmed',
  failed: 'failed',
};

/**
 * An income's view as an Idempotency-Key's stored answer reads it back: each field it must have
 * checked; the optional ones (the rate, the reorg) pass as they were stored.
 */
export const incomeAnswer = z.looseObject({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: z.string(),
  walletId: z.string(),
  assetId: z.string(),
  amount: z.string(),
  blockchainTransactionId: z.string(),
  senderAddress: z.string(),
  status: z.enum(STATUSES),
  transactionTimestamp: z.string(),
}) satisfies StoredAnswer<IncomeView>;
