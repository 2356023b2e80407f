import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { sharedRun } from '@custody/service-kit';
import { pendingApprovals } from './approvals.repository';

/**
 * `approvals_pending{activity}` and `approvals_pending_past_half_life{activity}`: approvals
 * waiting for their approvers, and those that have used more than half of their life (an alert:
 * approvers have half the time left before the operation expires). Read at each scrape; every
 * replica reads the same rows.
 */
export function approvalMetrics(registry: Registry, db: Database, logger: Logger): void {
  const read = sharedRun(async () => {
    try {
      return await pendingApprovals(db);
    } catch (error) {
      logger.warn({ err: error }, 'approval metrics not read');
      return [];
    }
  });
  new Gauge({
    name: 'approvals_pending',
    help: 'Approvals waiting for their approvers, by activity',
    labelNames: ['activity'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await read()) this.set({ activity: row.activity }, row.pending);
    },
  });
  new Gauge({
    name: 'approvals_pending_past_half_life',
    help: 'Pending approvals that have waited more than half of their life, by activity',
    labelNames: ['activity'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await read()) this.set({ activity: row.activity }, row.pastHalfLife);
    },
  });
}
