import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { ListQuery } from '@custody/contracts';
import {
  type Executor,
  expiredRows,
  listClauses,
  type Page,
  type RetentionRule,
  selectPage,
} from '@custody/persistence';
import {
  type ReconciliationDeltaRow,
  reconciliationDeltas,
  type ReconciliationRunRow,
  reconciliationRuns,
  withdrawalAttempts,
  withdrawals,
} from '../schema';
import type { CustodyAddress, PendingDeposit } from './reconciliation.rules';

/** A custody address with where its booked sum now stands (the checkpoint a run stores). */
export interface SnapshotAddress extends CustodyAddress {
  accountId: string;
  /** The last posting walked, as text (bigint); null: the account has none yet. */
  postingId: string | null;
}

/** What a run reads of the ledger, in one REPEATABLE READ snapshot. */
export interface LedgerSnapshot {
  /** The deposit scan's last block (null before its first poll). */
  cursor: number | null;
  addresses: SnapshotAddress[];
  treasury: Map<string, string>;
  pending: PendingDeposit[];
  /** Withdrawals of the network's assets the ledger has not settled (prepared or broadcast). */
  unsettled: string[];
}

type Row = Record<string, unknown>;

async function rows<T>(db: Executor, statement: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(statement)).rows as T[];
}

/**
 * The ledger's side of a run, to be read inside one REPEATABLE READ transaction: every wallet of
 * the network's assets with its balance and the sum of its deposit and withdrawal postings (from
 * its checkpoint on: only the postings after it are read, through (account_id, id)), the
 * treasuries, the pending deposits and the unsettled withdrawals.
 */
export async function readSnapshot(
  db: Executor,
  network: string,
  assetIds: readonly string[],
): Promise<LedgerSnapshot> {
  const assets = sql.param([...assetIds]);
  const [cursor] = await rows<{ block: string }>(
    db,
    sql`SELECT block_number::text AS block FROM ledger.chain_cursors WHERE network = ${network}`,
  );
  const addresses = await rows<Row>(
    db,
    sql`SELECT w.id AS wallet_id, w.asset_id, w.address, a.id AS account_id,
               a.balance::text AS liability,
               (coalesce(c.booked, 0) + coalesce(n.booked, 0))::text AS booked,
               coalesce(n.last_id, c.posting_id)::text AS posting_id
          FROM ledger.wallets w
          JOIN ledger.accounts a ON a.wallet_id = w.id AND a.kind = 'wallet'
          LEFT JOIN ledger.reconciliation_accounts c ON c.account_id = a.id
          LEFT JOIN LATERAL (
            SELECT max(p.id) AS last_id,
                   sum(p.amount) FILTER (WHERE e.operation_type IN ('income', 'withdrawal')) AS booked
              FROM ledger.postings p
              JOIN ledger.journal_entries e ON e.id = p.entry_id
             WHERE p.account_id = a.id AND p.id > coalesce(c.posting_id, 0)
          ) n ON TRUE
         WHERE w.asset_id = ANY(${assets}::text[])`,
  );
  const treasury = await rows<{ asset_id: string; balance: string }>(
    db,
    sql`SELECT asset_id, balance::text AS balance FROM ledger.accounts
         WHERE kind = 'treasury' AND asset_id = ANY(${assets}::text[])`,
  );
  const pending = await rows<{ wallet_id: string; amount: string; block_number: string | null }>(
    db,
    sql`SELECT wallet_id, amount::text AS amount, block_number::text AS block_number
          FROM ledger.incomes
         WHERE status = 'pending' AND asset_id = ANY(${assets}::text[])`,
  );
  const unsettled = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM ledger.withdrawals
         WHERE status IN ('prepared', 'broadcast') AND asset_id = ANY(${assets}::text[])`,
  );
  return {
    cursor: cursor ? Number(cursor.block) : null,
    addresses: addresses.map((r) => ({
      walletId: r['wallet_id'] as string,
      assetId: r['asset_id'] as string,
      address: r['address'] as string,
      accountId: r['account_id'] as string,
      liability: r['liability'] as string,
      booked: r['booked'] as string,
      postingId: (r['posting_id'] as string | null) ?? null,
    })),
    treasury: new Map(treasury.map((t) => [t.asset_id, t.balance])),
    pending: pending.map((p) => ({
      walletId: p.wallet_id,
      amount: p.amount,
      blockNumber: p.block_number === null ? null : Number(p.block_number),
    })),
    unsettled: unsettled.map((w) => w.id),
  };
}

/** A withdrawal's transactions as they stand now: the hash it holds and every attempt's. */
export interface SentWithdrawal {
  id: string;
  walletId: string;
  assetId: string;
  fromAddress: string | null;
  hashes: string[];
}

/** The transactions sent so far for these withdrawals (read after the chain's head). */
export async function sentTransactions(
  db: Executor,
  ids: readonly string[],
): Promise<SentWithdrawal[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({
      id: withdrawals.id,
      walletId: withdrawals.walletId,
      assetId: withdrawals.assetId,
      fromAddress: withdrawals.fromAddress,
      hash: withdrawals.blockchainTransactionId,
    })
    .from(withdrawals)
    .where(inArray(withdrawals.id, [...ids]));
  const attempts = await db
    .select({ withdrawalId: withdrawalAttempts.withdrawalId, hash: withdrawalAttempts.hash })
    .from(withdrawalAttempts)
    .where(inArray(withdrawalAttempts.withdrawalId, [...ids]));
  return found.map((w) => ({
    id: w.id,
    walletId: w.walletId,
    assetId: w.assetId,
    fromAddress: w.fromAddress,
    hashes: [
      ...new Set(
        [w.hash, ...attempts.filter((a) => a.withdrawalId === w.id).map((a) => a.hash)].filter(
          (h): h is string => typeof h === 'string' && /^0x[0-9a-fA-F]{64}$/.test(h),
        ),
      ),
    ],
  }));
}

/** The last run (of any network: one per deployment today). */
export async function lastRun(db: Executor): Promise<ReconciliationRunRow | undefined> {
  const [run] = await db
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.checkedAt), desc(reconciliationRuns.id))
    .limit(1);
  return run;
}

/** A run with its deltas, and the checkpoints of the booked sums it walked to. */
export async function saveRun(
  tx: Executor,
  run: ReconciliationRunRow,
  deltas: ReconciliationDeltaRow[],
  checkpoints: { accountId: string; postingId: string; booked: string }[],
): Promise<void> {
  await tx.insert(reconciliationRuns).values(run);
  if (deltas.length > 0) await tx.insert(reconciliationDeltas).values(deltas);
  if (checkpoints.length === 0) return;
  // A checkpoint only moves forward (a slower run that read an older snapshot keeps the newer).
  await tx.execute(
    sql`INSERT INTO ledger.reconciliation_accounts AS c (account_id, posting_id, booked)
        SELECT * FROM unnest(${sql.param(checkpoints.map((c) => c.accountId))}::uuid[],
                             ${sql.param(checkpoints.map((c) => c.postingId))}::bigint[],
                             ${sql.param(checkpoints.map((c) => c.booked))}::numeric[])
        ON CONFLICT (account_id) DO UPDATE SET posting_id = excluded.posting_id, booked = excluded.booked
        WHERE excluded.posting_id > c.posting_id`,
  );
}

/** A page of one run's deltas. */
export async function deltasPage(
  db: Executor,
  runId: string,
  list: ListQuery,
  filters: { assetId?: string },
): Promise<Page<ReconciliationDeltaRow>> {
  const clauses = listClauses(
    list,
    {
      sortable: {
        address: reconciliationDeltas.address,
        assetId: reconciliationDeltas.assetId,
        createdAt: reconciliationDeltas.createdAt,
      },
      createdAt: reconciliationDeltas.createdAt,
      id: reconciliationDeltas.id,
    },
    [
      and(
        eq(reconciliationDeltas.runId, runId),
        filters.assetId ? eq(reconciliationDeltas.assetId, filters.assetId) : undefined,
      ),
    ],
  );
  return selectPage(db, reconciliationDeltas, clauses);
}

/**
 * Runs older than the window are forgotten with their deltas; the last run stays whatever its
 * age (the adapter may have stopped).
 */
export function reconciliationRetention(days: number): RetentionRule {
  return expiredRows({
    name: 'reconciliation_runs',
    table: 'ledger.reconciliation_runs',
    expired: `checked_at < now() - interval '${Math.trunc(days)} days'
      AND checked_at < (SELECT max(checked_at) FROM ledger.reconciliation_runs)`,
    order: 'checked_at',
  });
}

const LOCK = `hashtext('ledger.reconciliation')`;

/** One run at a time across replicas: a session lock, or false when another run holds it. */
export async function tryLockRuns(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_lock(${LOCK}) AS locked`,
  );
  return rows[0]?.locked === true;
}

export async function unlockRuns(client: pg.ClientBase): Promise<void> {
  await client.query(`SELECT pg_advisory_unlock(${LOCK})`);
}
