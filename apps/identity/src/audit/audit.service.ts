import { eq } from 'drizzle-orm';
import type {
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
  const r = event.data;
  await tx
    .insert(auditEvents)
    .values({
      id: event.id,
      occurredAt: new Date(event.occurredAt),
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
    })
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
