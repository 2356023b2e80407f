import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '@custody/logging';
import type { Broker } from '@custody/messaging';

/**
 * `dead_letter_queue_messages{queue}`: the messages in the service's dead-letter queues (events
 * its handlers failed `EVENT_MAX_ATTEMPTS` times), asked of the broker at each scrape. A queue
 * the broker cannot report (disconnected) has no sample: unknown, not empty.
 */
export function deadLetterMetrics(
  registry: Registry,
  broker: Broker,
  queues: readonly string[],
  logger: Logger,
): void {
  new Gauge({
    name: 'dead_letter_queue_messages',
    help: 'Messages waiting in a dead-letter queue of this service',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of queues) {
        try {
          const count = await broker.messageCount(queue);
          if (count !== undefined) this.set({ queue }, count);
        } catch (error) {
          logger.warn({ err: error, queue }, 'dead-letter queue depth not read');
        }
      }
    },
  });
}
