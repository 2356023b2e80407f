import { eq, sql } from 'drizzle-orm';
import type { AuditBatch, AuditFilters, ListQuery } from '@custody/contracts';
import { type Executor, listClauses, selectPage, type Page } from '@custody/persistence';
import { auditEvents } from '../schema';

// The audit log is the operator's (admin) record, not tenant data: no tenant argument here.

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** A record as stored: the event's id and time, what happened, and why it failed if it did. */
export type StoredAuditRecord = AuditBatch['records'][number] & { detail?: string };

/** Inserts the records in one statement (the event id is the key: a redelivery inserts nothing). */
export async function insertAuditRecords(
  tx: Executor,
  records: StoredAuditRecord[],
): Promise<void> {
  const column = <T>(value: (r: StoredAuditRecord) => T) => sql.param(records.map(value));
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
