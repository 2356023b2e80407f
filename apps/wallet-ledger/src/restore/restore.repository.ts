import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '@custody/persistence';
import type { BooksBehind } from '../chain/nonces.rules';
import type { DatabaseIdentity, RestoreOrigin } from './restore.rules';

/**
 * A restore's SQL (docs/operations/restore-runbook.md): its epochs, the database wallet-ledger
 * last ran on, the operator's resolutions (migration 0030), and the reads of what the restored
 * books sent or hold for the chain.
 */

/** This database as PostgreSQL identifies it: the cluster's system identifier, its timeline. */
export async function currentDatabase(db: Executor): Promise<DatabaseIdentity> {
  const result = await db.execute(
    sql`SELECT (SELECT system_identifier::text FROM pg_control_system()) AS system,
               ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int AS timeline`,
  );
  const row = result.rows[0] as { system: string; timeline: number };
  return { systemIdentifier: row.system, timeline: row.timeline };
}

export async function recordedDatabase(db: Executor): Promise<DatabaseIdentity | undefined> {
  const result = await db.execute(
    sql`SELECT system_identifier AS "systemIdentifier", timeline FROM ledger.database_identity`,
  );
  return result.rows[0] as DatabaseIdentity | undefined;
}

export async function recordDatabase(db: Executor, identity: DatabaseIdentity): Promise<void> {
  await db.execute(
    sql`INSERT INTO ledger.database_identity (system_identifier, timeline)
        VALUES (${identity.systemIdentifier}, ${identity.timeline})
        ON CONFLICT (singleton) DO UPDATE
          SET system_identifier = excluded.system_identifier, timeline = excluded.timeline,
              recorded_at = now()`,
  );
}

export interface EpochRow {
  id: string;
  origin: RestoreOrigin;
  status: 'pending' | 'complete';
  systemIdentifier: string;
  timeline: number;
  openedAt: string;
  completedAt: string | null;
  report: Record<string, unknown>;
}

const EPOCH_COLUMNS = sql`id, origin, status, system_identifier AS "systemIdentifier", timeline,
  opened_at AS "openedAt", completed_at AS "completedAt", report`;

/** The restore open now, if any. */
export async function openEpoch(db: Executor): Promise<EpochRow | undefined> {
  const result = await db.execute(
    sql`SELECT ${EPOCH_COLUMNS} FROM ledger.restore_epochs WHERE status = 'pending'`,
  );
  return result.rows[0] as EpochRow | undefined;
}

/** The latest restore (open or not). */
export async function latestEpoch(db: Executor): Promise<EpochRow | undefined> {
  const result = await db.execute(
    sql`SELECT ${EPOCH_COLUMNS} FROM ledger.restore_epochs ORDER BY opened_at DESC, id DESC LIMIT 1`,
  );
  return result.rows[0] as EpochRow | undefined;
}

/**
 * Opens a restore on `database` (or answers the one open, moved to `database`: restore-prepare
 * run again after the database changed once more). `accepted`: the operator's word that the
 * database holds everything (a failover): checked all the same, without the other services' steps.
 * `detected`: wallet-ledger's own, the books found behind the chain; `report` starts it.
 */
export async function openRestore(
  db: Executor,
  database: DatabaseIdentity,
  origin: EpochRow['origin'] = 'command',
  report: Record<string, unknown> = {},
): Promise<EpochRow> {
  const result = await db.execute(
    sql`WITH moved AS (
          UPDATE ledger.restore_epochs
             SET system_identifier = ${database.systemIdentifier}, timeline = ${database.timeline}
           WHERE status = 'pending'
          RETURNING ${EPOCH_COLUMNS})
        , opened AS (
          INSERT INTO ledger.restore_epochs (id, origin, status, system_identifier, timeline, report)
          SELECT ${uuidv7()}, ${origin}, 'pending', ${database.systemIdentifier}, ${database.timeline},
                 ${JSON.stringify(report)}::jsonb
           WHERE NOT EXISTS (SELECT 1 FROM moved)
          RETURNING ${EPOCH_COLUMNS})
        SELECT * FROM moved UNION ALL SELECT * FROM opened`,
  );
  return result.rows[0] as unknown as EpochRow;
}

/**
 * An address found behind the chain, added to the open restore's report (`detected`) unless it is
 * there already: the restore raises its counter once it completes.
 */
export async function noteDetected(
  db: Executor,
  epochId: string,
  found: BooksBehind,
): Promise<void> {
  await db.execute(
    sql`UPDATE ledger.restore_epochs
           SET report = jsonb_set(report, '{detected}',
                 coalesce(report->'detected', '[]'::jsonb) || ${JSON.stringify([found])}::jsonb)
         WHERE id = ${epochId} AND status = 'pending'
           AND NOT coalesce(report->'detected', '[]'::jsonb) @> ${JSON.stringify([{ network: found.network, address: found.address }])}::jsonb`,
  );
}

/** The restores open now, by who opened them (the `restore_open` gauge). */
export async function openRestores(
  db: Executor,
): Promise<{ origin: RestoreOrigin; count: number }[]> {
  const result = await db.execute(
    sql`SELECT origin, count(*)::int AS count FROM ledger.restore_epochs
         WHERE status = 'pending' GROUP BY origin`,
  );
  return result.rows as unknown as { origin: RestoreOrigin; count: number }[];
}

export async function saveReport(
  db: Executor,
  epochId: string,
  report: Record<string, unknown>,
): Promise<void> {
  await db.execute(
    sql`UPDATE ledger.restore_epochs SET report = ${JSON.stringify(report)}::jsonb
         WHERE id = ${epochId}`,
  );
}

export async function completeEpoch(
  db: Executor,
  epochId: string,
  report: Record<string, unknown>,
): Promise<void> {
  await db.execute(
    sql`UPDATE ledger.restore_epochs
           SET status = 'complete', completed_at = now(), report = ${JSON.stringify(report)}::jsonb
         WHERE id = ${epochId} AND status = 'pending'`,
  );
}

export interface ResolutionRow {
  hash: string;
  withdrawalId: string;
  appliedAt: string | null;
  refused: string | null;
}

/** The operator's answer for one transaction of the open restore (again: replaced). */
export async function requestResolution(
  db: Executor,
  epochId: string,
  hash: string,
  withdrawalId: string,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO ledger.restore_resolutions (epoch_id, hash, withdrawal_id)
        VALUES (${epochId}, ${hash.toLowerCase()}, ${withdrawalId})
        ON CONFLICT (epoch_id, hash) DO UPDATE
          SET withdrawal_id = excluded.withdrawal_id, requested_at = now(), applied_at = NULL,
              refused = NULL`,
  );
}

export async function resolutionsOf(db: Executor, epochId: string): Promise<ResolutionRow[]> {
  const result = await db.execute(
    sql`SELECT hash, withdrawal_id AS "withdrawalId", applied_at AS "appliedAt", refused
          FROM ledger.restore_resolutions WHERE epoch_id = ${epochId} ORDER BY requested_at`,
  );
  return result.rows as unknown as ResolutionRow[];
}

export async function settleResolution(
  db: Executor,
  epochId: string,
  hash: string,
  refused: string | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE ledger.restore_resolutions
           SET applied_at = CASE WHEN ${refused}::text IS NULL THEN now() END, refused = ${refused}
         WHERE epoch_id = ${epochId} AND hash = ${hash.toLowerCase()}`,
  );
}

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
