// The loops of `BENCH_ONLY=tracing-off` (tracing-off.ts bundles this file as the apps are bundled
// and runs it): what each tracing hook costs while tracing is off. Each case runs the same loop
// with the hook and without it, millions of times, over several rounds in alternating order; the
// figure is the median over the rounds of the difference, in ns per call. Every loop sums what it
// computed into a checksum that is printed, so that the optimiser cannot drop the work or the
// call. Prints one JSON line: { cases, checksum }.
import {
  carrierOf,
  setHttpRoute,
  type SpanOptions,
  startSpan,
  type TraceCarrier,
  type TracedSpan,
  traceCarrier,
  tracingEnabled,
  withSpan,
} from '@custody/telemetry';
import {
  inWithdrawalTrace,
  traceColumns,
} from '../../apps/wallet-ledger/src/withdrawals/withdrawal-trace';
import type { TracingOffCase } from './tracing-off';

const ROUNDS = 5;
/** Iterations per loop: a few ms for a cheap hook, under 0.1 s for the others. */
const SYNC_CALLS = 2_000_000;
const COSTLY_CALLS = 500_000;

type Loop = (n: number) => number | Promise<number>;

interface Case {
  name: string;
  calls: number;
  with: Loop;
  without: Loop;
}

const OPTIONS: SpanOptions = { attributes: { 'rpc.system': 'custody' } };
const ROUTES = ['/v1/users/:user', '/v1/users/:user/wallets', '/v1/transfers', '/v1/approvals'];
const JOBS = ['withdrawals:ethereum', 'deposits:ethereum', 'reconcile:ethereum', 'deposits:tron'];
/** RPC message headers as they travel while tracing is off: no `traceparent`. */
const HEADERS: Record<string, unknown>[] = [
  { 'x-request-id': 'a', 'x-deadline': 1 },
  { 'x-request-id': 'b', 'x-deadline': 2, 'x-accepts-batch': 1 },
  { 'x-request-id': 'c', 'x-deadline': 3 },
  { 'x-request-id': 'd', 'x-deadline': 4, 'x-caller': 'gateway' },
];
const WITHDRAWAL = { id: 'w', traceparent: null, tracestate: null };

/** Where the loops that build objects keep them, so that they escape as they do in the apps. */
const kept: unknown[] = new Array(256);

/** The objects `RpcClient.call` builds (its pending call and its entry of the batch), traced. */
function pendingCall(i: number, span: TracedSpan | undefined, trace: TraceCarrier | undefined) {
  kept[i & 255] = { service: 'identity', timer: i, span };
  const entry = { correlationId: i, request: 'r', trace };
  kept[(i + 1) & 255] = entry;
  return entry.correlationId & 7;
}

/** The same without tracing's fields. */
function plainCall(i: number) {
  kept[i & 255] = { service: 'identity', timer: i };
  const entry = { correlationId: i, request: 'r' };
  kept[(i + 1) & 255] = entry;
  return entry.correlationId & 7;
}

const CASES: Case[] = [
  {
    name: 'tracingEnabled()',
    calls: SYNC_CALLS,
    with: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += tracingEnabled() ? 1 : i & 7;
      return s;
    },
    without: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += i & 7;
      return s;
    },
  },
  {
    name: 'startSpan(name, role, options)',
    calls: SYNC_CALLS,
    with: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1)
        s += startSpan('identity/users.get', 'server', OPTIONS) ? 1 : i & 7;
      return s;
    },
    without: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += i & 7;
      return s;
    },
  },
  {
    // What a call site that builds its span's name and options before asking costs: a reference
    // for the guard below.
    name: 'startSpan(`chain ${…}`, role, { …options }) unguarded',
    calls: COSTLY_CALLS,
    with: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) {
        const job = JOBS[i & 3] ?? '';
        const span = startSpan(`chain ${job.split(':')[0] ?? job}`, 'internal', {
          parent: null,
          attributes: { 'custody.network': 'ethereum', 'messaging.system': 'bullmq' },
        });
        s += span ? 1 : i & 7;
      }
      return s;
    },
    without: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += i & 7;
      return s;
    },
  },
  {
    name: 'tracingEnabled() ? startSpan(`chain ${…}`, …) : undefined',
    calls: SYNC_CALLS,
    with: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) {
        const job = JOBS[i & 3] ?? '';
        const span = tracingEnabled()
          ? startSpan(`chain ${job.split(':')[0] ?? job}`, 'internal', {
              parent: null,
              attributes: { 'custody.network': 'ethereum', 'messaging.system': 'bullmq' },
            })
          : undefined;
        s += span ? 1 : i & 7;
      }
      return s;
    },
    without: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += i & 7;
      return s;
    },
  },
  {
    name: 'traceCarrier()',
    calls: SYNC_CALLS,
    with: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += traceCarrier() ? 1 : i & 7;
      return s;
    },
    without: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += i & 7;
      return s;
    },
  },
  {
    name: 'carrierOf(headers)',
    calls: SYNC_CALLS,
    with: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += carrierOf(HEADERS[i & 3]) ? 1 : i & 7;
      return s;
    },
    without: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += (HEADERS[i & 3] ? i : 0) & 7;
      return s;
    },
  },
  {
    name: 'setHttpRoute(route)',
    calls: SYNC_CALLS,
    with: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) {
        const route = ROUTES[i & 3] ?? '';
        setHttpRoute(route);
        s += route.length & i;
      }
      return s;
    },
    without: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += (ROUTES[i & 3] ?? '').length & i;
      return s;
    },
  },
  {
    name: '{ ...row, ...traceColumns() } (a signed transaction held)',
    calls: COSTLY_CALLS,
    with: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) {
        const row = { ...{}, id: i, status: 'broadcast', ...traceColumns() };
        kept[i & 255] = row;
        s += row.id & 7;
      }
      return s;
    },
    without: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) {
        const row = { ...{}, id: i, status: 'broadcast' };
        kept[i & 255] = row;
        s += row.id & 7;
      }
      return s;
    },
  },
  {
    name: "RpcClient.call's span and trace fields",
    calls: COSTLY_CALLS,
    with: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) {
        const span = tracingEnabled()
          ? startSpan('identity/users.get', 'client', OPTIONS)
          : undefined;
        s += pendingCall(i, span, span?.carrier());
      }
      return s;
    },
    without: (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += plainCall(i);
      return s;
    },
  },
  {
    name: 'await withSpan(name, role, options, work)',
    calls: COSTLY_CALLS,
    with: async (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1)
        s += await withSpan('withdrawal send', 'internal', OPTIONS, work);
      return s;
    },
    without: async (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += await work();
      return s;
    },
  },
  {
    name: 'await inWithdrawalTrace(name, row, work)',
    calls: COSTLY_CALLS,
    with: async (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1)
        s += await inWithdrawalTrace('withdrawal send', WITHDRAWAL, work);
      return s;
    },
    without: async (n) => {
      let s = 0;
      for (let i = 0; i < n; i += 1) s += await work();
      return s;
    },
  },
];

let worked = 0;
/** The awaited work of the async cases: an async function, as the apps' are. */
async function work(): Promise<number> {
  worked += 1;
  return worked & 7;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const round = (n: number) => Math.round(n * 100) / 100;

async function timed(loop: Loop, n: number): Promise<{ ns: number; sum: number }> {
  const started = process.hrtime.bigint();
  const sum = await loop(n);
  return { ns: Number(process.hrtime.bigint() - started), sum };
}

/**
 * Runs every case: a warm-up round (discarded), then `ROUNDS` rounds, each timing the loop with
 * the hook and without it, in alternating order.
 */
async function main(): Promise<void> {
  // Off as in an app started without OTEL_* variables: no runtime, no SDK module loaded.
  if (tracingEnabled() || Object.keys(require.cache).some((m) => m.includes('@opentelemetry')))
    throw new Error('tracing is on in the bench process: unset the OTEL_* variables');
  let checksum = 0;
  const cases: TracingOffCase[] = [];
  for (const c of CASES) {
    const diffs: number[] = [];
    const withs: number[] = [];
    const withouts: number[] = [];
    for (let r = -1; r < ROUNDS; r += 1) {
      const order = r % 2 === 0 ? [c.with, c.without] : [c.without, c.with];
      const times = new Map<Loop, number>();
      for (const loop of order) {
        const { ns, sum } = await timed(loop, c.calls);
        times.set(loop, ns / c.calls);
        checksum = (checksum + sum) % 1_000_000_007;
      }
      if (r < 0) continue;
      const a = times.get(c.with) ?? 0;
      const b = times.get(c.without) ?? 0;
      withs.push(a);
      withouts.push(b);
      diffs.push(a - b);
    }
    cases.push({
      name: c.name,
      nsPerCall: round(median(diffs)),
      withNs: round(median(withs)),
      withoutNs: round(median(withouts)),
      rounds: diffs.map(round),
    });
  }
  process.stdout.write(`${JSON.stringify({ cases, checksum: checksum + (kept.length & 1) })}\n`);
}

void main();
