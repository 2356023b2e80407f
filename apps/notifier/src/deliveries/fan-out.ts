import { v7 as uuidv7 } from 'uuid';
import { type AnyEvent, EVENT_NAMES, type DeliveryChannel } from '@custody/contracts';
import type { EventHandler, EventHandlers } from '@custody/messaging';
import type { Executor, Transaction } from '@custody/persistence';
import { traceCarrier } from '@custody/telemetry';
import { payloadOf, type RecordedEvent, recordEvents } from '../events/events.repository';
import { insertFannedOut, type SubscribedRow, subscribersOf } from './deliveries.repository';

const CHANNELS: DeliveryChannel[] = ['url', 'email', 'slack', 'sms'];

function channelsOf(receiver: SubscribedRow): DeliveryChannel[] {
  return CHANNELS.filter((channel) => receiver[channel]);
}

/**
 * Receivers per (event, tenant) looked up in a transaction: the consumer handles a batch of events
 * in one transaction, and the events of a batch are mostly of few kinds, so each kind is looked up
 * once per batch (same transaction, same answer) instead of once per event.
 */
const lookedUp = new WeakMap<Transaction, Map<string, Promise<SubscribedRow[]>>>();

function subscribersIn(
  tx: Transaction,
  eventName: string,
  tenantId: string | null,
): Promise<SubscribedRow[]> {
  let cache = lookedUp.get(tx);
  if (!cache) {
    cache = new Map();
    lookedUp.set(tx, cache);
  }
  return cachedLookUp(cache, tx, eventName, tenantId);
}

/** The receivers of one kind and tenant, looked up once per `cache`. */
function cachedLookUp(
  cache: Map<string, Promise<SubscribedRow[]>>,
  executor: Executor,
  eventName: string,
  tenantId: string | null,
): Promise<SubscribedRow[]> {
  const key = `${eventName}\u0000${tenantId ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    found = subscribersOf(executor, eventName, tenantId);
    cache.set(key, found);
  }
  return found;
}

/**
 * The events no receiver is subscribed to (looked up once per kind and tenant, outside any
 * transaction): they make no delivery, so they are recorded in the feed's log in one statement
 * (which an event recorded before leaves as it is) and the consumer acks them without a
 * transaction or an inbox row. A receiver subscribed by the time an event is handled the usual
 * way gets it, as before; one subscribed after this look-up does not, as when the event was
 * handled just before.
 */
export function eventsWithoutSubscribers(
  db: Executor,
): (events: RecordedEvent[]) => Promise<boolean[]> {
  return async (events) => {
    const batch = new Map<string, Promise<SubscribedRow[]>>();
    const idle = await Promise.all(
      events.map(async (event) =>
        (await cachedLookUp(batch, db, event.name, event.tenantId ?? null)).every(
          (receiver) => channelsOf(receiver).length === 0,
        ),
      ),
    );
    await recordEvents(
      db,
      events.filter((_, i) => idle[i]),
    );
    return idle;
  };
}

/**
 * For each event: its entry in the feed's log, and one delivery per channel of every receiver
 * subscribed to its type — receivers of
 * the event's tenant, and admin receivers of every tenant. Written in the consumer's transaction
 * (with its inbox row); the dispatcher hands them to the delivery queue.
 */
export function fanOut(onFannedOut: () => void): EventHandlers {
  const handle: EventHandler = async (event: AnyEvent, tx: Transaction) => {
    await recordEvents(tx, [event]);
    const subscribed = await subscribersIn(tx, event.name, event.tenantId ?? null);
    const payload = payloadOf(event);
    const payloadJson = JSON.stringify(payload);
    // The event's consumer span: each delivery's attempts join its trace (docs/tracing.md).
    const trace = traceCarrier();
    const rows = subscribed.flatMap((receiver) =>
      channelsOf(receiver).map((channel) => ({
        id: uuidv7(),
        eventId: event.id,
        eventName: event.name,
        receiverId: receiver.id,
        clientId: receiver.client_id,
        channel,
        payloadJson,
        traceparent: trace?.traceparent ?? null,
        tracestate: trace?.tracestate ?? null,
      })),
    );
    if (rows.length > 0) {
      await insertFannedOut(tx, rows);
      onFannedOut();
    }
  };
  const handlers: EventHandlers = {};
  for (const name of EVENT_NAMES) handlers[name] = handle;
  return handlers;
}
