import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { sharedRun } from '@custody/service-kit';
import { openRestores } from './restore.repository';
import type { RestoreOrigin } from './restore.rules';

const ORIGINS: readonly RestoreOrigin[] = ['command', 'accepted', 'detected'];

/**
 * `restore_open{origin}`: the restores open now (no money moves), by who opened them; `detected`
 * is one wallet-ledger opened on finding its books behind the chain, which alerts
 * (`BooksBehindChain`, docs/monitoring.md). Read from the database at each scrape, so every
 * replica reports the same.
 */
export function restoreMetrics(registry: Registry, db: Database, logger: Logger): void {
  const read = sharedRun(async () => {
    try {
      return await openRestores(db);
    } catch (error) {
      logger.warn({ err: error }, 'restore metrics not read');
      return undefined;
    }
  });
  new Gauge({
    name: 'restore_open',
    help: 'Restores open now (no money moves until each is done), by who opened them: command, accepted, detected (the books found behind the chain)',
    labelNames: ['origin'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await read();
      if (!rows) return;
      for (const origin of ORIGINS)
        this.set({ origin }, rows.find((r) => r.origin === origin)?.count ?? 0);
    },
  });
}
