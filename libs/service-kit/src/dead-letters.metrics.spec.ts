import amqp from 'amqplib';
import { Registry } from 'prom-client';
import { TOPOLOGY } from '@custody/contracts';
import { Broker } from '@custody/messaging';
import {
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
  waitFor,
} from '@custody/testing';
import { deadLetterMetrics } from './dead-letters.metrics';

let namespace: string;
let broker: Broker;
let dlq: string;

beforeAll(async () => {
  namespace = uniqueName('t');
  broker = new Broker({ url: testServiceUrls().amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
  dlq = broker.name(TOPOLOGY.deadLetterQueue(TOPOLOGY.eventQueue('probe')));
});

afterAll(async () => {
  await broker.close();
  await deleteMqNamespace(namespace, ['probe']);
});

/** The gauge's samples of one scrape, by queue. */
async function depths(registry: Registry): Promise<Record<string, number>> {
  const text = await registry.metrics();
  const found: Record<string, number> = {};
  for (const [, queue, value] of text.matchAll(
    /^dead_letter_queue_messages\{queue="([^"]+)"\} (\S+)$/gm,
  ))
    if (queue) found[queue] = Number(value);
  return found;
}

it('reports the messages waiting in each dead-letter queue, and none for a queue that is not there', async () => {
  const missing = broker.name('nobody.events.dlq');
  const registry = new Registry();
  deadLetterMetrics(registry, broker, [dlq, missing], testLogger());
  expect(await broker.messageCount(dlq)).toBeUndefined();

  const connection = await amqp.connect(testServiceUrls().amqpUrl);
  try {
    const channel = await connection.createConfirmChannel();
    await channel.assertQueue(dlq, broker.queueOptions());
    expect(await depths(registry)).toEqual({ [dlq]: 0 });
    for (const body of ['a', 'b', 'c']) channel.sendToQueue(dlq, Buffer.from(body));
    await channel.waitForConfirms();
    await waitFor(async () => (await broker.messageCount(dlq)) === 3, {
      what: 'the three dead letters in the queue',
    });
    expect(await depths(registry)).toEqual({ [dlq]: 3 });
  } finally {
    await connection.close();
  }
});

it('reports nothing while disconnected (unknown, not empty)', async () => {
  const closed = new Broker({ url: testServiceUrls().amqpUrl, namespace, logger: testLogger() });
  const registry = new Registry();
  deadLetterMetrics(registry, closed, [dlq], testLogger());
  expect(await depths(registry)).toEqual({});
});
