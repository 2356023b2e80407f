import { eq } from 'drizzle-orm';
import type {
  AuditBatch,
  AuditEventView,
  AuditRecord,
  AuthContext,
  EventEnvelope,
  ListQuery,
  ListResult,
} from '@custody/contracts';
import { type Database, type Executor, listClauses, selectPage } from '@custody/persistence';
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

async function appendAuditRecords(tx: Executor, records: AuditBatch['records']): Promise<void> {
  await tx
    .insert(auditEvents)
    .values(
      records.map(({ id, occurredAt, record: r }) => ({
        id,
        occurredAt: new Date(occurredAt),
        requestId: r.requestId,
        action: r.action,
        method: r.method,
        path: r.path,
        clientId: r.clientId,
        tenantId: r.tenantId,
        userId: r.userId,
        targetId: r.targetId,
        device: r.device,
        ip: r.ip,
        remoteIp: r.remoteIp,
        status: r.status,
        outcome: r.outcome,
      })),
    )
    .onConflictDoNothing();
}

export interface AuditFilters {
  userId?: string;
  action?: string;
  clientId?: string;
}

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
  const { rows, total } = await selectPage(db, auditEvents, clauses);
  return {
    items: rows.map(({ occurredAt, ...row }) => ({ ...row, createdAt: occurredAt.toISOString() })),
    total,
  };
}
