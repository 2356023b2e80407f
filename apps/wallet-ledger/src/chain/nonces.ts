import { sql } from 'drizzle-orm';
import { Errors } from '@custody/errors';
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

/**
 * The nonce of a transaction a client had signed (sign-tx) from an address the adapter sends
 * from: 409 `nonce_taken` when one of the adapter's own withdrawals holds it (the client's would
 * replace it); otherwise the adapter's next nonce moves past it. The counter row is locked
 * first, so a withdrawal being signed meanwhile is seen.
 */
export async function reserveSignedNonce(
  tx: Transaction,
  network: string,
  address: string,
  nonce: number,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO ledger.chain_nonces (network, address, next_nonce) VALUES (${network}, ${address}, ${nonce + 1})
        ON CONFLICT (network, address) DO UPDATE SET next_nonce = GREATEST(ledger.chain_nonces.next_nonce, EXCLUDED.next_nonce)`,
  );
  const taken = await tx.execute(
    sql`SELECT 1 FROM ledger.withdrawals
         WHERE network = ${network} AND from_address = ${address} AND chain_nonce = ${nonce}
           AND signed_tx_id IS NULL AND status IN ('prepared', 'broadcast')
         LIMIT 1`,
  );
  if (taken.rows.length > 0)
    throw Errors.conflict(
      `Nonce ${nonce} of this address is taken by a withdrawal the service sends.`,
      'nonce_taken',
    );
}
