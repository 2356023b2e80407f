import {
  type AUDIT_BATCH_EVENT,
  type AUDIT_EVENT,
  type AuditEventView,
  type AuditExportPage,
  type AuditExportQuery,
  type AuditFilters,
  type AuditPublicKeyView,
  type AuthContext,
  type EventEnvelope,
  type RPC_REFUSED_EVENT,
  type ListQuery,
  type ListResult,
  MAX_LIST_PAGE,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, type Executor, listResult } from '@custody/persistence';
import { AUDIT_PLATFORM_CHAIN } from '@custody/sdk/audit';
import { readsAllTenants, requireAdminRead, requireAuth } from '@custody/tenancy';
import {
  chainRecordsAfter,
  insertChainRows,
  listAuditEventRows,
  lockAppends,
  readChainState,
  type StoredAuditRecord,
} from './audit.repository';
import { chainRecords, distinctRecords } from './audit.rules';

/**
 * Appends records to their chains (docs/decisions/audit.md), in the order given, in the caller's
 * transaction: under the append lock, the ids stored already are left out (a redelivered or
 * resent record is appended once), each chain's last record is read (one probe per chain), and
 * the rest are chained and inserted with one statement.
 */
export async function appendAuditRecords(
  tx: Executor,
  records: readonly StoredAuditRecord[],
): Promise<void> {
  const distinct = distinctRecords(records);
  if (distinct.length === 0) return;
  await lockAppends(tx);
  const chains = [...new Set(distinct.map((r) => r.record.tenantId ?? AUDIT_PLATFORM_CHAIN))];
  const { stored, heads } = await readChainState(
    tx,
    distinct.map((r) => r.id),
    chains,
  );
  const fresh = distinct.filter((r) => !stored.has(r.id.toLowerCase()));
  if (fresh.length === 0) return;
  await insertChainRows(tx, chainRecords(fresh, heads).rows);
}

/** Appends one record (AUDIT_EVENT, from gateways of before batches). */
export async function appendAuditEvent(
  tx: Executor,
  event: EventEnvelope<typeof AUDIT_EVENT>,
): Promise<void> {
  await appendAuditRecords(tx, [
    { id: event.id, occurredAt: event.occurredAt, record: event.data },
  ]);
}

/** Appends a gateway's batch of records in one insert (each id appended at most once). */
export async function appendAuditBatch(
  tx: Executor,
  event: EventEnvelope<typeof AUDIT_BATCH_EVENT>,
): Promise<void> {
  await appendAuditRecords(tx, event.data.records);
}

/** The status a refused RPC was answered with, by reason (other reasons: 401, no valid proof). */
const REFUSAL_STATUS = new Map<string, number>([
  ['caller_not_allowed', 403],
  ['auth_not_allowed', 403],
  // The signer: a key that is not the caller's to use.
  ['key_not_allowed', 403],
  // The policy service: a release of another service's operation, or of one that may have run.
  ['other_app_operation', 403],
  ['operation_authorized', 403],
  ['replayed', 409],
]);

/**
 * Appends a service's report of a refused RPC (RPC_REFUSED_EVENT) as an `rpcRefused` record:
 * the broker user that sent it is the target, what it failed on the detail.
 */
export async function appendRpcRefusal(
  tx: Executor,
  event: EventEnvelope<typeof RPC_REFUSED_EVENT>,
): Promise<void> {
  const r = event.data;
  await appendAuditRecords(tx, [
    {
      id: event.id,
      occurredAt: event.occurredAt,
      record: {
        requestId: r.requestId,
        action: 'rpcRefused',
        method: 'RPC',
        path: `rpc.${r.service}/${r.method}`,
        clientId: null,
        tenantId: null,
        userId: null,
        targetId: r.brokerUser,
        device: null,
        ip: null,
        remoteIp: null,
        // The signer refuses a signature its decision does not allow with 403, whatever the fault.
        status: r.failed === 'decision' ? 403 : (REFUSAL_STATUS.get(r.reason) ?? 401),
        outcome: 'failure',
      },
      detail:
        `${r.failed}: ${r.reason}; caller ${r.caller ?? 'unknown'}` +
        (r.suppressed > 0 ? `; ${r.suppressed} more refused before it, not recorded` : ''),
    },
  ]);
}

export type { AuditFilters } from '@custody/contracts';

export async function listAuditEvents(
  db: Database,
  auth: AuthContext | undefined,
  query: ListQuery,
  filters: AuditFilters,
): Promise<ListResult<AuditEventView>> {
  // Admins, and auditors of the platform (reads only).
  requireAdminRead(auth);
  const page = await listAuditEventRows(db, query, filters);
  return listResult(
    page,
    // The chain's fields are the export's (GET /v1/audit/export), not the list's.
    page.rows.map(({ occurredAt, detail, chain: _c, seq: _s, prevHash: _p, hash: _h, ...row }) => ({
      ...{},
      ...row,
      createdAt: occurredAt.toISOString(),
      ...(detail ? { detail } : {}),
    })),
  );
}

/** Records of an export page by default: a reply the size of a stream's list page. */
const EXPORT_PAGE = 100;

function exportCursor(position: { chain: string; seq: number }): string {
  return Buffer.from(JSON.stringify([position.chain, position.seq]), 'utf8').toString('base64url');
}

function readExportCursor(cursor: string): { chain: string; seq: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      Number.isSafeInteger(value[1]) &&
      (value[1] as number) >= 0
    )
      return { chain: value[0], seq: value[1] as number };
  } catch {
    // answered below
  }
  throw Errors.badRequest(
    'The `after` cursor is not one this export gave; start again without it.',
    'invalid_cursor',
  );
}

/**
 * A page of the audit chains in chain order (docs/decisions/audit.md): an admin reads every
 * chain or the one named; any other client its tenant's chain only (403 for another).
 */
export async function exportAuditPage(
  db: Database,
  keys: AuditPublicKeyView[],
  auth: AuthContext | undefined,
  query: AuditExportQuery,
): Promise<AuditExportPage> {
  const caller = requireAuth(auth);
  let chain = query.chain;
  if (!readsAllTenants(caller)) {
    if (chain !== undefined && chain !== caller.tenantId)
      throw Errors.forbidden("A client exports its tenant's audit chain only.");
    chain = caller.tenantId;
  }
  const limit = Math.min(Math.max(query.limit ?? EXPORT_PAGE, 1), MAX_LIST_PAGE);
  const after = query.after !== undefined ? readExportCursor(query.after) : undefined;
  const records = await chainRecordsAfter(db, chain, after, limit);
  const last = records.at(-1);
  return {
    keys,
    records,
    ...(chain !== undefined ? { chain } : {}),
    ...(last && records.length === limit ? { next: exportCursor(last) } : {}),
  };
}
