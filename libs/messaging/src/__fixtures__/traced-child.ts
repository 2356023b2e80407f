// Tracing on (the OTEL_* variables the test sets), one traced "request" makes RPC calls (three in
// one turn, a batch, and one alone) and writes an event; prints the trace contexts that the
// handlers saw, then flushes its spans to the test's OTLP receiver and exits (tracing.spec.ts).
// A process of its own: the SDK's exporter loads node:http with import(), which jest's sandbox
// refuses.
import { sql } from 'drizzle-orm';
import { enqueueEvent, withTransaction } from '@custody/persistence';
import {
  shutdownTracing,
  startSpan,
  startTracing,
  type TraceCarrier,
  traceCarrier,
} from '@custody/telemetry';
import { TEST_EVENT, testEvent } from '@custody/testing';
import { EventConsumer } from '../event-consumer';
import { OutboxRelay } from '../outbox-relay';
import { RpcClient } from '../rpc-client';
import { CallerPolicy, RpcServer } from '../rpc-server';
import { openTo } from '../test-harness';
import { childSetup } from './child-env';

async function main(): Promise<void> {
  if (!(await startTracing('messaging-fixture'))) throw new Error('tracing is not on');
  const { env, logger, pool, db, broker } = childSetup();
  const schema = env('SCHEMA');
  await broker.connect();
  const server = new RpcServer({
    broker,
    callers: new CallerPolicy('guest=gateway'),
    service: 'identity',
    handlers: { whoami: async () => traceCarrier() ?? null },
    access: openTo({ whoami: true }),
    prefetch: 8,
    logger,
  });
  const client = new RpcClient({ broker, defaultTimeoutMs: 5_000, logger });
  const handled: (TraceCarrier | null)[] = [];
  const consumer = new EventConsumer({
    callers: new CallerPolicy('guest=*'),
    broker,
    db,
    schema,
    consumer: 'traced',
    handlers: {
      [TEST_EVENT]: async (event, tx) => {
        handled.push(traceCarrier() ?? null);
        await tx.execute(sql`INSERT INTO svc.effects (event_id) VALUES (${event.id})`);
      },
    },
    logger,
  });
  const relay = new OutboxRelay({ broker, pool, schema, logger, pollIntervalMs: 50 });
  await Promise.all([server.start(), client.start(), consumer.start(), relay.start()]);

  const request = startSpan('request', 'server', { parent: null });
  if (!request) throw new Error('no span');
  const batch = await request.run(() =>
    Promise.all([1, 2, 3].map(() => client.callAny('identity', 'whoami', {}))),
  );
  const alone = await request.run(() => client.callAny('identity', 'whoami', {}));
  await request.run(() => withTransaction(db, (tx) => enqueueEvent(tx, schema, testEvent())));
  request.end();
  const until = Date.now() + 10_000;
  while (handled.length === 0 && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 20));

  await relay.stop();
  await consumer.stop(2_000);
  await server.stop(1_000);
  await client.stop();
  await broker.close();
  await pool.end();
  await shutdownTracing();
  process.stdout.write(
    `${JSON.stringify({ request: request.carrier(), calls: [...batch, alone], events: handled })}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
