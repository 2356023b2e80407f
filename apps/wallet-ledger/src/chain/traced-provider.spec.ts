import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver, waitFor } from '@custody/testing';

const ROOT = path.resolve(__dirname, '../../../..');
const run = promisify(execFile);

/** The trace id and span id a W3C traceparent names. */
function ids(traceparent: string | undefined): { traceId: string; spanId: string } {
  const [, traceId = '', spanId = ''] = (traceparent ?? '').split('-');
  return { traceId, spanId };
}

describe('the node provider in a trace', () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(() => receiver.close());

  it('puts each call of a batch in the trace it was made in, and none outside one', async () => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('OTEL_')),
    );
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '__fixtures__', 'batched-calls.ts')],
      {
        cwd: ROOT,
        env: {
          ...clean,
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_BSP_SCHEDULE_DELAY: '50',
        },
        timeout: 60_000,
      },
    );
    const printed = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      a?: string;
      b?: string;
      posts: number;
    };
    // One POST: the three calls were one batch, so the batch was sent from one call's context.
    expect(printed.posts).toBe(1);
    const a = ids(printed.a);
    const b = ids(printed.b);
    const calls = await waitFor(
      () => {
        const spans = receiver.spans.filter((s) => s.attributes['rpc.system'] === 'jsonrpc');
        return receiver.spans.some((s) => s.name === 'trace b') ? spans : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 50, what: 'the spans of the fixture' },
    );
    const where = (span: ReceivedSpan) => [span.name, span.traceId, span.parentSpanId];
    expect(calls.map(where).sort()).toEqual(
      [
        ['eth_blockNumber', a.traceId, a.spanId],
        ['eth_getTransactionCount', b.traceId, b.spanId],
      ].sort(),
    );
    for (const span of calls) {
      expect(span.attributes['custody.jsonrpc.calls']).toBe(1);
      expect(span.attributes['custody.jsonrpc.batch']).toBe(3);
    }
    expect(
      calls.some((s) => String(s.attributes['custody.jsonrpc.methods']).includes('eth_gasPrice')),
    ).toBe(false);
  }, 90_000);
});
