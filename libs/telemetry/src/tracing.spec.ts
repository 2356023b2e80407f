import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError } from '@custody/config';
import {
  carrierOf,
  startSpan,
  startTracing,
  traceCarrier,
  tracingEnabled,
  tracingWanted,
  withSpan,
} from './tracing';

const ROOT = path.resolve(__dirname, '../../..');

/** What the fixture saw after starting tracing with `env` and loading pg. */
function startThenLoad(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('OTEL_')),
  );
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '__fixtures__', 'start-then-load.ts')],
    { cwd: ROOT, env: { ...clean, ...env }, encoding: 'utf8', timeout: 60_000 },
  );
  expect(run.stderr).not.toMatch(/Error/);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
    started: boolean;
    enabled: boolean;
    otelModules: number;
    pgWrapped: boolean;
  };
}

describe('tracing configuration', () => {
  const wanted = (env: Record<string, string | boolean>) =>
    tracingWanted({ OTEL_SDK_DISABLED: false, ...env });

  it('is on only when an OTLP endpoint or the otlp exporter is named, and not disabled', () => {
    expect(wanted({})).toBe(false);
    expect(wanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(wanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe(true);
    expect(wanted({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(
      wanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }),
    ).toBe(false);
    expect(wanted({ OTEL_SDK_DISABLED: true, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toBe(
      false,
    );
  });

  it('stops the start on an invalid variable, naming it', async () => {
    const start = startTracing('gateway', { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL/);
    await expect(
      startTracing('gateway', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }),
    ).rejects.toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('stays off without OTEL variables: no span, no context, nothing to carry', async () => {
    await expect(startTracing('gateway', {})).resolves.toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(startSpan('anything', 'server', { parent: null })).toBeUndefined();
    expect(traceCarrier()).toBeUndefined();
    // The work runs as it is, its answer and its failure unchanged.
    await expect(withSpan('anything', 'internal', {}, async () => 7)).resolves.toBe(7);
    const failure = new Error('refused');
    await expect(
      withSpan('anything', 'internal', {}, async () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    // The work's own promise, not one of an async frame around it (docs/tracing.md).
    const answer = Promise.resolve(8);
    expect(withSpan('anything', 'internal', {}, () => answer)).toBe(answer);
  });
});

describe('starting before the app loads', () => {
  it('loads no module of the SDK and leaves pg unwrapped while off', () => {
    expect(startThenLoad({})).toEqual({
      started: false,
      enabled: false,
      otelModules: 0,
      pgWrapped: false,
    });
    expect(startThenLoad({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toEqual({
      started: false,
      enabled: false,
      otelModules: 0,
      pgWrapped: false,
    });
  });

  it('instruments pg loaded after it when on', () => {
    const seen = startThenLoad({
      // Nothing listens there: the fixture ends before the first export is due.
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    expect(seen).toMatchObject({ started: true, enabled: true, pgWrapped: true });
    expect(seen.otelModules).toBeGreaterThan(0);
  });
});

describe('carrierOf', () => {
  it('reads the W3C fields of message headers, and nothing else', () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(carrierOf({ traceparent, 'x-request-id': 'r' })).toEqual({ traceparent });
    expect(carrierOf({ traceparent, tracestate: 'v=1' })).toEqual({
      traceparent,
      tracestate: 'v=1',
    });
    expect(carrierOf({ traceparent: 7 })).toBeUndefined();
    expect(carrierOf(undefined)).toBeUndefined();
  });
});
