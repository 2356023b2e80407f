import type { Express } from 'express';
import type { Registry } from 'prom-client';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

export interface CheckOutcome {
  ok: boolean;
  checks: Record<string, { status: 'ok' | 'failed'; detail?: unknown }>;
}

export async function runChecks(
  checks: readonly ReadinessCheck[],
  timeoutMs: number,
): Promise<CheckOutcome> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const detail = await Promise.race([
          check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
          }),
        ]);
        return [
          name,
          { status: 'ok' as const, ...(detail !== undefined ? { detail } : {}) },
        ] as const;
      } catch (error) {
        const message = (error as { message?: string }).message ?? 'failed';
        return [name, { status: 'failed' as const, detail: message }] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ok: results.every(([, r]) => r.status === 'ok'), checks: Object.fromEntries(results) };
}

export interface OpsOptions {
  registry: Registry;
  checks: readonly ReadinessCheck[];
  timeoutMs: number;
  isShuttingDown: () => boolean;
  /** Told each outcome of the checks (`readinessMetrics`). */
  observe?: (outcome: CheckOutcome) => void;
}

/**
 * `/healthz`: the process is alive. `/readyz`: every dependency answers (503 otherwise, and
 * always while shutting down so load balancers stop sending work). `/metrics`: Prometheus.
 */
export function mountOps(app: Express, options: OpsOptions): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    if (options.isShuttingDown()) {
      res.status(503).json({ status: 'shutting_down', checks: {} });
      return;
    }
    const outcome = await runChecks(options.checks, options.timeoutMs);
    options.observe?.(outcome);
    res
      .status(outcome.ok ? 200 : 503)
      .json({ status: outcome.ok ? 'ready' : 'not_ready', checks: outcome.checks });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(options.registry.contentType).send(await options.registry.metrics());
  });
}

/** One run at a time: callers that ask while a run is in flight share its outcome. */
export function sharedRun<T>(run: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () =>
    (inFlight ??= run().finally(() => {
      inFlight = undefined;
    }));
}

/**
 * The probes of a public port: `/healthz`, and a `/readyz` that says only ready or not, naming no
 * dependency (the detailed one is `mountOps` on an internal port). Anyone may ask, so the probes
 * that arrive while a run is in flight share it instead of each starting the checks again.
 */
export function mountPublicProbes(app: Express, options: Omit<OpsOptions, 'registry'>): void {
  const ready = sharedRun(async () => {
    const outcome = await runChecks(options.checks, options.timeoutMs);
    options.observe?.(outcome);
    return outcome;
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    if (options.isShuttingDown()) {
      res.status(503).json({ status: 'shutting_down' });
      return;
    }
    const outcome = await ready();
    res.status(outcome.ok ? 200 : 503).json({ status: outcome.ok ? 'ready' : 'not_ready' });
  });
}
