import amqp from 'amqplib';
import { namespaced, SERVICES, TOPOLOGY } from '@custody/contracts';
import { testServiceUrls } from './services';

/**
 * Deletes every queue and exchange a test namespace may have declared (the names come from the
 * contracts, so this stays in step with the topology). Missing ones are ignored.
 */
export async function deleteMqNamespace(
  namespace: string,
  extraConsumers: string[] = [],
): Promise<void> {
  if (!namespace) throw new Error('Refusing to delete the production (empty) namespace');
  const connection = await amqp.connect(testServiceUrls().amqpUrl);
  try {
    const consumers = [...SERVICES, ...extraConsumers];
    const queues = [
      ...SERVICES.map((s) => TOPOLOGY.rpcQueue(s)),
      ...consumers.map((c) => TOPOLOGY.eventQueue(c)),
      ...consumers.map((c) => TOPOLOGY.deadLetterQueue(TOPOLOGY.eventQueue(c))),
    ];
    for (const queue of queues) {
      // Each delete on its own channel: a failure closes the channel it happened on.
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      await channel.deleteQueue(namespaced(namespace, queue)).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
    for (const exchange of [TOPOLOGY.eventsExchange, TOPOLOGY.deadLetterExchange]) {
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      await channel.deleteExchange(namespaced(namespace, exchange)).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
  } finally {
    await connection.close();
  }
}
