import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import { compare, sub } from '@custody/money';
import type { Executor } from '@custody/persistence';
import {
  type AccountState,
  type EntryInput,
  type EntryPlan,
  insufficientBalance,
  planEntry,
} from './ledger.rules';

/**
 * Locks accounts in id order — every movement takes its locks in the same order, so concurrent
 * movements wait for each other but never deadlock.
 */
export async function lockAccounts(
  tx: Executor,
  ids: string[],
): Promise<Map<string, AccountState>> {
  const sorted = [...new Set(ids)].sort();
  const result = await tx.execute(
    sql`SELECT id, kind, asset_id, wallet_id, balance::text AS balance, available_balance::text AS available_balance
          FROM ledger.accounts WHERE id = ANY(${sql.param(sorted)}::uuid[]) ORDER BY id FOR UPDATE`,
  );
  const rows = result.rows as {
    id: string;
    kind: AccountState['kind'];
    asset_id: string;
    wallet_id: string | null;
    balance: string;
    available_balance: string;
  }[];
  if (rows.length !== sorted.length) throw Errors.internal(new Error('ledger account missing'));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.kind,
        assetId: r.asset_id,
        walletId: r.wallet_id,
        balance: r.balance,
        availableBalance: r.available_balance,
      },
    ]),
  );
}

/**
 * The writes of planned entries as three statements to put in one WITH: the journal entries,
 * their postings, and each touched account's final state (`finals`: one state per account, the
 * last one; an UPDATE … FROM must not name a row twice). Rows travel as one array per column, so
 * the text is the same for any number of entries (prepared once, see `prepared`). The postings'
 * references to their entry and account are checked at the end of the statement, when both
 * exist (migration 0010).
 */
export function entryWrites(
  plans: EntryPlan[],
  finals: AccountState[],
): { entries: SQL; postings: SQL; balances: SQL } {
  const postings = plans.flatMap((p) =>
    p.postings.map((posting) => ({ entryId: p.entryId, posting })),
  );
  return {
    entries: sql`INSERT INTO ledger.journal_entries (id, operation_type, operation_id, asset_id)
          SELECT * FROM unnest(${sql.param(plans.map((p) => p.entryId))}::uuid[],
            ${sql.param(plans.map((p) => p.entry.operationType))}::text[],
            ${sql.param(plans.map((p) => p.entry.operationId))}::uuid[],
            ${sql.param(plans.map((p) => p.entry.assetId))}::text[])`,
    // unnest keeps the array order: postings get their ids in movement order.
    postings: sql`INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after)
          SELECT * FROM unnest(${sql.param(postings.map((p) => p.entryId))}::uuid[],
            ${sql.param(postings.map((p) => p.posting.accountId))}::uuid[],
            ${sql.param(postings.map((p) => p.posting.amount))}::numeric[],
            ${sql.param(postings.map((p) => p.posting.balanceAfter))}::numeric[])`,
    balances: sql`UPDATE ledger.accounts AS a SET balance = v.balance, available_balance = v.available, updated_at = now()
          FROM unnest(${sql.param(finals.map((a) => a.id))}::uuid[],
            ${sql.param(finals.map((a) => a.balance))}::numeric[],
            ${sql.param(finals.map((a) => a.availableBalance))}::numeric[]) AS v(id, balance, available)
         WHERE a.id = v.id`,
  };
}

/**
 * Posts one journal entry (see `planEntry` for the checks): the entry, its postings and the new
 * balances in one statement, one round trip instead of three (round trips are what a movement
 * costs here, docs/performance.md). Returns every touched account's state afterwards.
 */
export async function postEntry(
  tx: Executor,
  entry: EntryInput,
  locked?: Map<string, AccountState>,
): Promise<Map<string, AccountState>> {
  const accounts =
    locked ??
    (await lockAccounts(
      tx,
      entry.movements.map((m) => m.accountId),
    ));
  const plan = planEntry(entry, accounts);
  const writes = entryWrites([plan], [...plan.after.values()]);
  await tx.execute(
    sql`WITH entry AS (${writes.entries}), posted AS (${writes.postings}) ${writes.balances}`,
  );
  return plan.after;
}

/** Sets an amount aside on a wallet account (a pending withdrawal): available drops, balance stays. */
export async function placeHold(
  tx: Executor,
  accountId: string,
  amount: string,
  operationId: string,
): Promise<string> {
  const [account] = [...(await lockAccounts(tx, [accountId])).values()];
  if (!account || compare(account.availableBalance, amount) < 0)
    throw insufficientBalance({ available: account?.availableBalance });
  const holdId = uuidv7();
  await tx.execute(
    sql`INSERT INTO ledger.holds (id, account_id, amount, operation_id) VALUES (${holdId}, ${accountId}, ${amount}::numeric, ${operationId})`,
  );
  await tx.execute(
    sql`UPDATE ledger.accounts SET available_balance = ${sub(account.availableBalance, amount)}::numeric, updated_at = now() WHERE id = ${accountId}`,
  );
  return holdId;
}

/**
 * Adds to an open hold (a withdrawal's network-fee reserve): available drops by `extra`, refused
 * with insufficient_balance when the account cannot cover it.
 */
export async function extendHold(tx: Executor, holdId: string, extra: string): Promise<void> {
  const found = await tx.execute(
    sql`SELECT account_id FROM ledger.holds WHERE id = ${holdId} AND status = 'open'`,
  );
  const hold = found.rows[0] as { account_id: string } | undefined;
  if (!hold) throw Errors.conflict('The hold is no longer open.', 'hold_not_open');
  const [account] = [...(await lockAccounts(tx, [hold.account_id])).values()];
  if (!account || compare(account.availableBalance, extra) < 0)
    throw insufficientBalance({ available: account?.availableBalance });
  await tx.execute(
    sql`UPDATE ledger.holds SET amount = amount + ${extra}::numeric, updated_at = now() WHERE id = ${holdId}`,
  );
  await tx.execute(
    sql`UPDATE ledger.accounts SET available_balance = ${sub(account.availableBalance, extra)}::numeric, updated_at = now() WHERE id = ${hold.account_id}`,
  );
}

/** Gives a held amount back to the available balance (withdrawal failed or cancelled). */
export async function releaseHold(tx: Executor, holdId: string): Promise<void> {
  const result = await tx.execute(
    sql`UPDATE ledger.holds SET status = 'released', updated_at = now() WHERE id = ${holdId} AND status = 'open'
        RETURNING account_id, amount::text AS amount`,
  );
  const hold = result.rows[0] as { account_id: string; amount: string } | undefined;
  if (!hold) return;
  await lockAccounts(tx, [hold.account_id]);
  await tx.execute(
    sql`UPDATE ledger.accounts SET available_balance = available_balance + ${hold.amount}::numeric, updated_at = now() WHERE id = ${hold.account_id}`,
  );
}

/** Marks a hold as consumed by the entry that debits it (the entry uses `fromHold`). */
export async function captureHold(
  tx: Executor,
  holdId: string,
): Promise<{ accountId: string; amount: string }> {
  const result = await tx.execute(
    sql`UPDATE ledger.holds SET status = 'captured', updated_at = now() WHERE id = ${holdId} AND status = 'open'
        RETURNING account_id, amount::text AS amount`,
  );
  const hold = result.rows[0] as { account_id: string; amount: string } | undefined;
  if (!hold) throw Errors.conflict('The hold is no longer open.', 'hold_not_open');
  return { accountId: hold.account_id, amount: hold.amount };
}

/**
 * The asset's system accounts (external, treasury, fees), created the first time the ledger meets
 * the asset: the catalog lives in trading, so new assets arrive without a migration here.
 */
export async function ensureSystemAccounts(tx: Executor, assetId: string): Promise<void> {
  await tx.execute(
    sql`INSERT INTO ledger.accounts (id, asset_id, kind, balance, available_balance)
        SELECT gen_random_uuid(), ${assetId}, k.kind, 0, 0
          FROM (VALUES ('external'), ('treasury'), ('fees')) AS k(kind)
        ON CONFLICT (asset_id, kind) WHERE kind <> 'wallet' DO NOTHING`,
  );
}

export async function systemAccountId(
  tx: Executor,
  assetId: string,
  kind: 'external' | 'treasury' | 'fees',
): Promise<string> {
  const find = async () =>
    (
      await tx.execute(
        sql`SELECT id FROM ledger.accounts WHERE asset_id = ${assetId} AND kind = ${kind}`,
      )
    ).rows[0] as { id: string } | undefined;
  let row = await find();
  if (!row) {
    await ensureSystemAccounts(tx, assetId);
    row = await find();
  }
  if (!row) throw Errors.internal(new Error(`no ${kind} account for ${assetId}`));
  return row.id;
}
