import {
  type AuditBatch,
  type AuditEventView,
  type AuditFilters,
  type AuditRecord,
  type AuthContext,
  type EventEnvelope,
  type RpcRefusalRecord,
  type ListQuery,
  type ListResult,
} from '@custody/contracts';
import { eq, sql } from 'drizzle-orm';
import {
  type Database,
  type Executor,
  listClauses,
  listResult,
  selectPage,
} from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import { auditEvents } from '../schema';

/** Appends one record (the event id is the primary key: a redelivery inserts nothing). */
export async function appendAuditEvent(
  tx: Executor,
  event: EventEnvelope<AuditRecord>,
): Promise<void> {
  await appendAuditRecords(tx, [
    { id: event.id, occurredAt: event.occurredAt, record: event.data },
  ]);
}

/** Appends a gateway's batch of records in one insert (each id inserted at most once). */
export async function appendAuditBatch(
  tx: Executor,
  event: EventEnvelope<AuditBatch>,
): Promise<void> {
  if (event.data.records.length > 0) await appendAuditRecords(tx, event.data.records);
}

/** The status a refused RPC was answered with, by reason (other reasons: 401, no valid proof). */
const REFUSAL_STATUS = new Map<string, number>([
  ['caller_not_allowed', 403],
  ['auth_not_allowed', 403],
  ['replayed', 409],
]);

/**
 * Appends a service's report of a refused RPC (RPC_REFUSED_EVENT) as an `rpcRefused` record:
 * the broker user that sent it is the target, what it failed on the detail.
 */
export async function appendRpcRefusal(
  tx: Executor,
  event: EventEnvelope<RpcRefusalRecord>,
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
        status: REFUSAL_STATUS.get(r.reason) ?? 401,
        outcome: 'failure',
      },
      detail:
        `${r.failed}: ${r.reason}; caller ${r.caller ?? 'unknown'}` +
        (r.suppressed > 0 ? `; ${r.suppressed} more refused before it, not recorded` : ''),
    },
  ]);
}

type StoredRecord = AuditBatch['records'][number] & { detail?: string };

async function appendAuditRecords(tx: Executor, records: StoredRecord[]): Promise<void> {
  const column = <T>(value: (r: StoredRecord) => T) => sql.param(records.map(value));
  // Plain SQL, one array per column: the query builder cost identity more CPU than the insert.
  await tx.execute(
    sql`INSERT INTO identity.audit_events (id, occurred_at, request_id, action, method, path,
          client_id, tenant_id, user_id, target_id, device, ip, remote_ip, status, outcome, detail)
        SELECT * FROM unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.occurredAt)}::timestamptz[],
          ${column((r) => r.record.requestId)}::text[], ${column((r) => r.record.action)}::text[],
          ${column((r) => r.record.method)}::text[], ${column((r) => r.record.path)}::text[],
          ${column((r) => r.record.clientId)}::text[], ${column((r) => r.record.tenantId)}::text[],
          ${column((r) => r.record.userId)}::text[], ${column((r) => r.record.targetId)}::text[],
          ${column((r) => r.record.device)}::text[], ${column((r) => r.record.ip)}::text[],
          ${column((r) => r.record.remoteIp)}::text[], ${column((r) => r.record.status)}::int[],
          ${column((r) => r.record.outcome)}::text[], ${column((r) => r.detail ?? null)}::text[])
        ON CONFLICT DO NOTHING`,
  );
}

export type { AuditFilters } from '@custody/contracts';

export async function listAuditEvents(
  db: Database,
  auth: AuthContext | undefined,
  query: ListQuery,
  filters: AuditFilters,
): Promise<ListResult<AuditEventView>> {
  requireAdmin(auth);
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
  const page = await selectPage(db, auditEvents, clauses);
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
