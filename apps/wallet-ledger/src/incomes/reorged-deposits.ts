import {
  EVENTS,
  type AuthContext,
  type IncomeReorgResolution,
  type IncomeView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  type Database,
  enqueueEvent,
  type IdempotencyKey,
  isUuid,
  runIdempotent,
  type Transaction,
} from '@custody/persistence';
import { isZero } from '@custody/money';
import { requireAdmin } from '@custody/tenancy';
import {
  captureHold,
  lockAccounts,
  placeHold,
  postEntry,
  releaseHold,
  systemAccountId,
} from '../ledger/ledger.repository';
import type { IncomeRow } from '../schema';
import { recordMovements } from '../transactions/transactions.repository';
import { walletAccountId } from '../wallets/wallets.repository';
import * as repo from './incomes.repository';
import {
  assertReorgResolvable,
  canFlagReorged,
  incomeAnswer,
  incomeView,
  reorgHoldAmount,
  reversalMovements,
  reversalRow,
} from './incomes.rules';

const SCHEMA = 'ledger';

/**
 * A confirmed deposit whose transaction a reorg took off the chain (the watcher found it, in the
 * caller's transaction with the income locked): it stays `confirmed`, flagged, and a hold keeps
 * what the wallet still has of its credit (at most the amount) from leaving; the rest left before
 * the reorg was seen and shows as a reconciliation delta. `income.is-reorged` tells the tenant.
 * Undefined when it is no longer a confirmed, unflagged deposit.
 */
export async function flagReorgedDeposit(
  tx: Transaction,
  income: IncomeRow,
): Promise<IncomeView | undefined> {
  if (!canFlagReorged(income)) return undefined;
  const accountId = await walletAccountId(tx, income.walletId);
  if (!accountId) throw Errors.internal(new Error('income wallet has no account'));
  const [account] = [...(await lockAccounts(tx, [accountId])).values()];
  const held = reorgHoldAmount(income.amount, account?.availableBalance ?? '0');
  const holdId = isZero(held) ? null : await placeHold(tx, accountId, held, income.id);
  const row = await repo.markIncomeReorged(tx, income.id, { holdId, held });
  const view = incomeView(row);
  await enqueueEvent(tx, SCHEMA, {
    name: EVENTS.incomeReorged,
    tenantId: row.tenantId,
    data: view,
  });
  return view;
}

/**
 * An admin's resolution of a reorged deposit, once: `reversed` takes the held part of the credit
 * back (wallet → external, with its movement), `released` lets the deposit stand (the hold goes;
 * the transaction was mined again, or the house accepts the loss). `income.is-resolved`.
 */
export async function resolveReorgedDeposit(
  db: Database,
  auth: AuthContext | undefined,
  id: string,
  resolution: IncomeReorgResolution,
  idempotency?: IdempotencyKey,
): Promise<IncomeView> {
  requireAdmin(auth);
  return runIdempotent(db, SCHEMA, idempotency, incomeAnswer, async (tx) => {
    if (!isUuid(id)) throw Errors.notFound('income');
    const income = await repo.lockIncome(tx, id);
    if (!income) throw Errors.notFound('income');
    assertReorgResolvable(income, resolution);
    if (resolution === 'released') {
      if (income.reorgHoldId) await releaseHold(tx, income.reorgHoldId);
    } else if (income.reorgHoldId) {
      await reverseHeldCredit(tx, income, income.reorgHoldId);
    }
    const view = incomeView(await repo.markReorgResolved(tx, income.id, resolution));
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.incomeResolved,
      tenantId: income.tenantId,
      data: view,
    });
    return view;
  });
}

async function reverseHeldCredit(tx: Transaction, income: IncomeRow, holdId: string) {
  const { accountId, amount: held } = await captureHold(tx, holdId);
  const external = await systemAccountId(tx, income.assetId, 'external');
  const after = await postEntry(tx, {
    operationType: 'income',
    operationId: income.id,
    assetId: income.assetId,
    movements: reversalMovements(held, external, accountId),
  });
  const wallet = await repo.walletToCredit(tx, income.walletId);
  if (!wallet) throw Errors.internal(new Error('income wallet not found'));
  const balance = after.get(accountId)?.balance ?? '0';
  await recordMovements(tx, [reversalRow(income, held, { address: wallet.address, balance })]);
}
