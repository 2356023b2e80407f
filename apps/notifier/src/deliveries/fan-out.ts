import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  EVENT_NAMES,
  type DeliveryChannel,
  type EventEnvelope,
  type NotificationPayload,
} from '@custody/contracts';
import type { EventHandler } from '@custody/messaging';
import type { Transaction } from '@custody/persistence';
import { deliveries } from '../schema';

const CHANNELS: DeliveryChannel[] = ['url', 'email', 'slack', 'sms'];

interface SubscribedRow {
  id: string;
  client_id: string;
  url: string | null;
  email: string | null;
  slack: string | null;
  sms: string | null;
}

function channelsOf(receiver: SubscribedRow): DeliveryChannel[] {
  return CHANNELS.filter((channel) => receiver[channel]);
}

/**
 * For each event: one delivery per channel of every receiver subscribed to its type — receivers of
 * the event's tenant, and admin receivers of every tenant. Written in the consumer's transaction
 * (with its inbox row); the dispatcher hands them to the delivery queue.
 */
export function fanOut(onFannedOut: () => void): Record<string, EventHandler> {
  const handle: EventHandler = async (event: EventEnvelope, tx: Transaction) => {
    // Plain SQL: this runs once per event, and building it with the query builder cost more CPU
    // than the query itself (docs/performance.md).
    const subscribed = (
      await tx.execute(
        sql`SELECT r.id, r.client_id, r.url, r.email, r.slack, r.sms
              FROM notifier.receivers r
              JOIN notifier.notification_types t ON t.id = r.notification_type_id
             WHERE t.event = ${event.name}
               AND r.deleted_at IS NULL AND r.disabled_at IS NULL
               AND (r.is_admin OR r.tenant_id = ${event.tenantId ?? null}::text)`,
      )
    ).rows as unknown as SubscribedRow[];
    const payload: NotificationPayload = {
      id: event.id,
      event: event.name,
      createdAt: event.occurredAt,
      tenantId: event.tenantId,
      data: event.data,
    };
    const rows = subscribed.flatMap((receiver) =>
      channelsOf(receiver).map((channel) => ({
        id: uuidv7(),
        eventId: event.id,
        eventName: event.name,
        receiverId: receiver.id,
        clientId: receiver.client_id,
        channel,
        payload,
        status: 'pending' as const,
        attempts: 0,
      })),
    );
    if (rows.length > 0) {
      await tx.insert(deliveries).values(rows).onConflictDoNothing();
      onFannedOut();
    }
  };
  return Object.fromEntries(EVENT_NAMES.map((name) => [name, handle]));
}
