import {
  TEST_EVENT,
  type OtlpReceiver,
  type ReceivedSpan,
  startOtlpReceiver,
} from '@custody/testing';
import type { TraceCarrier } from '@custody/telemetry';
import { createHarness, type Harness, SCHEMA, spawnFixture } from './test-harness';

/** The trace id and span id of a W3C traceparent. */
function ids(carrier: TraceCarrier | null | undefined): { traceId: string; spanId: string } {
  const [, traceId = '', spanId = ''] = carrier?.traceparent.split('-') ?? [];
  return { traceId, spanId };
}

let h: Harness;
let receiver: OtlpReceiver;
/** What the traced process saw: its request's context, and its handlers' active contexts. */
let seen: { request: TraceCarrier; calls: TraceCarrier[]; events: TraceCarrier[] };

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  h = await createHarness();
  const child = spawnFixture('traced-child', {
    DATABASE_URL: h.database.url,
    AMQP_URL: h.amqpUrl,
    MQ_NAMESPACE: h.namespace,
    SCHEMA,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  });
  const exit = await child.exited;
  if (exit.code !== 0) throw new Error(`traced-child failed: ${child.output()}`);
  seen = JSON.parse(child.output().trim().split('\n').at(-1) ?? '{}');
}, 60_000);

afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

/** The exported span with this id (the child flushed every span before it exited). */
function exported(spanId: string): ReceivedSpan {
  const span = receiver.spans.find((s) => s.spanId === spanId);
  if (!span) throw new Error(`span ${spanId} was not exported`);
  return span;
}

describe('trace context over RabbitMQ', () => {
  it("runs each call's handler in a SERVER span whose parent is the caller's CLIENT span, alone and in a batch", () => {
    expect(seen.calls).toHaveLength(4);
    for (const call of seen.calls) {
      expect(ids(call).traceId).toBe(ids(seen.request).traceId);
      const handled = exported(ids(call).spanId);
      expect(handled).toMatchObject({ kind: 'server', name: 'identity/whoami' });
      const caller = exported(handled.parentSpanId ?? '');
      expect(caller).toMatchObject({ kind: 'client', name: 'identity/whoami' });
      expect(caller.parentSpanId).toBe(ids(seen.request).spanId);
    }
  });

  it("handles an event written in a traced request in that request's trace: outbox row, publish, consumer", () => {
    expect(seen.events).toHaveLength(1);
    const [event] = seen.events;
    expect(ids(event).traceId).toBe(ids(seen.request).traceId);
    const handled = exported(ids(event).spanId);
    expect(handled).toMatchObject({ kind: 'consumer', name: `${TEST_EVENT} process` });
    const published = exported(handled.parentSpanId ?? '');
    expect(published).toMatchObject({ kind: 'producer', name: `${TEST_EVENT} publish` });
    expect(published.parentSpanId).toBe(ids(seen.request).spanId);
  });
});
