import type { Options } from 'amqplib';
import { type AnyEvent, type EventBatchItem, HEADERS, isAnyEventName } from '@custody/contracts';

/** An outbox row as the relay publishes it. */
export interface OutgoingEvent {
  name: string;
  envelope: AnyEvent;
  headers: Record<string, unknown>;
}

/** An envelope off the wire with every field of one; its name may be one this build lacks. */
export interface ReceivedEnvelope {
  id: string;
  name: string;
  occurredAt: string;
  tenantId: string | null;
  data: object;
}

/**
 * One message for a run of events of one name: the event itself when it is alone (what
 * consumers from before batching read), else a JSON array of `EventBatchItem` under
 * `x-event-batch` (its count).
 */
export function encodeEventMessage(run: OutgoingEvent[]): {
  content: Buffer;
  options: Options.Publish;
} {
  const first = run[0];
  if (!first) throw new Error('an event message needs an event');
  const options: Options.Publish = {
    persistent: true,
    contentType: 'application/json',
    messageId: first.envelope.id,
    timestamp: Math.floor(Date.parse(first.envelope.occurredAt) / 1000),
  };
  if (run.length === 1)
    return {
      content: Buffer.from(JSON.stringify(first.envelope)),
      options: { ...{}, ...options, headers: first.headers },
    };
  const items = run.map((row): EventBatchItem => ({ event: row.envelope, headers: row.headers }));
  return {
    content: Buffer.from(JSON.stringify(items)),
    options: { ...{}, ...options, headers: { [HEADERS.eventBatch]: run.length } },
  };
}

/** Whether a message carries a batch of events (see `encodeEventMessage`). */
export function isEventBatch(headers: Record<string, unknown> | undefined): boolean {
  return headers?.[HEADERS.eventBatch] !== undefined;
}

/**
 * The events a message carries, each with the headers it was published with. Throws if the
 * message is not an event or a batch of events, or an envelope lacks a field.
 */
export function decodeEventMessage(
  content: Buffer,
  headers: Record<string, unknown> | undefined,
): { event: ReceivedEnvelope; headers: Record<string, unknown> }[] {
  const body: unknown = JSON.parse(content.toString('utf8'));
  const items: unknown[] = isEventBatch(headers)
    ? Array.isArray(body)
      ? body
      : []
    : [{ event: body, headers: headers ?? {} }];
  if (items.length === 0) throw new Error('not an event batch');
  return items.map((item) => {
    if (typeof item !== 'object' || item === null || !('event' in item))
      throw new Error('not an event batch');
    const own = 'headers' in item ? item.headers : undefined;
    return { event: envelopeOf(item.event), headers: isRecord(own) ? own : {} };
  });
}

/**
 * Whether an envelope off the wire is an event this build knows. Its payload is then taken as
 * its name's: producers cannot enqueue another (`enqueueEvent` is typed by EventPayloads), and a
 * consumer takes a name only from the broker users of its publishers (EVENT_ROUTES).
 */
export function isKnownEvent(event: ReceivedEnvelope): event is AnyEvent {
  return isAnyEventName(event.name);
}

function envelopeOf(value: unknown): ReceivedEnvelope {
  if (!isRecord(value)) throw new Error('not an event');
  const { id, name, occurredAt, tenantId, data } = value;
  if (
    typeof id !== 'string' ||
    typeof name !== 'string' ||
    typeof occurredAt !== 'string' ||
    (tenantId !== null && typeof tenantId !== 'string') ||
    typeof data !== 'object' ||
    data === null
  )
    throw new Error('not an event');
  return { id, name, occurredAt, tenantId, data };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
