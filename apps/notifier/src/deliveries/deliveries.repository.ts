import { and, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DeliveryChannel, ListQuery, NotificationPayload } from '@custody/contracts';
import {
  type Database,
  type Executor,
  executePrepared,
  listClauses,
  type Page,
  selectPage,
} from '@custody/persistence';
import {
  deliveries,
  type DeliveryRow,
  type DeliveryStatus,
  notificationTypes,
  type ReceiverRow,
  receivers,
} from '../schema';

// Deliveries and receivers belong to a client: reads for a caller take its client id, or null
// for an admin (every client's). The pipeline's own statements (dispatch, attempts, receiver
// health) act on rows it already holds by id.

/** Whether the receiver is this client's. */
export async function isClientReceiver(
  db: Executor,
  clientId: string,
  receiverId: string,
): Promise<boolean> {
  const [own] = await db
    .select({ id: receivers.id })
    .from(receivers)
    .where(and(eq(receivers.id, receiverId), eq(receivers.clientId, clientId)));
  return own !== undefined;
}

/** A page of the deliveries of one client (null: every client's). */
export async function listDeliveries(
  db: Executor,
  clientId: string | null,
  query: ListQuery,
  filters: { event?: string; receiverId?: string; status?: string },
): Promise<Page<DeliveryRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: { createdAt: deliveries.createdAt },
      createdAt: deliveries.createdAt,
      id: deliveries.id,
    },
    [
      clientId === null ? undefined : eq(deliveries.clientId, clientId),
      filters.event !== undefined ? eq(deliveries.eventName, filters.event) : undefined,
      filters.receiverId !== undefined ? eq(deliveries.receiverId, filters.receiverId) : undefined,
      filters.status !== undefined
        ? eq(deliveries.status, filters.status as DeliveryRow['status'])
        : undefined,
    ],
  );
  return selectPage(db, deliveries, clauses);
}

/** Puts a delivery of one client (null: any) back to the dispatcher; none when not found. */
export async function requeueDelivery(
  db: Executor,
  clientId: string | null,
  id: string,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(deliveries)
    .set({
      status: 'pending',
      enqueuedAt: null,
      dispatches: sql`${deliveries.dispatches} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(eq(deliveries.id, id), clientId === null ? undefined : eq(deliveries.clientId, clientId)),
    )
    .returning();
  return row;
}

/** A live receiver of this client and notification type, with its type's event name. */
export async function findClientReceiver(
  db: Executor,
  clientId: string,
  at: { notificationId: string; receiverId: string },
): Promise<{ receiver: ReceiverRow; event: string } | undefined> {
  const [found] = await db
    .select({ receiver: receivers, event: notificationTypes.event })
    .from(receivers)
    .innerJoin(notificationTypes, eq(notificationTypes.id, receivers.notificationTypeId))
    .where(
      and(
        eq(receivers.id, at.receiverId),
        eq(receivers.notificationTypeId, at.notificationId),
        eq(receivers.clientId, clientId),
        isNull(receivers.deletedAt),
      ),
    );
  return found;
}

/** A page of one receiver's deliveries: a receiver `findClientReceiver` found the caller's. */
export async function listReceiverDeliveries(
  db: Executor,
  receiverId: string,
  query: ListQuery,
  status: string | undefined,
): Promise<Page<DeliveryRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: { createdAt: deliveries.createdAt },
      createdAt: deliveries.createdAt,
      id: deliveries.id,
    },
    [
      eq(deliveries.receiverId, receiverId),
      status !== undefined ? eq(deliveries.status, status as DeliveryRow['status']) : undefined,
    ],
  );
  return selectPage(db, deliveries, clauses);
}

export type AttemptRow = {
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  created_at: Date;
};

/** The attempts of these deliveries, each delivery's in order. */
export async function attemptsOfDeliveries(
  db: Executor,
  deliveryIds: string[],
): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  const { rows } = await db.execute<AttemptRow>(
    sql`SELECT delivery_id, attempt, status_code, error, duration_ms, created_at
          FROM notifier.delivery_attempts
         WHERE delivery_id = ANY(${sql.param(deliveryIds)}::uuid[]) ORDER BY delivery_id, id`,
  );
  return rows;
}

/**
 * Replayed events' deliveries to one receiver, in one statement: a new delivery where it had
 * none, the delivery queued again where it ended; one still pending is left as it is. Answers
 * how many were written.
 */
export async function upsertReplayed(
  db: Executor,
  receiver: Pick<ReceiverRow, 'id' | 'clientId'>,
  rows: readonly { payload: NotificationPayload; channel: DeliveryChannel }[],
): Promise<number> {
  const values = rows.map(
    ({ payload, channel }) =>
      sql`(${uuidv7()}::uuid, ${payload.id}::uuid, ${payload.event}, ${receiver.id}::uuid, ${receiver.clientId}, ${channel}, ${JSON.stringify(payload)}::jsonb, 'pending', 0, clock_timestamp())`,
  );
  const { rowCount } = await db.execute(
    sql`INSERT INTO notifier.deliveries
          (id, event_id, event_name, receiver_id, client_id, channel, payload, status, attempts, created_at)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (event_id, receiver_id, channel) DO UPDATE
          SET status = 'pending', enqueued_at = NULL,
              dispatches = notifier.deliveries.dispatches + 1, updated_at = now()
          WHERE notifier.deliveries.status <> 'pending'`,
  );
  return rowCount ?? 0;
}

/** A receiver subscribed to an event, as the fan-out reads it. */
export interface SubscribedRow {
  id: string;
  client_id: string;
  url: string | null;
  email: string | null;
  slack: string | null;
  sms: string | null;
}

/**
 * The live receivers of an event's type that its tenant reaches: the tenant's own, and every
 * admin receiver.
 */
export function subscribersOf(
  db: Executor,
  eventName: string,
  tenantId: string | null,
): Promise<SubscribedRow[]> {
  // Plain SQL (the query builder cost more CPU than the query), prepared: its planning cost
  // forty times its execution.
  return executePrepared<SubscribedRow>(
    db,
    sql`SELECT r.id, r.client_id, r.url, r.email, r.slack, r.sms
            FROM notifier.receivers r
            JOIN notifier.notification_types t ON t.id = r.notification_type_id
           WHERE t.event = ${eventName}
             AND r.deleted_at IS NULL AND r.disabled_at IS NULL
             AND (r.is_admin OR r.tenant_id = ${tenantId}::text)`,
  );
}

/** A delivery the fan-out writes, pending; `payloadJson` is its payload, serialized once. */
export interface FannedOut {
  id: string;
  eventId: string;
  eventName: string;
  receiverId: string;
  clientId: string;
  channel: DeliveryChannel;
  payloadJson: string;
  /** The fan-out's trace context, while tracing is on (docs/tracing.md). */
  traceparent: string | null;
  tracestate: string | null;
}

/** Writes an event's deliveries in one statement; one written before (a redelivery) stays. */
export async function insertFannedOut(db: Executor, rows: readonly FannedOut[]): Promise<void> {
  const values = rows.map(
    (r) =>
      sql`(${r.id}::uuid, ${r.eventId}::uuid, ${r.eventName}, ${r.receiverId}::uuid, ${r.clientId}, ${r.channel}, ${r.payloadJson}::jsonb, 'pending', 0, ${r.traceparent}, ${r.tracestate})`,
  );
  await db.execute(
    sql`INSERT INTO notifier.deliveries
              (id, event_id, event_name, receiver_id, client_id, channel, payload, status, attempts,
               traceparent, tracestate)
            VALUES ${sql.join(values, sql`, `)} ON CONFLICT DO NOTHING`,
  );
}

/** Once per attempt: built once per worker, a named prepared statement. */
export function findDeliveryStatement(db: Database) {
  return db
    .select({ delivery: deliveries, receiver: receivers })
    .from(deliveries)
    .innerJoin(receivers, eq(receivers.id, deliveries.receiverId))
    .where(eq(deliveries.id, sql.placeholder('id')))
    .prepare('notifier_find_delivery');
}

/** Pending deliveries not in the queue yet, locked (other dispatchers skip them), at most `limit`. */
export async function lockUndispatched(db: Executor, limit: number) {
  return db
    .select({
      id: deliveries.id,
      receiverId: deliveries.receiverId,
      clientId: deliveries.clientId,
      dispatches: deliveries.dispatches,
      traceparent: deliveries.traceparent,
      tracestate: deliveries.tracestate,
    })
    .from(deliveries)
    .where(and(eq(deliveries.status, 'pending'), isNull(deliveries.enqueuedAt)))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markEnqueued(db: Executor, ids: readonly string[]): Promise<void> {
  await db
    .update(deliveries)
    .set({ enqueuedAt: new Date() })
    .where(
      sql`${deliveries.id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

/** Pending deliveries enqueued more than `horizonSeconds` ago, at most `limit`. */
export async function enqueuedBefore(db: Executor, horizonSeconds: number, limit: number) {
  return db
    .select({ id: deliveries.id, dispatches: deliveries.dispatches })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, 'pending'),
        sql`${deliveries.enqueuedAt} < now() - make_interval(secs => ${horizonSeconds})`,
      ),
    )
    .limit(limit);
}

/** A pending delivery back to the dispatcher, under a new job id. */
export async function redispatch(db: Executor, id: string): Promise<void> {
  await db
    .update(deliveries)
    .set({ enqueuedAt: null, dispatches: sql`${deliveries.dispatches} + 1` })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'pending')));
}

export async function finishDelivery(
  db: Executor,
  id: string,
  status: DeliveryStatus,
  patch: { code?: number; error?: string } = {},
): Promise<void> {
  await db
    .update(deliveries)
    .set({
      status,
      updatedAt: new Date(),
      ...(patch.code !== undefined ? { lastStatusCode: patch.code } : {}),
      ...(patch.error !== undefined ? { lastError: patch.error } : {}),
      ...(status === 'delivered' ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(deliveries.id, id));
}

/** One attempt at a delivery, as the attempt log keeps it. */
export interface AttemptDone {
  deliveryId: string;
  attempt: number;
  code: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Logs an attempt and applies its outcome to the delivery in one statement (one round trip,
 * atomically): the attempt count, and where given the new status, status code and error.
 */
export async function recordAttempt(
  db: Executor,
  attempt: AttemptDone,
  outcome: { status?: DeliveryStatus; code?: number; error?: string },
): Promise<void> {
  const status = outcome.status ?? null;
  // Prepared (parsed and planned once per connection): one of the two statements of every
  // attempt.
  await executePrepared(
    db,
    sql`WITH attempt AS (
            INSERT INTO notifier.delivery_attempts (delivery_id, attempt, status_code, error, duration_ms)
            VALUES (${attempt.deliveryId}, ${attempt.attempt}, ${attempt.code}, ${attempt.error}, ${attempt.durationMs}))
          UPDATE notifier.deliveries SET
            attempts = ${attempt.attempt},
            updated_at = now(),
            status = COALESCE(${status}::text, status),
            last_status_code = COALESCE(${outcome.code ?? null}::integer, last_status_code),
            last_error = COALESCE(${outcome.error ?? null}::text, last_error),
            delivered_at = CASE WHEN ${status}::text = 'delivered' THEN now() ELSE delivered_at END
          WHERE id = ${attempt.deliveryId}`,
  );
}

/** A receiver's failing streak starts now, unless one has started already. */
export async function markReceiverFailing(db: Executor, receiverId: string): Promise<void> {
  await db
    .update(receivers)
    .set({ failingSince: new Date() })
    .where(and(eq(receivers.id, receiverId), isNull(receivers.failingSince)));
}

/** A success ends a receiver's failing streak. */
export async function clearReceiverFailing(db: Executor, receiverId: string): Promise<void> {
  await db.update(receivers).set({ failingSince: null }).where(eq(receivers.id, receiverId));
}

/** Disables a receiver; none when it was disabled already (another worker's doing). */
export async function disableReceiver(
  db: Executor,
  receiverId: string,
): Promise<ReceiverRow | undefined> {
  const [disabled] = await db
    .update(receivers)
    .set({ disabledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(receivers.id, receiverId), isNull(receivers.disabledAt)))
    .returning();
  return disabled;
}
