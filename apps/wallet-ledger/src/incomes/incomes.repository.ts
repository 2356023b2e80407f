import { and, asc, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { IncomeStatus, ListQuery } from '@custody/contracts';
import { type Executor, listClauses, one, selectPage, type Page } from '@custody/persistence';
import { type IncomeRow, incomes, type WalletRow, wallets } from '../schema';

/**
 * The incomes' SQL. The credit's journal entry is ledger.repository.ts; the rules
 * (incomes.rules.ts) decide what to write. A wallet-scoped read takes the scope that
 * `walletScope` built for the caller.
 */

/** A wallet that is not deleted, any tenant (the admin reports deposits). */
export async function findLiveWallet(
  db: Executor,
  walletId: string,
): Promise<WalletRow | undefined> {
  const [found] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, walletId), sql`${wallets.deletedAt} IS NULL`));
  return found;
}

/** The wallet a confirmed income credits: its address, and whether it was deleted meanwhile. */
export async function walletToCredit(
  db: Executor,
  walletId: string,
): Promise<{ address: string; deletedAt: Date | null } | undefined> {
  const [wallet] = await db
    .select({ address: wallets.address, deletedAt: wallets.deletedAt })
    .from(wallets)
    .where(eq(wallets.id, walletId));
  return wallet;
}

/** A reported income; a second report of the same deposit fails with 23505 (unique). */
export async function insertIncome(
  db: Executor,
  row: typeof incomes.$inferInsert,
): Promise<IncomeRow> {
  return one(await db.insert(incomes).values(row).returning());
}

/**
 * A deposit seen on chain, keyed by its chain event (network, transaction, the log's position in
 * its receipt): the inserted row, or the row already recorded for that event (a rescan, or the
 * transaction re-mined in another block), for the caller to compare.
 */
export async function insertChainIncome(
  db: Executor,
  row: typeof incomes.$inferInsert & { network: string; logPosition: number },
): Promise<{ inserted: IncomeRow } | { existing: IncomeRow }> {
  // A token deposit recorded before positions were, under the block-wide log index it had.
  const [legacy] = await db
    .select()
    .from(incomes)
    .where(
      and(
        eq(incomes.network, row.network),
        eq(incomes.blockchainTransactionId, row.blockchainTransactionId),
        sql`${incomes.logPosition} IS NULL`,
        eq(incomes.logIndex, row.logIndex ?? -1),
      ),
    );
  if (legacy) return { existing: legacy };
  const [inserted] = await db.insert(incomes).values(row).onConflictDoNothing().returning();
  if (inserted) return { inserted };
  const [existing] = await db
    .select()
    .from(incomes)
    .where(
      and(
        eq(incomes.network, row.network),
        eq(incomes.blockchainTransactionId, row.blockchainTransactionId),
        eq(incomes.logPosition, row.logPosition),
      ),
    );
  if (!existing)
    throw new Error(`income ${row.blockchainTransactionId} neither inserted nor found`);
  return { existing };
}

/**
 * Confirmed chain deposits of `network` in blocks above `afterBlock` (a reorg may still reach
 * them), not flagged yet, oldest block first: the watcher compares their blocks with the chain's.
 */
export async function confirmedWithinReach(
  db: Executor,
  network: string,
  afterBlock: number,
  limit: number,
): Promise<IncomeRow[]> {
  return db
    .select()
    .from(incomes)
    .where(
      and(
        eq(incomes.network, network),
        eq(incomes.status, 'confirmed'),
        isNull(incomes.reorgedAt),
        gt(incomes.blockNumber, afterBlock),
      ),
    )
    .orderBy(asc(incomes.blockNumber))
    .limit(limit);
}

/**
 * Pending chain deposits of `network` in blocks up to `deepEnough` (as deep as confirmation
 * asks), oldest block first: the watcher confirms or re-checks them.
 */
export async function pendingChainIncomes(
  db: Executor,
  network: string,
  deepEnough: number,
  limit: number,
): Promise<IncomeRow[]> {
  return db
    .select()
    .from(incomes)
    .where(
      and(
        eq(incomes.network, network),
        eq(incomes.status, 'pending'),
        lte(incomes.blockNumber, deepEnough),
      ),
    )
    .orderBy(incomes.blockNumber)
    .limit(limit);
}

/** Flags a confirmed deposit reorged off the chain, with the hold that keeps its credit. */
export async function markIncomeReorged(
  db: Executor,
  id: string,
  hold: { holdId: string | null; held: string },
): Promise<IncomeRow> {
  return one(
    await db
      .update(incomes)
      .set({
        reorgedAt: new Date(),
        reorgHoldId: hold.holdId,
        reorgHeld: hold.held,
        updatedAt: new Date(),
      })
      .where(eq(incomes.id, id))
      .returning(),
  );
}

export async function markReorgResolved(
  db: Executor,
  id: string,
  resolution: 'reversed' | 'released',
): Promise<IncomeRow> {
  return one(
    await db
      .update(incomes)
      .set({ reorgResolution: resolution, reorgResolvedAt: new Date(), updatedAt: new Date() })
      .where(eq(incomes.id, id))
      .returning(),
  );
}

/** A deposit's transaction, re-mined in another block: its confirmations count from there. */
export async function moveIncomeToBlock(
  db: Executor,
  id: string,
  blockNumber: number,
  blockHash: string,
): Promise<void> {
  await db.update(incomes).set({ blockNumber, blockHash }).where(eq(incomes.id, id));
}

export async function setIncomeFailureReason(
  db: Executor,
  id: string,
  failureReason: string,
): Promise<void> {
  await db.update(incomes).set({ failureReason }).where(eq(incomes.id, id));
}

/** The income, locked (FOR UPDATE) for the settlement that follows. */
export async function lockIncome(db: Executor, id: string): Promise<IncomeRow | undefined> {
  const [income] = await db.select().from(incomes).where(eq(incomes.id, id)).for('update');
  return income;
}

export async function setIncomeStatus(
  db: Executor,
  id: string,
  status: IncomeStatus,
): Promise<IncomeRow | undefined> {
  const [updated] = await db
    .update(incomes)
    .set({ status, updatedAt: new Date() })
    .where(eq(incomes.id, id))
    .returning();
  return updated;
}

/**
 * One page of the incomes in `scope`. The status filter is compared as the text it is (the
 * gateway allows the statuses only; another one matches no row).
 */
export async function listIncomes(
  db: Executor,
  scope: SQL | undefined,
  list: ListQuery,
  status: IncomeStatus | undefined,
): Promise<Page<IncomeRow>> {
  const clauses = listClauses(
    list,
    {
      sortable: { createdAt: incomes.createdAt, amount: incomes.amount },
      createdAt: incomes.createdAt,
      id: incomes.id,
    },
    [scope, status !== undefined ? eq(incomes.status, status) : undefined],
  );
  return selectPage(db, incomes, clauses);
}

export async function findIncome(
  db: Executor,
  scope: SQL | undefined,
  id: string,
): Promise<IncomeRow | undefined> {
  const [row] = await db
    .select()
    .from(incomes)
    .where(and(scope, eq(incomes.id, id)));
  return row;
}
