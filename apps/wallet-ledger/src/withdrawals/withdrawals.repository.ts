import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ListQuery } from '@custody/contracts';
import { type Executor, listClauses, one, type Page, selectPage } from '@custody/persistence';
import {
  transactions,
  wallets,
  type WithdrawalAttemptRow,
  withdrawalAttempts,
  type WithdrawalRow,
  type WithdrawalStatus,
  withdrawals,
} from '../schema';

/**
 * The withdrawals' SQL. The ledger's own writes (holds, entries) are ledger.repository.ts; the
 * rules (withdrawals.rules.ts) decide what to write. A wallet-scoped read takes the scope that
 * `walletScope` built for the caller.
 */

/** The address of the withdrawal's wallet, for its read-model rows. */
export async function walletAddress(db: Executor, walletId: string): Promise<string | undefined> {
  const [wallet] = await db
    .select({ address: wallets.address })
    .from(wallets)
    .where(eq(wallets.id, walletId));
  return wallet?.address;
}

export async function insertWithdrawal(
  db: Executor,
  row: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  return one(await db.insert(withdrawals).values(row).returning());
}

/** The withdrawal, locked (FOR UPDATE) for the move that follows. */
export async function lockWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

/** The withdrawal after a move: its status, transaction, fee and any reason it failed. */
export async function updateWithdrawal(
  db: Executor,
  id: string,
  change: {
    status: WithdrawalStatus;
    blockchainTransactionId: string | null;
    fee: string;
    failureReason?: string;
  },
): Promise<WithdrawalRow> {
  return one(
    await db
      .update(withdrawals)
      .set({
        status: change.status,
        blockchainTransactionId: change.blockchainTransactionId,
        fee: change.fee,
        ...(change.failureReason ? { failureReason: change.failureReason } : {}),
        updatedAt: new Date(),
      })
      .where(eq(withdrawals.id, id))
      .returning(),
  );
}

/** The ids of a withdrawal's movements in the transactions read model. */
export async function movementIds(
  db: Executor,
  w: Pick<WithdrawalRow, 'id' | 'walletId'>,
): Promise<string[]> {
  return (await movementIdsOf(db, [w])).get(w.id) ?? [];
}

/**
 * The ids of each withdrawal's movements (by withdrawal id), in one query for a page of them: a
 * query per withdrawal made a page of 1,000 cost 1,000 round trips.
 */
export async function movementIdsOf(
  db: Executor,
  rows: readonly Pick<WithdrawalRow, 'id' | 'walletId'>[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (rows.length === 0) return found;
  const movements = await db
    .select({
      id: transactions.id,
      operationId: transactions.operationId,
      walletId: transactions.walletId,
    })
    .from(transactions)
    .where(
      inArray(
        transactions.operationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(transactions.id));
  const walletOf = new Map(rows.map((r) => [r.id, r.walletId]));
  for (const m of movements) {
    // A withdrawal's own wallet's movements only (its operation id is the withdrawal's).
    if (walletOf.get(m.operationId) !== m.walletId) continue;
    const ids = found.get(m.operationId);
    if (ids) ids.push(m.id);
    else found.set(m.operationId, [m.id]);
  }
  return found;
}

/**
 * One page of the withdrawals in `scope`. The status filter is compared as the text it is (the
 * gateway allows the statuses only; another one matches no row).
 */
export async function listWithdrawals(
  db: Executor,
  scope: SQL | undefined,
  list: ListQuery,
  status: WithdrawalStatus | undefined,
): Promise<Page<WithdrawalRow>> {
  const clauses = listClauses(
    list,
    {
      sortable: { createdAt: withdrawals.createdAt, amount: withdrawals.amount },
      createdAt: withdrawals.createdAt,
      id: withdrawals.id,
      externalReference: withdrawals.externalReference,
    },
    [scope, status !== undefined ? eq(withdrawals.status, status) : undefined],
  );
  return selectPage(db, withdrawals, clauses);
}

export async function findWithdrawal(
  db: Executor,
  scope: SQL | undefined,
  id: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(scope, eq(withdrawals.id, id)));
  return row;
}

/** Withdrawals' transactions at their nonces (speed-ups, cancels), oldest first. */
export async function attemptsOf(
  db: Executor,
  withdrawalIds: string[],
): Promise<WithdrawalAttemptRow[]> {
  if (withdrawalIds.length === 0) return [];
  return db
    .select()
    .from(withdrawalAttempts)
    .where(inArray(withdrawalAttempts.withdrawalId, withdrawalIds))
    .orderBy(asc(withdrawalAttempts.createdAt));
}

/** The attempt mined at a withdrawal's nonce, and every other one replaced by it. */
export async function settleAttempts(
  db: Executor,
  withdrawalId: string,
  minedHash: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE ledger.withdrawal_attempts
           SET status = CASE WHEN hash = ${minedHash} THEN 'mined' ELSE 'replaced' END
         WHERE withdrawal_id = ${withdrawalId}`,
  );
}

/** Withdrawals of one status and asset on their way to the chain, for metrics. */
export interface InFlightWithdrawals {
  status: 'prepared' | 'broadcast';
  assetId: string;
  count: number;
  /**
   * Seconds the oldest has waited: `prepared` since it last changed (created, approved, its
   * nonce reserved), `broadcast` since its first transaction was sent.
   */
  oldestSeconds: number;
  /**
   * `broadcast`: the longest any has waited since its latest transaction (speed-ups restart it);
   * `prepared`: as `oldestSeconds`.
   */
  lastTransactionSeconds: number;
  /** `broadcast`: the most replacement transactions (speed-ups, cancels) one of them has. */
  replacementsMax: number;
}

/**
 * The withdrawals `prepared` or `broadcast`, by status and asset: a read of their partial index
 * (`withdrawals_chain_idx`) and, for those broadcast, of their attempts by withdrawal.
 */
export async function inFlightWithdrawals(db: Executor): Promise<InFlightWithdrawals[]> {
  const result = await db.execute(
    sql`SELECT w.status, w.asset_id AS "assetId", count(*)::int AS count,
               extract(epoch FROM now() - min(coalesce(a.first_sent, w.updated_at)))::float8
                 AS "oldestSeconds",
               extract(epoch FROM now() - min(coalesce(a.last_sent, w.updated_at)))::float8
                 AS "lastTransactionSeconds",
               coalesce(max(a.sent - 1), 0)::int AS "replacementsMax"
          FROM ledger.withdrawals w
          LEFT JOIN LATERAL (
                SELECT min(created_at) AS first_sent, max(created_at) AS last_sent, count(*) AS sent
                  FROM ledger.withdrawal_attempts
                 WHERE withdrawal_id = w.id AND w.status = 'broadcast'
                HAVING count(*) > 0) a ON true
         WHERE w.status IN ('prepared', 'broadcast')
         GROUP BY w.status, w.asset_id`,
  );
  return (result.rows as unknown as InFlightWithdrawals[]).map((row) => ({
    ...row,
    oldestSeconds: Math.max(0, row.oldestSeconds),
    lastTransactionSeconds: Math.max(0, row.lastTransactionSeconds),
  }));
}

/**
 * Sending addresses, by network, whose reserved nonces have a gap the chain cannot pass: a nonce
 * between those of their withdrawals in flight that none of them holds, or one reserved above
 * them (`chain_nonces`) that none holds. Either leaves every later transaction of the address
 * unmined. Reads the withdrawals in flight only (their partial index) and one counter row each.
 */
export async function nonceGaps(db: Executor): Promise<{ network: string; gaps: number }[]> {
  const result = await db.execute(
    sql`SELECT f.network, count(*)::int AS gaps
          FROM (SELECT network, from_address, min(chain_nonce) AS lo, max(chain_nonce) AS hi,
                       count(DISTINCT chain_nonce) AS held
                  FROM ledger.withdrawals
                 WHERE status IN ('prepared', 'broadcast') AND chain_nonce IS NOT NULL
                   AND network IS NOT NULL AND from_address IS NOT NULL
                 GROUP BY network, from_address) f
          JOIN ledger.chain_nonces n ON n.network = f.network AND n.address = f.from_address
         WHERE f.held < f.hi - f.lo + 1 OR n.next_nonce > f.hi + 1
         GROUP BY f.network`,
  );
  return result.rows as unknown as { network: string; gaps: number }[];
}
