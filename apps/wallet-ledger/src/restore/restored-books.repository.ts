import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@custody/persistence';

/**
 * What the restored books sent or hold for the chain, as a restore's matching reads it
 * (restored-books.ts; docs/operations/restore-runbook.md, "The chain"): the custody addresses,
 * the withdrawals, gas top-ups and clients' signed transactions at an address's nonces, and the
 * withdrawals not sent yet.
 */

/** A custody address of the network's assets (every wallet, deleted ones too). */
export interface CustodyAddress {
  walletId: string;
  assetId: string;
  address: string;
}

export async function custodyAddresses(
  db: Executor,
  assetIds: string[],
): Promise<CustodyAddress[]> {
  if (assetIds.length === 0) return [];
  const result = await db.execute(
    sql`SELECT id AS "walletId", asset_id AS "assetId", address FROM ledger.wallets
         WHERE asset_id IN (${sql.join(
           assetIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return result.rows as unknown as CustodyAddress[];
}

/** A withdrawal the books sent or reserved at a nonce of the network, with its hashes. */
export interface SentWithdrawal {
  id: string;
  assetId: string;
  amount: string;
  receiverAddress: string;
  status: string;
  fromAddress: string;
  nonce: number;
  /** A client's signed transaction (sign-tx): it pays what the client signed. */
  signed: boolean;
  rawTx: string | null;
  hashes: string[];
}

/** An address's nonce. */
export interface NonceOf {
  from: string;
  nonce: number;
}

function sentWithdrawalsWhere(db: Executor, network: string, where: SQL) {
  return db.execute(
    sql`SELECT w.id, w.asset_id AS "assetId", w.amount::text AS amount,
               w.receiver_address AS "receiverAddress", w.status, w.from_address AS "fromAddress",
               w.chain_nonce::int AS nonce, w.signed_tx_id IS NOT NULL AS signed,
               w.raw_tx AS "rawTx",
               array_remove(array_cat(array_agg(a.hash), ARRAY[w.blockchain_transaction_id]), NULL)
                 AS hashes
          FROM ledger.withdrawals w
          LEFT JOIN ledger.withdrawal_attempts a ON a.withdrawal_id = w.id
         WHERE w.network = ${network} AND w.from_address IS NOT NULL AND w.chain_nonce IS NOT NULL
           AND ${where}
         GROUP BY w.id`,
  );
}

/** The withdrawals the books sent or reserved at these nonces of the network. */
export async function sentAt(
  db: Executor,
  network: string,
  at: readonly NonceOf[],
): Promise<SentWithdrawal[]> {
  if (at.length === 0) return [];
  const result = await sentWithdrawalsWhere(
    db,
    network,
    sql`(w.from_address, w.chain_nonce) IN (
          SELECT * FROM unnest(${sql.param(at.map((n) => n.from))}::text[],
                               ${sql.param(at.map((n) => n.nonce))}::bigint[]))`,
  );
  return result.rows as unknown as SentWithdrawal[];
}

/** The network's withdrawals in flight (`prepared` with a nonce, `broadcast`). */
export async function inFlight(db: Executor, network: string): Promise<SentWithdrawal[]> {
  const result = await sentWithdrawalsWhere(
    db,
    network,
    sql`(w.status = 'prepared' OR w.status = 'broadcast')`,
  );
  return result.rows as unknown as SentWithdrawal[];
}

/** The gas station's top-ups on the network: nonce and hash (once signed). */
export interface SentTopUp {
  withdrawalId: string;
  station: string;
  nonce: number;
  hash: string | null;
  rawTx: string | null;
}

/** The gas station's top-ups at these nonces of the network. */
export async function topUpsAt(
  db: Executor,
  network: string,
  at: readonly NonceOf[],
): Promise<SentTopUp[]> {
  if (at.length === 0) return [];
  const result = await db.execute(
    sql`SELECT withdrawal_id AS "withdrawalId", station, nonce::int AS nonce, hash,
               raw_tx AS "rawTx"
          FROM ledger.gas_topups
         WHERE network = ${network}
           AND (station, nonce) IN (
                 SELECT * FROM unnest(${sql.param(at.map((n) => n.from))}::text[],
                                      ${sql.param(at.map((n) => n.nonce))}::bigint[]))`,
  );
  return result.rows as unknown as SentTopUp[];
}

/** A restored withdrawal of the assets not sent yet: held for approval, or prepared with no nonce. */
export interface UnsentRow {
  id: string;
  assetId: string;
  amount: string;
  receiverAddress: string;
  address: string;
  status: 'prepared' | 'pending_approval';
}

/** In the sender's order: prepared ones first, oldest first, then those held for approval. */
export async function unsentWithdrawals(db: Executor, assetIds: string[]): Promise<UnsentRow[]> {
  if (assetIds.length === 0) return [];
  const result = await db.execute(
    sql`SELECT w.id, w.asset_id AS "assetId", w.amount::text AS amount,
               w.receiver_address AS "receiverAddress", wa.address, w.status
          FROM ledger.withdrawals w JOIN ledger.wallets wa ON wa.id = w.wallet_id
         WHERE (w.status = 'pending_approval' OR w.status = 'prepared') AND w.chain_nonce IS NULL
           AND w.signed_tx_id IS NULL
           AND w.asset_id IN (${sql.join(
             assetIds.map((id) => sql`${id}`),
             sql`, `,
           )})
         -- The sender's order: prepared ones first, oldest first (withdrawals.repository preparedToSend).
         ORDER BY w.status = 'prepared' DESC, w.created_at, w.id`,
  );
  return result.rows as unknown as UnsentRow[];
}

/** A client's signed transaction (sign-tx) the books stored, at its wallet's address and nonce. */
export interface SignedTxAt {
  signedItemId: string;
  from: string;
  nonce: number;
  hash: string;
}

/**
 * The clients' signed transactions (kind `tx`, sent) of the assets' wallets at these nonces that
 * hold no withdrawal: they moved nothing of their wallet's asset (one that moves value is held as
 * a withdrawal, which `sentAt` finds).
 */
export async function signedAt(
  db: Executor,
  assetIds: string[],
  at: readonly NonceOf[],
): Promise<SignedTxAt[]> {
  if (assetIds.length === 0 || at.length === 0) return [];
  const result = await db.execute(
    sql`SELECT s.id AS "signedItemId", wa.address AS "from",
               (s.result->>'nonce')::int AS nonce, lower(s.result->>'hash') AS hash
          FROM ledger.signed_items s JOIN ledger.wallets wa ON wa.id = s.wallet_id
         WHERE s.kind = 'tx' AND s.status = 'sent' AND s.result ? 'nonce'
           AND wa.asset_id IN (${sql.join(
             assetIds.map((id) => sql`${id}`),
             sql`, `,
           )})
           AND (lower(wa.address), (s.result->>'nonce')::bigint) IN (
                 SELECT * FROM unnest(${sql.param(at.map((n) => n.from.toLowerCase()))}::text[],
                                      ${sql.param(at.map((n) => n.nonce))}::bigint[]))
           AND NOT EXISTS (SELECT 1 FROM ledger.withdrawals w WHERE w.signed_tx_id = s.id)`,
  );
  return result.rows as unknown as SignedTxAt[];
}

/** A client's transaction held for approval (sign-tx) with its wallet, as the books stored it. */
export interface HeldSignedTxRow {
  id: string;
  status: 'pending_approval' | 'approved';
  kind: 'tx';
  request: Record<string, unknown>;
  userId: string;
  walletId: string;
  /** Its wallet, as a signature is made with it. */
  wallet: { id: string; tenantId: string; userId: string; assetId: string; address: string };
}

/**
 * The clients' transactions (kind `tx`) held for approval, `pending_approval` or `approved`, of
 * the assets' wallets at these addresses: not signed at the restored point (the lost timeline may
 * have signed them after it). `id`: that item alone.
 */
export async function heldSignedTxs(
  db: Executor,
  assetIds: string[],
  addresses: readonly string[],
  id?: string,
): Promise<HeldSignedTxRow[]> {
  if (assetIds.length === 0 || addresses.length === 0) return [];
  const result = await db.execute(
    sql`SELECT s.id, s.status, s.kind, s.request, s.user_id AS "userId",
               s.wallet_id AS "walletId",
               json_build_object('id', wa.id, 'tenantId', wa.tenant_id, 'userId', wa.user_id,
                                 'assetId', wa.asset_id, 'address', wa.address) AS wallet
          FROM ledger.signed_items s JOIN ledger.wallets wa ON wa.id = s.wallet_id
         WHERE s.kind = 'tx' AND s.status IN ('pending_approval', 'approved')
           AND wa.asset_id IN (${sql.join(
             assetIds.map((assetId) => sql`${assetId}`),
             sql`, `,
           )})
           AND lower(wa.address) = ANY(${sql.param(addresses.map((a) => a.toLowerCase()))}::text[])
           AND (${id ?? null}::uuid IS NULL OR s.id = ${id ?? null}::uuid)
         ORDER BY s.created_at, s.id`,
  );
  return result.rows as unknown as HeldSignedTxRow[];
}
