import amqp from 'amqplib';
import { decodeEventMessage } from '@custody/messaging';
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
      // A message may carry several events of one name (`x-event-batch`): each counts.
      for (const { event } of decodeEventMessage(msg.content, msg.properties.headers))
        events.push(event);
    },
    { noAck: true },
  );
  return { events, close: () => connection.close() };
}
