import amqp from 'amqplib';
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
  await channel.consume(queue, (msg) => msg && events.push(JSON.parse(msg.content.toString())), {
    noAck: true,
  });
  return { events, close: () => connection.close() };
}
