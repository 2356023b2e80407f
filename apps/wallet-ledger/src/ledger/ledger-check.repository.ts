import type pg from 'pg';
import { LEDGER_CHECK_MAX_ROWS, type LedgerViolation } from '@custody/contracts';
import type { CheckedAccount, FreshPosting } from './ledger-check.rules';

/** The check in progress, as `ledger.check_runs` keeps it between calls. */
export interface CheckRun {
  startedAt: Date;
  afterAccount: string | null;
  accountsChecked: number;
  postingsChecked: number;
  /** Every account walked: the run walks the transfer legs next. */
  accountsComplete: boolean;
  afterLeg: string | null;
  legsChecked: number;
  violations: LedgerViolation[];
  completedAt: Date | null;
}

type Client = pg.ClientBase;

export async function readRun(client: Client): Promise<CheckRun | undefined> {
  const { rows } = await client.query<{
    started_at: Date;
    after_account: string | null;
    accounts_checked: number;
    postings_checked: string;
    accounts_complete: boolean;
    after_leg: string | null;
    legs_checked: string;
    violations: LedgerViolation[];
    completed_at: Date | null;
  }>('SELECT * FROM ledger.check_runs WHERE id = 1');
  const row = rows[0];
  return row
    ? {
        startedAt: row.started_at,
        afterAccount: row.after_account,
        accountsChecked: row.accounts_checked,
        postingsChecked: Number(row.postings_checked),
        accountsComplete: row.accounts_complete,
        afterLeg: row.after_leg,
        legsChecked: Number(row.legs_checked),
        violations: row.violations,
        completedAt: row.completed_at,
      }
    : undefined;
}

export async function saveRun(client: Client, run: CheckRun): Promise<void> {
  await client.query(
    `INSERT INTO ledger.check_runs (id, started_at, after_account, accounts_checked,
       postings_checked, violations, completed_at, accounts_complete, after_leg, legs_checked)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE SET started_at = $1, after_account = $2, accounts_checked = $3,
       postings_checked = $4, violations = $5, completed_at = $6, accounts_complete = $7,
       after_leg = $8, legs_checked = $9`,
    [
      run.startedAt,
      run.afterAccount,
      run.accountsChecked,
      run.postingsChecked,
      JSON.stringify(run.violations),
      run.completedAt,
      run.accountsComplete,
      run.afterLeg,
      run.legsChecked,
    ],
  );
}

/** The next accounts in id order, with their checkpoints. */
export async function accountsAfter(
  client: Client,
  after: string | null,
  limit: number,
): Promise<CheckedAccount[]> {
  const { rows } = await client.query<CheckedAccount>(
    `SELECT a.id, a.balance::text AS balance, coalesce(c.balance, 0)::text AS base,
            coalesce(c.through_posting_id, 0)::text AS through
       FROM ledger.accounts a LEFT JOIN ledger.account_checks c ON c.account_id = a.id
      WHERE $1::uuid IS NULL OR a.id > $1::uuid
      ORDER BY a.id LIMIT $2`,
    [after, limit],
  );
  return rows;
}

/**
 * The postings of these accounts after their checkpoints, at most `limit` per account, in
 * account order then id order (each account's read through postings_account_idx).
 */
export async function freshPostings(
  client: Client,
  accounts: CheckedAccount[],
  limit: number,
): Promise<FreshPosting[]> {
  if (accounts.length === 0) return [];
  const { rows } = await client.query<FreshPosting>(
    `SELECT p.id::text AS id, c.account_id AS "accountId", p.entry_id AS "entryId",
            p.amount::text AS amount, p.balance_after::text AS "balanceAfter"
       FROM unnest($1::uuid[], $2::bigint[]) WITH ORDINALITY AS c(account_id, through, n)
       CROSS JOIN LATERAL (
         SELECT id, entry_id, amount, balance_after FROM ledger.postings
          WHERE account_id = c.account_id AND id > c.through ORDER BY id LIMIT $3) AS p
      ORDER BY c.n, p.id`,
    [accounts.map((a) => a.id), accounts.map((a) => a.through), limit],
  );
  return rows;
}

export async function saveCheckpoints(
  client: Client,
  advanced: { accountId: string; through: string; balance: string }[],
): Promise<void> {
  if (advanced.length === 0) return;
  await client.query(
    `INSERT INTO ledger.account_checks (account_id, through_posting_id, balance)
     SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::numeric[])
     ON CONFLICT (account_id) DO UPDATE SET through_posting_id = excluded.through_posting_id,
       balance = excluded.balance, checked_at = now()`,
    [
      advanced.map((a) => a.accountId),
      advanced.map((a) => a.through),
      advanced.map((a) => a.balance),
    ],
  );
}

const limit = `LIMIT ${LEDGER_CHECK_MAX_ROWS}`;

/** The entries of these postings whose postings (all of them) do not sum to zero. */
export async function unbalancedEntries(
  client: Client,
  entryIds: string[],
): Promise<Record<string, unknown>[]> {
  if (entryIds.length === 0) return [];
  const { rows } = await client.query(
    `SELECT entry_id, sum(amount)::text AS total FROM ledger.postings
      WHERE entry_id = ANY($1::uuid[]) GROUP BY entry_id HAVING sum(amount) <> 0 ${limit}`,
    [entryIds],
  );
  return rows;
}

/** Of these postings, those whose journal entry does not exist. */
export async function postingsWithoutEntry(
  client: Client,
  postings: { id: string; entryId: string }[],
): Promise<Record<string, unknown>[]> {
  if (postings.length === 0) return [];
  const { rows } = await client.query(
    `SELECT p.id AS posting_id, p.entry_id
       FROM unnest($1::text[], $2::uuid[]) AS p(id, entry_id)
      WHERE NOT EXISTS (SELECT 1 FROM ledger.journal_entries e WHERE e.id = p.entry_id) ${limit}`,
    [postings.map((p) => p.id), postings.map((p) => p.entryId)],
  );
  return rows;
}

/** Of these accounts, wallets with a negative balance or available balance. */
export async function negativeWallets(
  client: Client,
  accountIds: string[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await client.query(
    `SELECT id AS account_id, balance::text AS balance, available_balance::text AS available
       FROM ledger.accounts
      WHERE id = ANY($1::uuid[]) AND kind = 'wallet' AND (balance < 0 OR available_balance < 0)
      ${limit}`,
    [accountIds],
  );
  return rows;
}

/** Of these accounts, wallets whose available balance is not their balance less open holds. */
export async function availableNotHolds(
  client: Client,
  accountIds: string[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await client.query(
    `SELECT a.id AS account_id, a.balance::text AS balance, a.available_balance::text AS available,
            coalesce(sum(h.amount), 0)::text AS held
       FROM ledger.accounts a
       LEFT JOIN ledger.holds h ON h.account_id = a.id AND h.status = 'open'
      WHERE a.id = ANY($1::uuid[]) AND a.kind = 'wallet'
      GROUP BY a.id HAVING a.available_balance <> a.balance - coalesce(sum(h.amount), 0) ${limit}`,
    [accountIds],
  );
  return rows;
}

/** Assets whose accounts' balances do not sum to zero (one pass over the accounts). */
export async function assetSumsNotZero(client: Client): Promise<Record<string, unknown>[]> {
  const { rows } = await client.query(
    `SELECT asset_id, sum(balance)::text AS total FROM ledger.accounts
      GROUP BY asset_id HAVING sum(balance) <> 0 ${limit}`,
  );
  return rows;
}

/**
 * Postings that name an account that does not exist, among the account ids after `after` up to
 * `through` (each end open when null): the distinct account ids of the postings in that range,
 * read by skipping through postings_account_idx (one probe per account, not per posting), so a
 * run covers the id space in the ranges of its accounts' steps.
 */
export async function postingsWithoutAccount(
  client: Client,
  after: string | null,
  through: string | null,
): Promise<Record<string, unknown>[]> {
  const { rows } = await client.query(
    `WITH RECURSIVE named(account_id) AS (
       (SELECT account_id FROM ledger.postings
         WHERE ($1::uuid IS NULL OR account_id > $1::uuid)
           AND ($2::uuid IS NULL OR account_id <= $2::uuid)
         ORDER BY account_id LIMIT 1)
       UNION ALL
       SELECT (SELECT p.account_id FROM ledger.postings p WHERE p.account_id > named.account_id
                AND ($2::uuid IS NULL OR p.account_id <= $2::uuid) ORDER BY p.account_id LIMIT 1)
         FROM named WHERE named.account_id IS NOT NULL)
     SELECT (SELECT min(p.id) FROM ledger.postings p WHERE p.account_id = n.account_id)::text
              AS posting_id, n.account_id
       FROM named n
      WHERE n.account_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ledger.accounts a WHERE a.id = n.account_id) ${limit}`,
    [after, through],
  );
  return rows;
}

/**
 * The next `count` transfer legs after `after` in id order: how many there were, the last one's
 * id, and those whose transfer does not exist (each a probe of the transfers' primary key).
 */
export async function legsWithoutTransfer(
  client: Client,
  after: string | null,
  count: number,
): Promise<{ checked: number; last: string | null; orphans: Record<string, unknown>[] }> {
  const { rows } = await client.query<{
    checked: number;
    last: string | null;
    orphans: Record<string, unknown>[];
  }>(
    `WITH chunk AS (
       SELECT id, transfer_id FROM ledger.transfer_legs WHERE $1::uuid IS NULL OR id > $1::uuid
        ORDER BY id LIMIT $2)
     SELECT (SELECT count(*) FROM chunk)::int AS checked,
            (SELECT chunk.id::text FROM chunk ORDER BY chunk.id DESC LIMIT 1) AS last,
            coalesce((SELECT json_agg(o) FROM (
              SELECT c.id::text AS leg_id, c.transfer_id FROM chunk c
               WHERE NOT EXISTS (SELECT 1 FROM ledger.transfers t WHERE t.id = c.transfer_id)
               ORDER BY c.id ${limit}) o), '[]') AS orphans`,
    [after, count],
  );
  const row = rows[0];
  return { checked: row?.checked ?? 0, last: row?.last ?? null, orphans: row?.orphans ?? [] };
}

export async function countAccounts(client: Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger.accounts',
  );
  return rows[0]?.n ?? 0;
}
