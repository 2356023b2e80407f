import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '@custody/logging';
import { type Database, outboxBacklog } from '@custody/persistence';
import { sharedRun } from './ops';

/**
 * `outbox_unsent_events`, `outbox_oldest_unsent_age_seconds` and `outbox_unroutable_events`:
 * what waits in the service's outbox for the relay, and of it what the broker returned as
 * unroutable, read at each scrape (NaN when the database does not answer: unknown, not zero).
 * Every replica reads the same table.
 */
export function outboxMetrics(
  registry: Registry,
  db: Database,
  schema: string,
  logger: Logger,
): void {
  const read = sharedRun(async () => {
    try {
      return await outboxBacklog(db, schema);
    } catch (error) {
      logger.warn({ err: error }, 'outbox metrics not read');
      return undefined;
    }
  });
  new Gauge({
    name: 'outbox_unsent_events',
    help: 'Events in the outbox not yet published to the broker',
    registers: [registry],
    async collect() {
      this.set((await read())?.unsent ?? NaN);
    },
  });
  new Gauge({
    name: 'outbox_oldest_unsent_age_seconds',
    help: 'Seconds since the oldest unpublished event was written (0 when none waits)',
    registers: [registry],
    async collect() {
      this.set((await read())?.oldestAgeSeconds ?? NaN);
    },
  });
  new Gauge({
    name: 'outbox_unroutable_events',
    help: 'Unsent events the broker returned as unroutable (no queue bound to their name), to be published again',
    registers: [registry],
    async collect() {
      this.set((await read())?.unroutable ?? NaN);
    },
  });
}
