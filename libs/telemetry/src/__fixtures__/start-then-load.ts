// Starts tracing with this process's environment, then loads pg as an app's start does, and
// prints what was loaded: the OpenTelemetry modules in the require cache and whether pg's
// queries are wrapped by the instrumentation (tracing.spec.ts).
import { shutdownTracing, startTracing, tracingEnabled } from '../tracing';

async function main(): Promise<void> {
  const started = await startTracing('fixture');
  const pg = await import('pg');
  const query: unknown = pg.default.Client.prototype.query;
  const otelModules = Object.keys(require.cache).filter((file) =>
    file.includes(`node_modules/@opentelemetry/`),
  ).length;
  process.stdout.write(
    `${JSON.stringify({
      started,
      enabled: tracingEnabled(),
      otelModules,
      pgWrapped: typeof query === 'function' && '__wrapped' in query,
    })}\n`,
  );
  await shutdownTracing();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
