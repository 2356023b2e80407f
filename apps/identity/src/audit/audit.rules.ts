import type { AuditChainRecordView } from '@custody/contracts';
import { AUDIT_GENESIS_HASH, auditChainOf, auditRecordHash } from '@custody/sdk/audit';
import type { StoredAuditRecord } from './audit.repository';

// The audit chains' rules, without I/O (docs/decisions/audit.md): what a record becomes once
// stored, and where it goes in its chain.

/** A chain's last record: the position and hash the next record follows. */
export interface ChainHead {
  seq: number;
  hash: string;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A text as PostgreSQL keeps it: NUL and half a surrogate pair (which it cannot store, or would
 * store as something else) become U+FFFD, so that what is hashed is what is stored.
 */
function stored(value: string): string;
function stored(value: string | null | undefined): string | null;
function stored(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd');
}

/** The instant as the database gives it back: milliseconds, UTC. */
function instant(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`audit record time is not a date: ${value}`);
  return date.toISOString();
}

/**
 * Places records in their chains after `heads` (a chain missing there starts at 1), in the order
 * given: each gets its chain, position, the previous record's hash and its own. Answers the rows
 * and the chains' new heads.
 */
export function chainRecords(
  records: readonly StoredAuditRecord[],
  heads: ReadonlyMap<string, ChainHead>,
): { rows: AuditChainRecordView[]; heads: Map<string, ChainHead> } {
  const next = new Map(heads);
  const rows = records.map((r): AuditChainRecordView => {
    const tenantId = stored(r.record.tenantId);
    const chain = auditChainOf(tenantId);
    const head = next.get(chain) ?? { seq: 0, hash: AUDIT_GENESIS_HASH };
    const row: AuditChainRecordView = {
      chain,
      seq: head.seq + 1,
      // The database's spelling of a UUID.
      id: r.id.toLowerCase(),
      occurredAt: instant(r.occurredAt),
      requestId: stored(r.record.requestId),
      action: stored(r.record.action),
      method: stored(r.record.method),
      path: stored(r.record.path),
      clientId: stored(r.record.clientId),
      tenantId,
      userId: stored(r.record.userId),
      targetId: stored(r.record.targetId),
      device: stored(r.record.device),
      ip: stored(r.record.ip),
      remoteIp: stored(r.record.remoteIp),
      status: r.record.status,
      outcome: r.record.outcome,
      detail: stored(r.detail),
      prevHash: head.hash,
      hash: '',
    };
    row.hash = auditRecordHash(row);
    next.set(chain, { seq: row.seq, hash: row.hash });
    return row;
  });
  return { rows, heads: next };
}

/** The first of each id, in order: a record given twice is appended once. */
export function distinctRecords(records: readonly StoredAuditRecord[]): StoredAuditRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const id = r.id.toLowerCase();
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
