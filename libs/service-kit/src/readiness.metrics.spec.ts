import { Registry } from 'prom-client';
import type { CheckOutcome } from './ops';
import { readinessMetrics } from './readiness.metrics';

const ready: CheckOutcome = { ok: true, checks: { database: { status: 'ok' } } };
const notReady: CheckOutcome = {
  ok: false,
  checks: { database: { status: 'failed', detail: 'connection refused' } },
};

/** The two readiness series of one scrape. */
async function scrape(registry: Registry) {
  const text = await registry.metrics();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return { ok: value('readiness_ok'), changes: value('readiness_changes_total') };
}

it('runs the checks once per scrape and reports their outcome, counting each change', async () => {
  const outcomes = [ready, notReady, ready];
  let runs = 0;
  const registry = new Registry();
  readinessMetrics(registry, async () => outcomes[runs++] ?? ready);
  expect(await scrape(registry)).toEqual({ ok: 1, changes: 0 });
  expect(runs).toBe(1);
  expect(await scrape(registry)).toEqual({ ok: 0, changes: 1 });
  expect(await scrape(registry)).toEqual({ ok: 1, changes: 2 });
  expect(runs).toBe(3);
});

it('counts the changes other runs saw between two scrapes (/readyz, the RPC ping)', async () => {
  const registry = new Registry();
  const observe = readinessMetrics(registry, async () => ready);
  expect(await scrape(registry)).toEqual({ ok: 1, changes: 0 });
  observe(notReady);
  observe(ready);
  observe(notReady);
  // The scrape's own run is ready again: a fourth change.
  expect(await scrape(registry)).toEqual({ ok: 1, changes: 4 });
});
