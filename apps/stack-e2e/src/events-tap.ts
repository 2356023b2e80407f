import amqp from 'amqplib';
import { type EventBatchItem, HEADERS } from '@custody/contracts';
import { testServiceUrls } from '@custody/testing';

export interface TappedEvent {
  id: string;
  name: string;
  tenantId: string | null;
  data: Record<string, any>;
}

/** Listens to a stack's events exchange, as a test-only extra consumer. */
export async function tapEvents(namespace: string, pattern: string) {
  const connection = await amqp.connect(testServiceUrls().amqpUrl);
  const channel = await connection.createChannel();
  const exchange = `${namespace}.events`;
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, exchange, pattern);
  const events: TappedEvent[] = [];
  await channel.consume(
    queue,
    (msg) => {
      if (!msg) return;
      const body = JSON.parse(msg.content.toString()) as unknown;
      // A message may carry several events of one name (`x-event-batch`): each counts.
      if (msg.properties.headers?.[HEADERS.eventBatch] === undefined)
        events.push(body as TappedEvent);
      else events.push(...(body as EventBatchItem[]).map((item) => item.event as TappedEvent));
    },
    { noAck: true },
  );
  return { events, close: () => connection.close() };
}
