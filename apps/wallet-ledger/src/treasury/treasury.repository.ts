import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '@custody/persistence';
import { type TreasuryLimitChangeRow, treasuryLimitChanges, treasuryLimits } from '../schema';

/** The treasuries' SQL: their balances (ledger.accounts) and the limits an admin set. */

export interface TreasuryRow {
  assetId: string;
  balance: string;
  maxShort: string | null;
  updatedAt: Date | null;
}

/** The most the house may owe in the asset; null: no bound. */
export async function maxShortOf(db: Executor, assetId: string): Promise<string | null> {
  const [row] = await db
    .select({ maxShort: treasuryLimits.maxShort })
    .from(treasuryLimits)
    .where(eq(treasuryLimits.assetId, assetId));
  return row?.maxShort ?? null;
}

/** Sets the asset's bound, or lifts it (null). */
export async function setMaxShort(
  db: Executor,
  assetId: string,
  maxShort: string | null,
): Promise<void> {
  if (maxShort === null) {
    await db.delete(treasuryLimits).where(eq(treasuryLimits.assetId, assetId));
    return;
  }
  await db
    .insert(treasuryLimits)
    .values({ assetId, maxShort })
    .onConflictDoUpdate({
      target: treasuryLimits.assetId,
      set: { maxShort, updatedAt: new Date() },
    });
}

/** The treasury balance and bound of each of `assetIds` (an asset never traded: balance 0). */
export async function treasuries(db: Executor, assetIds: string[]): Promise<TreasuryRow[]> {
  const result = await db.execute(
    sql`SELECT ids.asset_id, coalesce(a.balance, 0)::text AS balance,
               l.max_short::text AS max_short, l.updated_at
          FROM unnest(${sql.param(assetIds)}::text[]) AS ids(asset_id)
          LEFT JOIN ledger.accounts a ON a.asset_id = ids.asset_id AND a.kind = 'treasury'
          LEFT JOIN ledger.treasury_limits l ON l.asset_id = ids.asset_id
         ORDER BY ids.asset_id`,
  );
  return (
    result.rows as {
      asset_id: string;
      balance: string;
      max_short: string | null;
      updated_at: Date | string | null;
    }[]
  ).map((r) => ({
    assetId: r.asset_id,
    balance: r.balance,
    maxShort: r.max_short,
    updatedAt: r.updated_at === null ? null : new Date(r.updated_at),
  }));
}

/** A change of a bound, kept until it applies (at once, or at its approval's quorum). */
export async function insertLimitChange(
  db: Executor,
  row: typeof treasuryLimitChanges.$inferInsert,
): Promise<void> {
  await db.insert(treasuryLimitChanges).values(row);
}

export async function setChangeApproval(
  db: Executor,
  id: string,
  approvalId: string,
): Promise<void> {
  await db
    .update(treasuryLimitChanges)
    .set({ approvalId, updatedAt: new Date() })
    .where(eq(treasuryLimitChanges.id, id));
}

export async function lockLimitChange(
  db: Executor,
  id: string,
): Promise<TreasuryLimitChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(treasuryLimitChanges)
    .where(eq(treasuryLimitChanges.id, id))
    .for('update');
  return row;
}

export async function endLimitChange(
  db: Executor,
  id: string,
  status: Exclude<TreasuryLimitChangeRow['status'], 'pending'>,
): Promise<void> {
  await db
    .update(treasuryLimitChanges)
    .set({ status, updatedAt: new Date() })
    .where(eq(treasuryLimitChanges.id, id));
}

/**
 * The approvals of held changes of the treasury's bound still waiting for their outcome, in id order after `after`, at most
 * `limit` (the approval outcomes' sweep, docs/decisions/sweeps.md; a partial index of its own).
 */
export async function waitingApprovals(
  db: Executor,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ approvalId: treasuryLimitChanges.approvalId })
    .from(treasuryLimitChanges)
    .where(
      and(eq(treasuryLimitChanges.status, 'pending'), gt(treasuryLimitChanges.approvalId, after)),
    )
    .orderBy(asc(treasuryLimitChanges.approvalId))
    .limit(limit);
  return rows.flatMap((row) => (row.approvalId ? [row.approvalId] : []));
}
