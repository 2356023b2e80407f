import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import { add, compare, isZero, sum } from '@custody/money';

/**
 * The double-entry rules, with no I/O: a journal entry's movements sum to zero in one asset, and
 * a wallet account never goes below zero, in balance or in available balance. The repository
 * (ledger.repository.ts) locks the accounts, asks `planEntry`, and writes what it planned.
 */

export interface Movement {
  accountId: string;
  /** Signed: negative debits, positive credits. */
  amount: string;
  /** A debit that consumes an open hold leaves the available balance as the hold left it. */
  fromHold?: boolean;
}

export interface EntryInput {
  operationType: 'transfer' | 'withdrawal' | 'income' | 'purchase';
  operationId: string;
  assetId: string;
  movements: Movement[];
}

export interface AccountState {
  id: string;
  kind: 'wallet' | 'external' | 'treasury' | 'fees';
  assetId: string;
  walletId: string | null;
  balance: string;
  availableBalance: string;
}

export function insufficientBalance(detail?: Record<string, unknown>) {
  return Errors.badRequest(
    'Not enough available balance.',
    'insufficient_balance',
    detail ? { details: detail } : {},
  );
}

/** One journal entry checked against the accounts' state, ready to be written. */
export interface EntryPlan {
  entry: EntryInput;
  entryId: string;
  /** Each posting with the account's running balance after it, in movement order. */
  postings: { accountId: string; amount: string; balanceAfter: string }[];
  /** Every touched account's state after the entry. */
  after: Map<string, AccountState>;
}

/**
 * Checks one journal entry against the accounts' state (movements sum to zero, same asset, a
 * wallet account never below zero, balance or available) and computes its postings and the
 * accounts' states after it. Writes nothing; throws 400 insufficient_balance.
 */
export function planEntry(entry: EntryInput, accounts: Map<string, AccountState>): EntryPlan {
  if (entry.movements.length < 2) throw Errors.internal(new Error('an entry needs two postings'));
  if (!isZero(sum(entry.movements.map((m) => m.amount)))) {
    throw Errors.internal(new Error('journal entry does not balance'));
  }
  const after = new Map<string, AccountState>();
  const postings: EntryPlan['postings'] = [];
  for (const movement of entry.movements) {
    const current = after.get(movement.accountId) ?? accounts.get(movement.accountId);
    if (!current) throw Errors.internal(new Error('movement on an account that is not locked'));
    if (current.assetId !== entry.assetId)
      throw Errors.internal(new Error('movement in another asset'));
    const next: AccountState = {
      ...{},
      ...current,
      balance: add(current.balance, movement.amount),
      availableBalance: movement.fromHold
        ? current.availableBalance
        : add(current.availableBalance, movement.amount),
    };
    if (
      next.kind === 'wallet' &&
      (compare(next.balance, '0') < 0 || compare(next.availableBalance, '0') < 0)
    ) {
      throw insufficientBalance({ walletId: next.walletId, available: current.availableBalance });
    }
    after.set(movement.accountId, next);
    postings.push({
      accountId: movement.accountId,
      amount: movement.amount,
      balanceAfter: next.balance,
    });
  }
  return { entry, entryId: uuidv7(), postings, after };
}
