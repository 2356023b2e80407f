import { loadTracingConfig, type TracingConfig } from '@custody/config';
import type { SpanOptions, SpanRole, TraceCarrier, TracedSpan, TracingRuntime } from './types';

/**
 * OpenTelemetry tracing, off unless configured (docs/tracing.md). While off, nothing of the SDK
 * is loaded and every function here returns at once (`startSpan` answers undefined): the
 * messaging and persistence libraries call them on every request and event.
 */
let runtime: TracingRuntime | undefined;

/** Whether the `OTEL_*` variables turn tracing on: an OTLP endpoint or exporter, not disabled. */
export function tracingWanted(config: TracingConfig): boolean {
  if (config.OTEL_SDK_DISABLED || config.OTEL_TRACES_EXPORTER === 'none') return false;
  return (
    config.OTEL_TRACES_EXPORTER === 'otlp' ||
    config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined ||
    config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined
  );
}

/**
 * Starts tracing for `app` if the environment asks for it: validates the `OTEL_*` variables (a
 * bad one stops the start, naming it), then loads the SDK and registers the http and pg
 * instrumentations. Must run before the app's modules load, as `startTraced` does: the
 * instrumentations patch `http` and `pg` when they are required.
 */
export async function startTracing(
  app: string,
  env: Record<string, string | undefined> = process.env,
): Promise<boolean> {
  const config = loadTracingConfig(app, env);
  if (runtime || !tracingWanted(config)) return runtime !== undefined;
  const { startRuntime } = await import('./runtime');
  runtime = startRuntime(app, config);
  return true;
}

/**
 * A process entry: tracing first, then `load` (the app's start, imported only now so that its
 * modules load after the instrumentations are in place). A failure of either exits non-zero.
 */
export function startTraced(app: string, load: () => Promise<unknown>): void {
  startTracing(app)
    .then(load)
    .catch((error: unknown) => {
      process.stderr.write(
        `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    });
}

/** Sends the spans still buffered; tracing is off afterwards. At most `timeoutMs`. */
export async function shutdownTracing(timeoutMs = 5_000): Promise<void> {
  const running = runtime;
  runtime = undefined;
  if (!running) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    running.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

export function tracingEnabled(): boolean {
  return runtime !== undefined;
}

/**
 * Starts a span (see `SpanOptions.parent` for its parent), or nothing while tracing is off. The
 * caller ends it.
 */
export function startSpan(
  name: string,
  role: SpanRole,
  options?: SpanOptions,
): TracedSpan | undefined {
  return runtime?.startSpan(name, role, options);
}

/**
 * Runs `work` in a span that ends when it settles (failed if it throws); while tracing is off,
 * `work()` itself, without an async frame of its own (about 50 ns a call; docs/tracing.md, "What
 * the hooks cost"). Build costly options only when `tracingEnabled()`.
 */
export function withSpan<T>(
  name: string,
  role: SpanRole,
  options: SpanOptions,
  work: () => Promise<T>,
): Promise<T> {
  const span = runtime?.startSpan(name, role, options);
  return span ? inSpan(span, work) : work();
}

async function inSpan<T>(span: TracedSpan, work: () => Promise<T>): Promise<T> {
  try {
    return await span.run(work);
  } catch (error) {
    span.fail(error);
    throw error;
  } finally {
    span.end();
  }
}

/** The active span's context, to keep with work that goes on elsewhere (an outbox row, a job). */
export function traceCarrier(): TraceCarrier | undefined {
  return runtime?.current();
}

/** Names the current HTTP request's span after its route's pattern (`POST /v1/users/:user`). */
export function setHttpRoute(route: string): void {
  runtime?.setHttpRoute(route);
}

/** A carrier read from message headers or job data: the W3C fields, if they are strings. */
export function carrierOf(
  source: Readonly<Record<string, unknown>> | undefined,
): TraceCarrier | undefined {
  const traceparent = source?.['traceparent'];
  if (typeof traceparent !== 'string') return undefined;
  const tracestate = source?.['tracestate'];
  return typeof tracestate === 'string' ? { traceparent, tracestate } : { traceparent };
}
