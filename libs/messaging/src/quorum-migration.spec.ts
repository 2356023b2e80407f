import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import { sql } from 'drizzle-orm';
import { type AnyEvent, TOPOLOGY } from '@custody/contracts';
import { enqueueEvent, withTransaction } from '@custody/persistence';
import { TEST_EVENT, testEvent, testLogger, waitFor } from '@custody/testing';
import { Broker } from './broker';
import { EventConsumer, type EventHandler } from './event-consumer';
import { OutboxRelay } from './outbox-relay';
import { declaredQueues, migrateToQuorumQueues } from './quorum-migration';
import { CallerPolicy } from './rpc-server';
import { createHarness, type Harness, readyCount, SCHEMA } from './test-harness';

// A namespace whose queues were declared classic (MQ_QUORUM_QUEUES=false) moved to quorum
// queues of the same names while its apps are stopped: every message is still there once, in
// order, the bindings route again, and the apps declare their queues as quorum queues after.
// The test event (audit.rpc-refused) is identity's to consume.

const run = promisify(execFile);
const SHARED_USER = new CallerPolicy('guest=*');
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(async () => {
  await h.close();
});

const recordEffect: EventHandler = async (event, tx) => {
  await tx.execute(sql`INSERT INTO svc.effects (event_id) VALUES (${event.id})`);
};

function identityConsumer(broker: Broker): EventConsumer {
  return new EventConsumer({
    callers: SHARED_USER,
    broker,
    db: h.db,
    schema: SCHEMA,
    consumer: 'identity',
    handlers: { [TEST_EVENT]: recordEffect },
    logger: testLogger(),
  });
}

/**
 * The queues of the namespace: their type as RabbitMQ lists it, and the messages ready as a
 * declaration answers (the list's counts of a quorum queue lag behind).
 */
async function listed(): Promise<Record<string, { type: string; messages: number }>> {
  const { stdout } = await run(
    'rabbitmqctl',
    ['-q', 'list_queues', 'name', 'type', '--formatter', 'json'],
    {
      timeout: 30_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const queues = (JSON.parse(stdout || '[]') as { name: string; type: string }[]).filter((q) =>
    q.name.startsWith(`${h.namespace}.`),
  );
  const counted = await Promise.all(
    queues.map(async (q) => ({ ...q, messages: await readyCount(h.amqpUrl, q.name) })),
  );
  return Object.fromEntries(
    counted.map((q) => [
      q.name.slice(h.namespace.length + 1),
      { type: q.type, messages: q.messages },
    ]),
  );
}

it('moves the classic queues of a namespace to quorum queues, every message kept once and in order', async () => {
  // The apps as they ran before: classic queues, a consumer that declared its queue and stopped.
  const classic = h.broker;
  const consumer = identityConsumer(classic);
  await consumer.start();
  await consumer.stop(2_000);
  const rpcQueue = classic.rpcQueue('identity');
  const connection = await amqp.connect(h.amqpUrl);
  const channel = await connection.createConfirmChannel();
  await channel.assertQueue(rpcQueue, classic.queueOptions());
  await channel.bindQueue(rpcQueue, classic.rpcExchange, 'identity');

  // Events waiting in identity's queue, one in its dead letters, a request in its RPC queue.
  const written: AnyEvent[] = [];
  for (let i = 0; i < 30; i += 1)
    written.push(await withTransaction(h.db, (tx) => enqueueEvent(tx, SCHEMA, testEvent(i))));
  const relay = new OutboxRelay({
    broker: classic,
    pool: h.pool,
    schema: SCHEMA,
    logger: testLogger(),
  });
  await relay.start();
  await waitFor(
    async () =>
      (await h.pool.query(`SELECT 1 FROM ${SCHEMA}.outbox WHERE sent_at IS NULL`)).rowCount === 0,
    { what: 'the events published' },
  );
  await relay.stop();
  const userId = classic.username;
  channel.publish(classic.deadLetterExchange, consumer.queueName, Buffer.from('{"dead":1}'), {
    userId,
    persistent: true,
  });
  channel.publish(classic.rpcExchange, 'identity', Buffer.from('{"call":1}'), {
    userId,
    persistent: true,
    correlationId: 'c-1',
    headers: { 'x-request-id': 'r-1' },
  });
  await channel.waitForConfirms();
  await connection.close();
  const before = await listed();
  expect(before['identity.events']).toEqual({ type: 'classic', messages: 30 });
  expect(before['identity.events.dlq']).toEqual({ type: 'classic', messages: 1 });
  expect(before['rpc.identity']).toEqual({ type: 'classic', messages: 1 });

  // An app switched to quorum queues before the migration says why it cannot start.
  const quorum = new Broker({
    url: h.amqpUrl,
    namespace: h.namespace,
    quorumQueues: true,
    logger: testLogger(),
  });
  await quorum.connect();
  const early = identityConsumer(quorum);
  await expect(early.start()).rejects.toThrow(/docs\/operations\/quorum-queues\.md/);
  quorum.unregister(early);

  // A dry run names what it would move and moves nothing.
  const options = { url: h.amqpUrl, namespace: h.namespace, logger: testLogger() };
  const dry = await migrateToQuorumQueues({ ...options, dryRun: true });
  expect(dry.migrated.map((m) => m.queue).sort()).toEqual(
    [consumer.queueName, consumer.deadLetterQueueName, rpcQueue].sort(),
  );
  expect((await listed())['identity.events']).toEqual({ type: 'classic', messages: 30 });

  const report = await migrateToQuorumQueues(options);
  expect(Object.fromEntries(report.migrated.map((m) => [m.queue, m.messages]))).toEqual({
    [consumer.queueName]: 30,
    [consumer.deadLetterQueueName]: 1,
    [rpcQueue]: 1,
  });
  const after = await listed();
  expect(after['identity.events']).toEqual({ type: 'quorum', messages: 30 });
  expect(after['identity.events.dlq']).toEqual({ type: 'quorum', messages: 1 });
  expect(after['rpc.identity']).toEqual({ type: 'quorum', messages: 1 });
  expect(Object.keys(after).filter((name) => name.includes('migration'))).toEqual([]);
  // Run again: nothing left to move.
  expect((await migrateToQuorumQueues(options)).migrated).toEqual([]);

  // The messages kept their order and properties.
  const reader = await amqp.connect(h.amqpUrl);
  const read = await reader.createChannel();
  const request = await read.get(rpcQueue, { noAck: true });
  expect(request && request.properties).toMatchObject({
    correlationId: 'c-1',
    userId,
    headers: { 'x-request-id': 'r-1' },
  });
  const peek: string[] = [];
  for (let m = await read.get(consumer.queueName); m; m = await read.get(consumer.queueName))
    peek.push((JSON.parse(m.content.toString()) as AnyEvent).id);
  expect(peek).toEqual(written.map((e) => e.id));
  await reader.close(); // the peeked events go back to the queue, unacked

  // The app with quorum queues now starts, takes every event once, and the bindings route again.
  const migrated = identityConsumer(quorum);
  await migrated.start();
  await waitFor(async () => (await h.effects()) === 30, { what: 'the 30 waiting events applied' });
  const late = await withTransaction(h.db, (tx) => enqueueEvent(tx, SCHEMA, testEvent(99)));
  const relayAfter = new OutboxRelay({
    broker: quorum,
    pool: h.pool,
    schema: SCHEMA,
    logger: testLogger(),
  });
  await relayAfter.start();
  await waitFor(async () => (await h.effects()) === 31, { what: 'an event published after' });
  await relayAfter.stop();
  await migrated.stop(2_000);
  await quorum.close();
  const { rows } = await h.pool.query<{ event_id: string }>(
    `SELECT event_id FROM ${SCHEMA}.effects ORDER BY event_id`,
  );
  expect(rows.map((r) => r.event_id)).toEqual([...written.map((e) => e.id), late.id].sort());
});

it("lists each service's queues with the bindings its app makes", () => {
  const broker = new Broker({ url: 'amqp://localhost', namespace: 'ns', logger: testLogger() });
  const queues = Object.fromEntries(declaredQueues(broker).map((q) => [q.name, q]));
  expect(queues['ns.rpc.signing']?.bindings).toEqual([
    { exchange: 'ns.rpc', routingKey: 'signing' },
  ]);
  expect(queues['ns.identity.events']?.bindings.map((b) => b.routingKey)).toContain(TEST_EVENT);
  expect(queues['ns.identity.events']?.extra).toEqual({
    deadLetterExchange: 'ns.events.dlx',
    deadLetterRoutingKey: 'ns.identity.events',
  });
  expect(queues['ns.identity.events.dlq']?.bindings).toEqual([
    { exchange: 'ns.events.dlx', routingKey: 'ns.identity.events' },
  ]);
  // Signing consumes no events: it has an RPC queue only.
  expect(queues[`ns.${TOPOLOGY.eventQueue('signing')}`]).toBeUndefined();
});
