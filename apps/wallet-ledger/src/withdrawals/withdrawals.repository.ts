import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ListQuery } from '@custody/contracts';
import { type Executor, listClauses, one, type Page, selectPage } from '@custody/persistence';
import { transactions, type WithdrawalRow, type WithdrawalStatus, withdrawals } from '../schema';

/**
 * The withdrawals' SQL. The ledger's own writes (holds, entries) are ledger.repository.ts, the
 * attempts at a nonce attempts.repository.ts; the rules (withdrawals.rules.ts) decide what to
 * write, and only the withdrawals module's use-cases write. A wallet-scoped read takes the scope
 * that `walletScope` built for the caller.
 */

/** The unique index that books a blockchain transaction on one withdrawal (migration 0036). */
export const TX_ONCE_INDEX = 'withdrawals_tx_once_idx';

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

/**
 * The withdrawal, locked (FOR UPDATE SKIP LOCKED): undefined while another transaction holds it
 * (the chain adapter's steps leave it to the next poll rather than wait).
 */
export async function lockWithdrawalIfFree(
  db: Executor,
  id: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.id, id))
    .for('update', { skipLocked: true });
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

/** `prepared` withdrawals of the assets, oldest first: what the chain adapter sends next. */
export async function preparedToSend(
  db: Executor,
  assetIds: string[],
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'prepared'), inArray(withdrawals.assetId, assetIds)))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(limit);
}

/** `broadcast` withdrawals the chain adapter signed and sent on `network`, oldest first. */
export async function broadcastBySender(
  db: Executor,
  network: string,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'broadcast'),
        eq(withdrawals.network, network),
        isNotNull(withdrawals.rawTx),
      ),
    )
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit);
}

/**
 * `broadcast` holds of raw signed transactions (sign-tx: a client sends them) on `network`, by id
 * after `afterId`: a page at a time, since they may wait without end.
 */
export async function broadcastByClients(
  db: Executor,
  network: string,
  afterId: string,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'broadcast'),
        eq(withdrawals.network, network),
        isNull(withdrawals.rawTx),
        gt(withdrawals.id, afterId),
      ),
    )
    .orderBy(asc(withdrawals.id))
    .limit(limit);
}

/** What the chain adapter reserved for a withdrawal's transaction, stored before it is signed. */
export interface ChainReservation {
  network: string;
  fromAddress: string;
  chainNonce: number;
  feeReserve: string;
  gasLimit: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  feeCap: string;
}

export async function storeReservation(
  db: Executor,
  id: string,
  reservation: ChainReservation,
): Promise<WithdrawalRow> {
  return one(
    await db
      .update(withdrawals)
      .set({ ...reservation, updatedAt: new Date() })
      .where(eq(withdrawals.id, id))
      .returning(),
  );
}

/** The signed transaction and its hash, stored before anything is sent. */
export async function storeSignedTransaction(
  db: Executor,
  id: string,
  signed: { rawTx: string; hash: string },
): Promise<WithdrawalRow> {
  return one(
    await db
      .update(withdrawals)
      .set({ rawTx: signed.rawTx, blockchainTransactionId: signed.hash, updatedAt: new Date() })
      .where(eq(withdrawals.id, id))
      .returning(),
  );
}

/** The network whose adapter took the withdrawal (an admin may no longer move it). */
export async function setNetwork(db: Executor, id: string, network: string): Promise<void> {
  await db.update(withdrawals).set({ network }).where(eq(withdrawals.id, id));
}

/** The fee reserve the withdrawal's hold carries now. */
export async function setFeeReserve(db: Executor, id: string, feeReserve: string): Promise<void> {
  await db
    .update(withdrawals)
    .set({ feeReserve, updatedAt: new Date() })
    .where(eq(withdrawals.id, id));
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

/**
 * The approvals of withdrawals still waiting for their outcome, in id order after `after`, at most
 * `limit` (the approval outcomes' sweep, docs/decisions/sweeps.md; a partial index of its own).
 */
export async function waitingApprovals(
  db: Executor,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ approvalId: withdrawals.approvalId })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'pending_approval'), gt(withdrawals.approvalId, after)))
    .orderBy(asc(withdrawals.approvalId))
    .limit(limit);
  return rows.flatMap((row) => (row.approvalId ? [row.approvalId] : []));
}
