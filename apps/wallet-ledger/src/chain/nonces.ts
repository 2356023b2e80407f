import { sql } from 'drizzle-orm';
import type { Transaction } from '@custody/persistence';

/**
 * The next nonce of a sending address, under a row lock held until the caller's transaction
 * commits: concurrent withdrawals from one address get distinct, gapless nonces, and the counter
 * survives restarts. `chainCount` (the node's pending transaction count) moves it forward when
 * the address sent something we did not.
 */
export async function takeNonce(
  tx: Transaction,
  network: string,
  address: string,
  chainCount: number,
): Promise<number> {
  await tx.execute(
    sql`INSERT INTO ledger.chain_nonces (network, address, next_nonce) VALUES (${network}, ${address}, ${chainCount})
        ON CONFLICT DO NOTHING`,
  );
  const found = await tx.execute(
    sql`SELECT next_nonce::int AS next FROM ledger.chain_nonces WHERE network = ${network} AND address = ${address} FOR UPDATE`,
  );
  const stored = (found.rows[0] as { next: number }).next;
  const nonce = Math.max(stored, chainCount);
  await tx.execute(
    sql`UPDATE ledger.chain_nonces SET next_nonce = ${nonce + 1} WHERE network = ${network} AND address = ${address}`,
  );
  return nonce;
}
