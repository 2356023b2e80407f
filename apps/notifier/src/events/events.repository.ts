import { sql } from 'drizzle-orm';
import type { AnyEventName, NotificationPayload } from '@custody/contracts';
import type { Executor } from '@custody/persistence';
import type { FeedPosition } from './events.rules';

/** An event as the feed keeps it: any event, its payload passed on as it came. */
export interface RecordedEvent {
  id: string;
  name: AnyEventName;
  occurredAt: string;
  tenantId: string | null;
  data: unknown;
}

/** The payload an event's webhooks and its feed entry carry. */
export function payloadOf(event: RecordedEvent): NotificationPayload {
  return {
    id: event.id,
    event: event.name,
    createdAt: event.occurredAt,
    tenantId: event.tenantId,
    data: event.data,
  };
}

/**
 * Records events in the feed's log (one statement; an event recorded before, a redelivery, is
 * left as it is). The recording transaction's id orders the feed.
 */
export async function recordEvents(db: Executor, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payloads = events.map(payloadOf);
  await db.execute(
    sql`INSERT INTO notifier.events (id, tenant_id, name, payload)
        SELECT * FROM unnest(${sql.param(payloads.map((p) => p.id))}::uuid[],
                             ${sql.param(payloads.map((p) => p.tenantId))}::text[],
                             ${sql.param(payloads.map((p) => p.event))}::text[],
                             ${sql.param(payloads.map((p) => JSON.stringify(p)))}::jsonb[])
        ON CONFLICT (id) DO NOTHING`,
  );
}

type FeedRow = {
  xid: string;
  seq: string;
  payload: NotificationPayload;
};

/**
 * The events after `after` in the feed's order, of one tenant (or all: `tenantId` null, for
 * admins), of these types (all when none), at most `limit`: only those recorded by transactions
 * older than every one still running, so no later commit can land behind a cursor.
 */
export async function eventsAfter(
  db: Executor,
  tenantId: string | null,
  after: FeedPosition,
  types: readonly string[],
  limit: number,
): Promise<FeedRow[]> {
  const tenant = tenantId === null ? sql`TRUE` : sql`tenant_id = ${tenantId}`;
  const typed = types.length === 0 ? sql`TRUE` : sql`name = ANY(${sql.param([...types])}::text[])`;
  // Ordered by the table's columns, qualified: an unqualified `ORDER BY xid, seq` names the text
  // aliases of the select list, and "11" sorts before "9" (a page then skipped or repeated events).
  const { rows } = await db.execute<FeedRow>(
    sql`SELECT e.xid::text AS xid, e.seq::text AS seq, e.payload FROM notifier.events e
         WHERE ${tenant} AND ${typed}
           AND (e.xid, e.seq) > (${after.xid}::xid8, ${after.seq}::bigint)
           AND e.xid < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY e.xid, e.seq LIMIT ${limit}`,
  );
  return rows;
}

/** One event of the feed, in the tenant's reach (null: any). */
export async function findEvent(
  db: Executor,
  tenantId: string | null,
  id: string,
): Promise<NotificationPayload | undefined> {
  const tenant = tenantId === null ? sql`TRUE` : sql`tenant_id = ${tenantId}`;
  const { rows } = await db.execute<{ payload: NotificationPayload }>(
    sql`SELECT payload FROM notifier.events WHERE id = ${id}::uuid AND ${tenant}`,
  );
  return rows[0]?.payload;
}

/**
 * The events of one type since a time (and until one), in the feed's order, at most `limit`:
 * a tenant's, or every tenant's for an admin's receiver.
 */
export async function eventsOfTypeBetween(
  db: Executor,
  tenantId: string | null,
  name: string,
  since: Date,
  until: Date,
  limit: number,
): Promise<NotificationPayload[]> {
  const tenant = tenantId === null ? sql`TRUE` : sql`tenant_id = ${tenantId}`;
  const { rows } = await db.execute<{ payload: NotificationPayload }>(
    sql`SELECT payload FROM notifier.events
         WHERE ${tenant} AND name = ${name}
           AND recorded_at >= ${since.toISOString()}::timestamptz
           AND recorded_at < ${until.toISOString()}::timestamptz
         ORDER BY xid, seq LIMIT ${limit}`,
  );
  return rows.map((r) => r.payload);
}

/** Forgets events recorded before `before`, a batch at a time; answers how many. */
export async function pruneEvents(db: Executor, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.execute(
    sql`DELETE FROM notifier.events WHERE id IN (
          SELECT id FROM notifier.events WHERE recorded_at < ${before.toISOString()}::timestamptz
           ORDER BY recorded_at LIMIT ${limit})`,
  );
  return rowCount ?? 0;
}
