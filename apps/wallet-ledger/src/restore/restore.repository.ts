import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '@custody/persistence';
import type { BooksBehind } from '../chain/nonces.rules';
import type { NonceOf } from './restored-books.repository';
import type { DatabaseIdentity, RestoreOrigin } from './restore.rules';

/**
 * A restore's SQL (docs/operations/restore-runbook.md): its epochs, the database wallet-ledger
 * last ran on, the operator's resolutions (migrations 0030, 0033, 0035). What the restored books sent
 * or hold for the chain is restored-books.repository's.
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

/**
 * The operator's answer for one transaction: `withdrawal`, it paid that restored withdrawal;
 * `signed`, a client signed it with sign-tx after the restored point (no withdrawal named);
 * `signed-item`, it is that restored sign-tx item held for approval, signed after the point.
 */
export type ResolutionAnswer =
  | { kind: 'withdrawal'; withdrawalId: string }
  | { kind: 'signed' }
  | { kind: 'signed-item'; signedItemId: string };

export type ResolutionRow = ResolutionAnswer & {
  hash: string;
  appliedAt: string | null;
  refused: string | null;
};

/**
 * The operator's answer for one transaction of the open restore (again: replaced, unless the
 * first was applied: a booking is never undone by another answer). False when one was applied.
 */
export async function requestResolution(
  db: Executor,
  epochId: string,
  hash: string,
  answer: ResolutionAnswer,
): Promise<boolean> {
  const withdrawalId = answer.kind === 'withdrawal' ? answer.withdrawalId : null;
  const signedItemId = answer.kind === 'signed-item' ? answer.signedItemId : null;
  const stored = await db.execute(
    sql`INSERT INTO ledger.restore_resolutions (epoch_id, hash, kind, withdrawal_id, signed_item_id)
        VALUES (${epochId}, ${hash.toLowerCase()}, ${answer.kind}, ${withdrawalId}, ${signedItemId})
        ON CONFLICT (epoch_id, hash) DO UPDATE
          SET kind = excluded.kind, withdrawal_id = excluded.withdrawal_id,
              signed_item_id = excluded.signed_item_id, requested_at = now(),
              applied_at = NULL, refused = NULL, from_address = NULL, nonce = NULL
          WHERE ledger.restore_resolutions.applied_at IS NULL
        RETURNING hash`,
  );
  return stored.rows.length > 0;
}

export async function resolutionsOf(db: Executor, epochId: string): Promise<ResolutionRow[]> {
  const result = await db.execute(
    sql`SELECT hash, kind, withdrawal_id AS "withdrawalId", signed_item_id AS "signedItemId",
               applied_at AS "appliedAt", refused
          FROM ledger.restore_resolutions WHERE epoch_id = ${epochId} ORDER BY requested_at`,
  );
  const rows = result.rows as unknown as {
    hash: string;
    kind: ResolutionRow['kind'];
    withdrawalId: string | null;
    signedItemId: string | null;
    appliedAt: string | null;
    refused: string | null;
  }[];
  // Migrations 0033 and 0035's checks: a withdrawal's answer names one, a signed item's names
  // it, a signed one neither.
  return rows.map(({ kind, withdrawalId, signedItemId, ...row }) =>
    kind === 'withdrawal' && withdrawalId !== null
      ? { ...row, kind, withdrawalId }
      : kind === 'signed-item' && signedItemId !== null
        ? { ...row, kind, signedItemId }
        : { ...row, kind: 'signed' },
  );
}

/**
 * Applied (`refused` null) or refused. A client's signed transaction applied keeps its address
 * and nonce (`at`): the matching knows that nonce from then on (`signedResolvedAt`).
 */
export async function settleResolution(
  db: Executor,
  epochId: string,
  hash: string,
  refused: string | null,
  at?: NonceOf,
): Promise<void> {
  await db.execute(
    sql`UPDATE ledger.restore_resolutions
           SET applied_at = CASE WHEN ${refused}::text IS NULL THEN now() END, refused = ${refused},
               from_address = ${at?.from ?? null}, nonce = ${at?.nonce ?? null}
         WHERE epoch_id = ${epochId} AND hash = ${hash.toLowerCase()}`,
  );
}

/** A client's signed transaction the operator resolved (`restore-resolve --signed`), at its nonce. */
export interface ResolvedSignedAt {
  hash: string;
  from: string;
  nonce: number;
}

/** The clients' signed transactions resolved by the operator (any restore) at these nonces. */
export async function signedResolvedAt(
  db: Executor,
  at: readonly NonceOf[],
): Promise<ResolvedSignedAt[]> {
  if (at.length === 0) return [];
  const result = await db.execute(
    sql`SELECT hash, from_address AS "from", nonce::int AS nonce
          FROM ledger.restore_resolutions
         WHERE kind = 'signed' AND applied_at IS NOT NULL
           AND (lower(from_address), nonce) IN (
                 SELECT * FROM unnest(${sql.param(at.map((n) => n.from.toLowerCase()))}::text[],
                                      ${sql.param(at.map((n) => n.nonce))}::bigint[]))`,
  );
  return result.rows as unknown as ResolvedSignedAt[];
}
