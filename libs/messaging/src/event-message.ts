import type { Options } from 'amqplib';
import { type EventBatchItem, type EventEnvelope, HEADERS } from '@custody/contracts';

/** An outbox row as the relay publishes it. */
export interface OutgoingEvent {
  name: string;
  envelope: EventEnvelope;
  headers: Record<string, unknown>;
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
 * message is not an event or a batch of events.
 */
export function decodeEventMessage(
  content: Buffer,
  headers: Record<string, unknown> | undefined,
): { event: EventEnvelope; headers: Record<string, unknown> }[] {
  const body = JSON.parse(content.toString('utf8')) as unknown;
  const items = isEventBatch(headers)
    ? (body as EventBatchItem[])
    : [{ event: body, headers: headers ?? {} }];
  if (!Array.isArray(items) || items.length === 0) throw new Error('not an event batch');
  return items.map(({ event, headers: own }) => {
    const e = event as EventEnvelope | null;
    if (typeof e?.id !== 'string' || typeof e.name !== 'string') throw new Error('not an event');
    return { event: e, headers: own ?? {} };
  });
}
