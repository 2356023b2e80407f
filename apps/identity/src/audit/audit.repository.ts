import { eq, sql } from 'drizzle-orm';
import {
  type AuditBatch,
  type AuditChainRecordView,
  type AuditCheckpointData,
  type AuditFilters,
  EVENTS,
  type ListQuery,
} from '@custody/contracts';
import {
  type Executor,
  executePrepared,
  listClauses,
  outboxInsertMany,
  outboxRecord,
  selectPage,
  type Page,
} from '@custody/persistence';
import { auditEvents } from '../schema';

// The audit log is the operator's (admin) record, not tenant data: no tenant argument here. Its
// tables are in the `audit` schema, where identity's role may insert and read, nothing else
// (docs/decisions/audit.md).

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** A record as stored: the event's id and time, what happened, and why it failed if it did. */
export type StoredAuditRecord = AuditBatch['records'][number] & { detail?: string };

/**
 * Holds the audit log's append lock until the transaction ends: appends take turns, so each
 * chain grows in one order (docs/decisions/audit.md, "One append at a time").
 */
export async function lockAppends(tx: Executor): Promise<void> {
  await executePrepared(tx, sql`SELECT pg_advisory_xact_lock(hashtext('custody:audit:append'))`);
}

/**
 * Under the append lock: which of `ids` are stored already, and the last record of each of
 * `chains` (one index probe each; a chain without records is absent).
 */
export async function readChainState(
  tx: Executor,
  ids: readonly string[],
  chains: readonly string[],
): Promise<{ stored: Set<string>; heads: Map<string, { seq: number; hash: string }> }> {
  const rows = await executePrepared<{
    id: string | null;
    chain: string | null;
    seq: string | null;
    hash: string | null;
  }>(
    tx,
    sql`SELECT e.id::text AS id, NULL AS chain, NULL::bigint AS seq, NULL AS hash
          FROM audit.audit_events e WHERE e.id = ANY(${sql.param(ids)}::uuid[])
        UNION ALL
        SELECT NULL, c.chain, h.seq, h.hash
          FROM unnest(${sql.param(chains)}::text[]) AS c(chain)
          CROSS JOIN LATERAL (
            SELECT seq, hash FROM audit.audit_events h
             WHERE h.chain = c.chain ORDER BY h.seq DESC LIMIT 1) h`,
  );
  const stored = new Set<string>();
  const heads = new Map<string, { seq: number; hash: string }>();
  for (const row of rows) {
    if (row.id !== null) stored.add(row.id);
    else if (row.chain !== null && row.seq !== null && row.hash !== null)
      heads.set(row.chain, { seq: Number(row.seq), hash: row.hash });
  }
  return { stored, heads };
}

/** Inserts chained records in one statement (a position taken twice fails: the lock was not held). */
export async function insertChainRows(
  tx: Executor,
  rows: readonly AuditChainRecordView[],
): Promise<void> {
  const column = <T>(value: (r: AuditChainRecordView) => T) => sql.param(rows.map(value));
  // Plain SQL, one array per column: the query builder cost identity more CPU than the insert.
  await executePrepared(
    tx,
    sql`INSERT INTO audit.audit_events (id, chain, seq, occurred_at, request_id, action, method,
          path, client_id, tenant_id, user_id, target_id, device, ip, remote_ip, status, outcome,
          detail, prev_hash, hash)
        SELECT * FROM unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.chain)}::text[],
          ${column((r) => r.seq)}::bigint[], ${column((r) => r.occurredAt)}::timestamptz[],
          ${column((r) => r.requestId)}::text[], ${column((r) => r.action)}::text[],
          ${column((r) => r.method)}::text[], ${column((r) => r.path)}::text[],
          ${column((r) => r.clientId)}::text[], ${column((r) => r.tenantId)}::text[],
          ${column((r) => r.userId)}::text[], ${column((r) => r.targetId)}::text[],
          ${column((r) => r.device)}::text[], ${column((r) => r.ip)}::text[],
          ${column((r) => r.remoteIp)}::text[], ${column((r) => r.status)}::int[],
          ${column((r) => r.outcome)}::text[], ${column((r) => r.detail)}::text[],
          ${column((r) => r.prevHash)}::text[], ${column((r) => r.hash)}::text[])`,
  );
}

export async function listAuditEventRows(
  db: Executor,
  query: ListQuery,
  filters: AuditFilters,
): Promise<Page<AuditEventRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: { createdAt: auditEvents.occurredAt },
      createdAt: auditEvents.occurredAt,
      id: auditEvents.id,
    },
    [
      filters.userId !== undefined ? eq(auditEvents.userId, filters.userId) : undefined,
      filters.action !== undefined ? eq(auditEvents.action, filters.action) : undefined,
      filters.clientId !== undefined ? eq(auditEvents.clientId, filters.clientId) : undefined,
    ],
  );
  return selectPage(db, auditEvents, clauses);
}

interface ChainRow {
  id: string;
  chain: string;
  seq: string;
  occurred_at: Date | string;
  request_id: string;
  action: string;
  method: string;
  path: string;
  client_id: string | null;
  tenant_id: string | null;
  user_id: string | null;
  target_id: string | null;
  device: string | null;
  ip: string | null;
  remote_ip: string | null;
  status: number;
  outcome: 'success' | 'failure';
  detail: string | null;
  prev_hash: string;
  hash: string;
}

function chainRecordOf(row: ChainRow): AuditChainRecordView {
  return {
    chain: row.chain,
    seq: Number(row.seq),
    id: row.id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    requestId: row.request_id,
    action: row.action,
    method: row.method,
    path: row.path,
    clientId: row.client_id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    targetId: row.target_id,
    device: row.device,
    ip: row.ip,
    remoteIp: row.remote_ip,
    status: row.status,
    outcome: row.outcome,
    detail: row.detail,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/**
 * Records in chain order (chain, then position) after a position: of one chain, or of every
 * chain. Both read the (chain, seq) index from the cursor on, whatever the log's size.
 */
export async function chainRecordsAfter(
  db: Executor,
  chain: string | undefined,
  after: { chain: string; seq: number } | undefined,
  limit: number,
): Promise<AuditChainRecordView[]> {
  const from = after ?? { chain: chain ?? '', seq: 0 };
  const rows =
    chain !== undefined
      ? await executePrepared<ChainRow>(
          db,
          sql`SELECT * FROM audit.audit_events
               WHERE chain = ${chain} AND seq > ${chain === from.chain ? from.seq : 0}
               ORDER BY chain, seq LIMIT ${limit}`,
        )
      : await executePrepared<ChainRow>(
          db,
          sql`SELECT * FROM audit.audit_events
               WHERE (chain, seq) > (${from.chain}::text, ${from.seq}::bigint)
               ORDER BY chain, seq LIMIT ${limit}`,
        );
  return rows.map(chainRecordOf);
}

/** Takes the checkpoint round's lock if no other replica holds it (until the transaction ends). */
export async function tryLockCheckpoints(tx: Executor): Promise<boolean> {
  const [row] = await executePrepared<{ locked: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(hashtext('custody:audit:checkpoint')) AS locked`,
  );
  return row?.locked === true;
}

/**
 * The heads of the chains after `after` in chain order (at most `limit` chains), each with
 * whether it moved since the chain's last checkpoint. The chains are found by skipping through
 * the (chain, seq) index, one probe each, not by reading the records.
 */
export async function chainHeadsAfter(
  db: Executor,
  after: string | undefined,
  limit: number,
): Promise<
  { chain: string; tenantId: string | null; seq: number; hash: string; moved: boolean }[]
> {
  const rows = await executePrepared<{
    chain: string;
    tenant_id: string | null;
    seq: string;
    hash: string;
    moved: boolean;
  }>(
    db,
    sql`WITH RECURSIVE chains(chain) AS (
          (SELECT chain FROM audit.audit_events WHERE chain > ${after ?? ''}::text
            ORDER BY chain LIMIT 1)
          UNION ALL
          SELECT (SELECT e.chain FROM audit.audit_events e WHERE e.chain > c.chain
                   ORDER BY e.chain LIMIT 1)
            FROM chains c WHERE c.chain IS NOT NULL),
        window_ AS (SELECT chain FROM chains WHERE chain IS NOT NULL LIMIT ${limit})
        SELECT w.chain, h.tenant_id, h.seq, h.hash,
               h.seq > COALESCE((SELECT max(k.seq) FROM audit.checkpoints k
                                  WHERE k.chain = w.chain), 0) AS moved
          FROM window_ w
          CROSS JOIN LATERAL (
            SELECT tenant_id, seq, hash FROM audit.audit_events e
             WHERE e.chain = w.chain ORDER BY e.seq DESC LIMIT 1) h
         ORDER BY w.chain`,
  );
  return rows.map((r) => ({
    chain: r.chain,
    tenantId: r.tenant_id,
    seq: Number(r.seq),
    hash: r.hash,
    moved: r.moved,
  }));
}

/**
 * Records checkpoints and their events (`audit-checkpoint.is-created`, to the tenant's feed and webhooks; the
 * platform chain's, without a tenant, to the admins') in the transaction: published when it
 * commits.
 */
export async function insertCheckpoints(
  tx: Executor,
  checkpoints: readonly AuditCheckpointData[],
): Promise<void> {
  const column = <T>(value: (c: AuditCheckpointData) => T) => sql.param(checkpoints.map(value));
  await tx.execute(
    outboxInsertMany(
      'identity',
      checkpoints.map((data) =>
        outboxRecord({ name: EVENTS.auditCheckpoint, tenantId: data.tenantId, data }),
      ),
    ),
  );
  await tx.execute(
    sql`INSERT INTO audit.checkpoints (chain, seq, hash, tenant_id, created_at, key_id, signature)
        SELECT * FROM unnest(${column((c) => c.chain)}::text[], ${column((c) => c.seq)}::bigint[],
          ${column((c) => c.hash)}::text[], ${column((c) => c.tenantId)}::text[],
          ${column((c) => c.createdAt)}::timestamptz[], ${column((c) => c.keyId)}::text[],
          ${column((c) => c.signature)}::text[])`,
  );
}
