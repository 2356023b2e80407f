import { sql } from 'drizzle-orm';
import type { Executor } from '@custody/persistence';

/**
 * What the books hold at an address's nonces, across the modules that record transactions from
 * it (withdrawals, the gas station's top-ups, the clients' signed transactions): read by the
 * nonce counter (nonces.ts) and the sender when the chain and the counter disagree.
 */

/**
 * Whether one of the adapter's own withdrawals in flight holds this nonce of the address (a
 * client's transaction at it would replace that withdrawal's).
 */
export async function nonceHeldBySender(
  db: Executor,
  network: string,
  address: string,
  nonce: number,
): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM ledger.withdrawals
         WHERE network = ${network} AND from_address = ${address} AND chain_nonce = ${nonce}
           AND signed_tx_id IS NULL AND status IN ('prepared', 'broadcast')
         LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Whether the books hold a transaction at an address's nonce other than withdrawal `except`'s
 * (and the client's signed transaction it holds for, if it does):
 * another withdrawal reserved or signed there (a client's signed transaction's hold among them),
 * or a client's signed transaction that holds nothing (a contract call, say).
 */
export async function nonceUsedInBooks(
  db: Executor,
  network: string,
  address: string,
  nonce: number,
  except: string,
): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 WHERE EXISTS (
          SELECT 1 FROM ledger.withdrawals
           WHERE network = ${network} AND from_address = ${address} AND chain_nonce = ${nonce}
             AND id <> ${except})
        OR EXISTS (
          SELECT 1 FROM ledger.signed_items s JOIN ledger.wallets w ON w.id = s.wallet_id
           WHERE s.kind = 'tx' AND s.status = 'sent' AND lower(w.address) = lower(${address})
             AND s.result->>'nonce' = ${String(nonce)}
             AND s.id IS DISTINCT FROM (
               SELECT signed_tx_id FROM ledger.withdrawals WHERE id = ${except}))`,
  );
  return rows.length > 0;
}

/**
 * The highest nonce the books hold at an address on a network: its withdrawals' (a client's
 * signed transaction's hold among them), the gas station's top-ups' when it is the station, and
 * the clients' signed transactions' from it; undefined when they hold none.
 */
export async function highestNonceInBooks(
  db: Executor,
  network: string,
  address: string,
): Promise<number | undefined> {
  const { rows } = await db.execute<{ highest: number | null }>(
    sql`SELECT max(nonce)::int AS highest FROM (
          SELECT max(chain_nonce) AS nonce FROM ledger.withdrawals
           WHERE from_address = ${address} AND network = ${network}
          UNION ALL
          SELECT max(nonce) FROM ledger.gas_topups WHERE station = ${address} AND network = ${network}
          UNION ALL
          SELECT max((s.result->>'nonce')::bigint) FROM ledger.signed_items s
            JOIN ledger.wallets w ON w.id = s.wallet_id
           WHERE w.address = ${address} AND s.kind = 'tx' AND s.status = 'sent'
             AND s.result ? 'nonce'
        ) held`,
  );
  return rows[0]?.highest ?? undefined;
}
