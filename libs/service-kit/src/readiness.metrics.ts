import { Counter, Gauge, type Registry } from 'prom-client';
import { type CheckOutcome, sharedRun } from './ops';

/**
 * `readiness_ok` (1 ready, 0 not) and `readiness_changes_total` (how often the outcome changed).
 * The checks run again at each scrape, so the gauge is never older than the scrape even where no
 * orchestrator probes `/readyz`; every other run (`/readyz`, the RPC ping) is observed too, so a
 * flap between two scrapes still counts. Returns the observer for those other runs.
 */
export function readinessMetrics(
  registry: Registry,
  run: () => Promise<CheckOutcome>,
): (outcome: CheckOutcome) => void {
  let last: boolean | undefined;
  const observe = (outcome: CheckOutcome) => {
    if (last !== undefined && last !== outcome.ok) changes.inc();
    last = outcome.ok;
  };
  // One run per scrape, observed once, which both metrics await (prom-client collects them at
  // once): the counter then includes the change this very run saw.
  const scrape = sharedRun(async () => {
    const outcome = await run();
    observe(outcome);
    return outcome;
  });
  const changes = new Counter({
    name: 'readiness_changes_total',
    help: 'Times the readiness checks changed outcome (ready to not ready, or back)',
    registers: [registry],
    async collect() {
      await scrape();
    },
  });
  new Gauge({
    name: 'readiness_ok',
    help: 'Whether every readiness check passed when scraped (1) or not (0)',
    registers: [registry],
    async collect() {
      this.set((await scrape()).ok ? 1 : 0);
    },
  });
  return observe;
}
