import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@custody/persistence';
import { type GasTopupRow, gasTopups } from '../schema';

/**
 * The chain adapter's own state: the deposit scan's cursor per network
 * (`ledger.chain_cursors`), the next nonce per sending address (`ledger.chain_nonces`) and the
 * gas station's top-ups (`ledger.gas_topups`). Withdrawals, their attempts and deposits are
 * their modules' (withdrawals.repository.ts, attempts.repository.ts, incomes.repository.ts).
 */

/** How far the deposit scan of `network` got; undefined before its first poll. */
export async function readCursor(db: Executor, network: string): Promise<number | undefined> {
  const { rows } = await db.execute<{ block: number }>(
    sql`SELECT block_number::int AS block FROM ledger.chain_cursors WHERE network = ${network}`,
  );
  return rows[0]?.block;
}

export async function saveCursor(db: Executor, network: string, block: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO ledger.chain_cursors (network, block_number) VALUES (${network}, ${block})
        ON CONFLICT (network) DO UPDATE SET block_number = excluded.block_number, updated_at = now()`,
  );
}

/**
 * The stored next nonce of an address, locked (FOR UPDATE) until the caller's transaction ends;
 * an address the books never sent from gets its counter at 0 (gone again if the caller's
 * transaction rolls back). Concurrent first uses wait for each other on the counter's key.
 */
export async function lockNextNonce(
  tx: Executor,
  network: string,
  address: string,
): Promise<number> {
  await tx.execute(
    sql`INSERT INTO ledger.chain_nonces (network, address, next_nonce) VALUES (${network}, ${address}, 0)
        ON CONFLICT DO NOTHING`,
  );
  const { rows } = await tx.execute<{ next: number }>(
    sql`SELECT next_nonce::int AS next FROM ledger.chain_nonces WHERE network = ${network} AND address = ${address} FOR UPDATE`,
  );
  const found = rows[0];
  if (!found) throw new Error(`nonce counter of ${address} on ${network} not stored`);
  return found.next;
}

/** Sets the next nonce of an address whose row the caller locked (`lockNextNonce`). */
export async function setNextNonce(
  tx: Executor,
  network: string,
  address: string,
  next: number,
): Promise<void> {
  await tx.execute(
    sql`UPDATE ledger.chain_nonces SET next_nonce = ${next} WHERE network = ${network} AND address = ${address}`,
  );
}

/** Moves the next nonce of an address up to `atLeast` (never down), creating it if needed. */
export async function raiseNextNonce(
  tx: Executor,
  network: string,
  address: string,
  atLeast: number,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO ledger.chain_nonces (network, address, next_nonce) VALUES (${network}, ${address}, ${atLeast})
        ON CONFLICT (network, address) DO UPDATE SET next_nonce = GREATEST(ledger.chain_nonces.next_nonce, EXCLUDED.next_nonce)`,
  );
}

/** The gas top-up of a token withdrawal, if one was reserved. */
export async function findTopUp(
  db: Executor,
  withdrawalId: string,
): Promise<GasTopupRow | undefined> {
  const [found] = await db.select().from(gasTopups).where(eq(gasTopups.withdrawalId, withdrawalId));
  return found;
}

/** A reserved top-up (its nonce taken); undefined when the withdrawal has one already. */
export async function insertTopUp(
  tx: Executor,
  row: typeof gasTopups.$inferInsert,
): Promise<GasTopupRow | undefined> {
  const [inserted] = await tx.insert(gasTopups).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The signed top-up and its hash, stored once before it is sent. */
export async function storeSignedTopUp(
  db: Executor,
  withdrawalId: string,
  signed: { rawTx: string; hash: string },
): Promise<void> {
  await db
    .update(gasTopups)
    .set({ rawTx: signed.rawTx, hash: signed.hash })
    .where(and(eq(gasTopups.withdrawalId, withdrawalId), isNull(gasTopups.rawTx)));
}
