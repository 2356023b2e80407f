import { and, eq, isNull, or } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  EVENT_NAMES,
  type DeliveryChannel,
  type EventEnvelope,
  type NotificationPayload,
} from '@custody/contracts';
import type { EventHandler } from '@custody/messaging';
import type { Transaction } from '@custody/persistence';
import { deliveries, notificationTypes, type ReceiverRow, receivers } from '../schema';

const CHANNELS: DeliveryChannel[] = ['url', 'email', 'slack', 'sms'];

function channelsOf(receiver: ReceiverRow): DeliveryChannel[] {
  return CHANNELS.filter((channel) => receiver[channel]);
}

/**
 * For each event: one delivery per channel of every receiver subscribed to its type — receivers of
 * the event's tenant, and admin receivers of every tenant. Written in the consumer's transaction
 * (with its inbox row); the dispatcher hands them to the delivery queue.
 */
export function fanOut(onFannedOut: () => void): Record<string, EventHandler> {
  const handle: EventHandler = async (event: EventEnvelope, tx: Transaction) => {
    const subscribed = await tx
      .select({ receiver: receivers })
      .from(receivers)
      .innerJoin(notificationTypes, eq(notificationTypes.id, receivers.notificationTypeId))
      .where(
        and(
          eq(notificationTypes.event, event.name),
          isNull(receivers.deletedAt),
          isNull(receivers.disabledAt),
          event.tenantId
            ? or(eq(receivers.tenantId, event.tenantId), eq(receivers.isAdmin, true))
            : eq(receivers.isAdmin, true),
        ),
      );
    const payload: NotificationPayload = {
      id: event.id,
      event: event.name,
      createdAt: event.occurredAt,
      tenantId: event.tenantId,
      data: event.data,
    };
    const rows = subscribed.flatMap(({ receiver }) =>
      channelsOf(receiver).map((channel) => ({
        id: uuidv7(),
        eventId: event.id,
        eventName: event.name,
        receiverId: receiver.id,
        clientId: receiver.clientId,
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
