import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { sharedRun } from '@custody/service-kit';
import { type InFlightWithdrawals, inFlightWithdrawals, nonceGaps } from './withdrawals.repository';

/**
 * Withdrawals on their way to the chain, for the alerts on withdrawals not broadcast or not
 * confirmed in time, stuck and replaced transactions and nonce gaps (docs/monitoring.md). Read
 * from the database at each scrape, so every replica reports the same rows; labels are statuses,
 * assets and networks, never a withdrawal or a wallet.
 */
export function withdrawalMetrics(registry: Registry, db: Database, logger: Logger): void {
  const guarded = <T>(what: string, read: () => Promise<T[]>) =>
    sharedRun(async () => {
      try {
        return await read();
      } catch (error) {
        logger.warn({ err: error }, `${what} metrics not read`);
        return [];
      }
    });
  const inFlight = guarded('withdrawal', () => inFlightWithdrawals(db));
  const gaps = guarded('nonce gap', () => nonceGaps(db));

  /** A gauge with a sample for each row of the scrape's one query that `sample` keeps. */
  const fromRows = (
    name: string,
    help: string,
    labelNames: string[],
    sample: (row: InFlightWithdrawals) => [Record<string, string>, number] | undefined,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await inFlight()) {
          const kept = sample(row);
          if (kept) this.set(...kept);
        }
      },
    });
  const byStatus = (row: InFlightWithdrawals) => ({ status: row.status, asset: row.assetId });
  fromRows(
    'withdrawals_in_flight',
    'Withdrawals prepared (not sent yet) or broadcast (not confirmed yet), by status and asset',
    ['status', 'asset'],
    (row) => [byStatus(row), row.count],
  );
  fromRows(
    'withdrawals_in_flight_oldest_seconds',
    'Seconds the oldest has waited: prepared since it last changed, broadcast since first sent',
    ['status', 'asset'],
    (row) => [byStatus(row), row.oldestSeconds],
  );
  fromRows(
    'withdrawal_transaction_wait_max_seconds',
    'The longest a broadcast withdrawal has waited since its latest transaction was sent',
    ['asset'],
    (row) =>
      row.status === 'broadcast' ? [{ asset: row.assetId }, row.lastTransactionSeconds] : undefined,
  );
  fromRows(
    'withdrawal_replacements_max',
    'The most replacement transactions (speed-ups, cancels) of one broadcast withdrawal',
    ['asset'],
    (row) =>
      row.status === 'broadcast' ? [{ asset: row.assetId }, row.replacementsMax] : undefined,
  );
  new Gauge({
    name: 'chain_nonce_gaps',
    help: 'Sending addresses with a reserved nonce that no withdrawal in flight holds',
    labelNames: ['network'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await gaps()) this.set({ network: row.network }, row.gaps);
    },
  });
}
