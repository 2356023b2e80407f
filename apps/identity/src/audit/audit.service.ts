import {
  type AUDIT_BATCH_EVENT,
  type AUDIT_EVENT,
  type AuditEventView,
  type AuditFilters,
  type AuthContext,
  type EventEnvelope,
  type RPC_REFUSED_EVENT,
  type ListQuery,
  type ListResult,
} from '@custody/contracts';
import { type Database, type Executor, listResult } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import { insertAuditRecords, listAuditEventRows } from './audit.repository';

/** Appends one record (the event id is the primary key: a redelivery inserts nothing). */
export async function appendAuditEvent(
  tx: Executor,
  event: EventEnvelope<typeof AUDIT_EVENT>,
): Promise<void> {
  await insertAuditRecords(tx, [
    { id: event.id, occurredAt: event.occurredAt, record: event.data },
  ]);
}

/** Appends a gateway's batch of records in one insert (each id inserted at most once). */
export async function appendAuditBatch(
  tx: Executor,
  event: EventEnvelope<typeof AUDIT_BATCH_EVENT>,
): Promise<void> {
  if (event.data.records.length > 0) await insertAuditRecords(tx, event.data.records);
}

/** The status a refused RPC was answered with, by reason (other reasons: 401, no valid proof). */
const REFUSAL_STATUS = new Map<string, number>([
  ['caller_not_allowed', 403],
  ['auth_not_allowed', 403],
  // The signer: a key that is not the caller's to use.
  ['key_not_allowed', 403],
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
  await insertAuditRecords(tx, [
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
  requireAdmin(auth);
  const page = await listAuditEventRows(db, query, filters);
  return listResult(
    page,
    page.rows.map(({ occurredAt, detail, ...row }) => ({
      ...{},
      ...row,
      createdAt: occurredAt.toISOString(),
      ...(detail ? { detail } : {}),
    })),
  );
}
