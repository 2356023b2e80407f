// `npm run bench`: six benchmarks, each against a baseline in the same run on the same machine,
// reported as ratios (absolute numbers drift on shared machines), and the cost of the tracing
// hooks while tracing is off. Writes bench-results/<time>.json
// and prints a table. Options (env): BENCH_SECONDS (per measurement, default 8), BENCH_WALLETS
// (default 1000), BENCH_ONLY (comma-separated: tracing-off,read,ledger,sign,rpc,webhooks,scale;
// tracing-off needs no stack and runs first; `governed` is
// ledger's row with transfer policies alone; scale runs last, on two stacks of its own, one on an
// empty database and one on a database seeded with millions of rows; BENCH_SCALE scales the
// rows), BENCH_ROUNDS (rounds of project and baseline for the read path, the transfers over all
// wallets and scale, and of each half-load latency measurement, default 3), BENCH_EVENTS
// (webhooks, default 3000).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { Broker, devProofSigner, RpcClient } from '@custody/messaging';
import { createLogger } from '@custody/logging';
import { appBrokerUrl } from '@custody/testing';
import { Api } from '../../apps/stack-e2e/src/api';
import { type Stack, startStack } from '../../apps/stack-e2e/src/stack';
import { type LoadResult, load, median, paced, percentiles, round } from './load';
import { type CpuSample, cpuPerOperation, cpuSnapshot } from './cpu';
import { benchScale, type ScaleSide } from './scale';
import { benchTracingOff, type TracingOffCase } from './tracing-off';

const ROOT = path.resolve(__dirname, '../..');
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
const WALLETS = Number(process.env['BENCH_WALLETS'] ?? 1000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const ONLY = (process.env['BENCH_ONLY'] ?? 'tracing-off,read,ledger,sign,rpc,webhooks,scale').split(
  ',',
);
/** The benchmarks that share one stack (scale starts stacks of its own). */
const ON_STACK = ['read', 'ledger', 'governed', 'sign', 'rpc', 'webhooks'];
// BENCH_PROFILE=gateway,identity: those apps run with --cpu-prof; profiles land in
// bench-results/profiles (summarise with `node tools/bench/profile-summary.mjs <file>`).
const PROFILE = (process.env['BENCH_PROFILE'] ?? '').split(',').filter(Boolean);
// Latency at half load is measured after this long at that rate: after the pause that lets the
// previous run's backlog drain, the first second ran at twice the steady latency.
const WARMUP_SECONDS = 2;

interface Row {
  bench: string;
  metric: string;
  project: number;
  baseline: number;
  ratio: number;
  target: string;
  met: boolean;
}
const rows: Row[] = [];
const details: Record<string, unknown> = {};
const cpu: Record<string, Record<string, number>> = {};

/** The pids of the stack's apps, plus any baseline process, for CPU accounting. */
function pidsOf(stack: Stack | undefined, extra: Record<string, number | undefined> = {}) {
  const pids: Record<string, number | undefined> = { ...extra };
  if (stack) for (const [app, proc] of Object.entries(stack.apps)) pids[app] = proc.child.pid;
  return pids;
}

/** Lets the stack finish what the previous measurement left queued (events, audit records). */
async function settle(stack: Stack): Promise<void> {
  // Quiet = the stack, PostgreSQL, RabbitMQ and Redis together use under a fifth of one core
  // over half a second (the backlog of events and audit records of a full-speed run took longer
  // than a fixed pause to drain, and its work landed in the next measurement). At most 60 s.
  const pids = pidsOf(stack);
  const until = Date.now() + 60_000;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  while (Date.now() < until) {
    const before = cpuSnapshot(pids);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const used = cpuPerOperation(before, cpuSnapshot(pids), 1);
    if ((used['total'] ?? 0) - (used['load-generator'] ?? 0) < 100) return;
  }
}

/** Runs one measurement and records CPU ms per operation by component under `label`. */
async function withCpu<T>(
  label: string,
  pids: Record<string, number | undefined>,
  run: () => Promise<T>,
  operations: (result: T) => number,
): Promise<T> {
  const before: CpuSample = cpuSnapshot(pids);
  const result = await run();
  recordCpu(label, before, cpuSnapshot(pids), operations(result));
  return result;
}

/** CPU used and operations served per label, summed over a benchmark's rounds. */
const cpuSums: Record<string, { used: CpuSample; operations: number }> = {};

/** Adds one measurement to `label`'s sums (plus CPU reported by a process that has exited). */
function recordCpu(
  label: string,
  before: CpuSample,
  after: CpuSample,
  operations: number,
  reported: CpuSample = {},
) {
  const sum = (cpuSums[label] ??= { used: {}, operations: 0 });
  for (const [name, end] of Object.entries(after))
    sum.used[name] = (sum.used[name] ?? 0) + end - (before[name] ?? 0);
  for (const [name, ms] of Object.entries(reported)) sum.used[name] = (sum.used[name] ?? 0) + ms;
  sum.operations += operations;
  cpu[label] = cpuPerOperation({}, sum.used, sum.operations);
}

function row(
  bench: string,
  metric: string,
  project: number,
  baseline: number,
  target: string,
  met: boolean,
) {
  rows.push({
    bench,
    metric,
    project,
    baseline,
    ratio: baseline ? round(project / baseline) : 0,
    target,
    met,
  });
}

/** A child process that prints one JSON line when ready. */
async function child(command: string, args: string[], env: Record<string, string> = {}) {
  const proc: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const info = await new Promise<Record<string, unknown>>((resolve, reject) => {
    let seen = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    proc.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code})`)));
  });
  return {
    info,
    pid: proc.pid,
    stop: async () => {
      proc.kill('SIGTERM');
      await exited;
    },
    result: async () => {
      await exited;
      return info;
    },
  };
}

async function inBatches<T>(
  n: number,
  size: number,
  make: (i: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))),
    );
  }
  return out;
}

async function benchRead(stack: Stack, api: Api, token: string) {
  const users = await inBatches(100, 25, async () => {
    const r = await api.post('/v1/users/individual-person', {
      token,
      body: { generalConditions: '2026-01-01' },
    });
    return r.body.id as string;
  });
  const pick = () => users[Math.floor(Math.random() * users.length)];
  const headers = { authorization: `Bearer ${token}` };
  const server = await child(
    process.execPath,
    [path.join(__dirname, 'baselines', 'read-baseline.mjs')],
    { DATABASE_URL: stack.databaseUrl },
  );
  const baselineUrl = `http://127.0.0.1:${server.info['port']}`;
  const project = {
    url: stack.gatewayUrl,
    headers,
    connections: 32,
    durationSeconds: SECONDS,
    request: () => ({ path: `/v1/users/${pick()}` }),
  };
  const bare = {
    url: baselineUrl,
    connections: 32,
    durationSeconds: SECONDS,
    request: () => ({ path: `/users/${pick()}` }),
  };
  // Warm-up (JIT, connection pools, prepared statements): the first seconds ran a third slower.
  await load({ ...project, durationSeconds: 3 });
  await load({ ...bare, durationSeconds: 3 });
  const { projectRuns, baselineRuns } = await inRounds(
    () =>
      withCpu(
        'read: project',
        pidsOf(stack),
        () => load(project),
        (r) => r.requests,
      ),
    () =>
      withCpu(
        'read: baseline',
        pidsOf(undefined, { baseline: server.pid }),
        () => load(bare),
        (r) => r.requests,
      ),
  );
  const gatewayRps = median(projectRuns.map((r) => r.rps));
  const baselineRps = median(baselineRuns.map((r) => r.rps));
  await settle(stack);
  const halfSamples: number[] = [];
  const baselineHalfSamples: number[] = [];
  const { projectRuns: halfRuns, baselineRuns: baselineHalfRuns } = await inRounds(
    () =>
      withCpu(
        'read: half load',
        pidsOf(stack),
        () =>
          paced({
            ...project,
            rate: Math.max(1, Math.round(gatewayRps / 2)),
            warmupSeconds: WARMUP_SECONDS,
            latencies: halfSamples,
          }),
        (r) => r.sent,
      ),
    () =>
      paced({
        ...bare,
        rate: Math.max(1, Math.round(baselineRps / 2)),
        warmupSeconds: WARMUP_SECONDS,
        latencies: baselineHalfSamples,
      }),
  );
  const half = pooled(halfRuns, halfSamples);
  const baselineHalf = pooled(baselineHalfRuns, baselineHalfSamples);
  await server.stop();
  details['read'] = { projectRuns, baselineRuns, halfLoad: half, baselineHalfLoad: baselineHalf };
  row(
    'read GET /v1/users/{id}',
    `req/s (median of ${ROUNDS})`,
    gatewayRps,
    baselineRps,
    'ratio ≥ 0.5',
    gatewayRps / baselineRps >= 0.5,
  );
  row(
    'read GET /v1/users/{id}',
    `p99 ms at 50% load (${ROUNDS} rounds pooled)`,
    half.p99,
    baselineHalf.p99,
    '≤ 20 ms',
    half.p99 <= 20,
  );
}

/**
 * `BENCH_ROUNDS` rounds of project then baseline, whose medians are reported: on a shared machine
 * one pair of runs moved by ±30 % between runs a minute apart (docs/performance.md).
 */
async function inRounds<P, B>(project: () => Promise<P>, baseline: () => Promise<B>) {
  const projectRuns: P[] = [];
  const baselineRuns: B[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    projectRuns.push(await project());
    baselineRuns.push(await baseline());
  }
  return { projectRuns, baselineRuns };
}

/**
 * Paced rounds as one measurement: p50 and p99 over every request of every round (a single 8 s
 * window's p99 is its worst 1 %, often one stall: docs/performance.md, "Disk stalls and pooled rounds"), each round's
 * own figures kept beside them.
 */
function pooled(runs: LoadResult[], samples: number[]) {
  return {
    ...percentiles(samples),
    requests: samples.length,
    rps: median(runs.map((r) => r.rps)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    rounds: runs,
  };
}

interface BaselineResult {
  transfers: number;
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
}

/**
 * One run of the bare transfer baseline over `accounts` accounts; with a label, its CPU per
 * transfer is recorded (its own, which it reports as it exits, and PostgreSQL's).
 */
async function transferBaseline(
  stack: Stack,
  accounts: number,
  label?: string,
): Promise<BaselineResult> {
  const before = cpuSnapshot({});
  const result = (
    await child(process.execPath, [path.join(__dirname, 'baselines', 'transfer-baseline.mjs')], {
      DATABASE_URL: stack.databaseUrl,
      CONCURRENCY: '64',
      SECONDS: String(SECONDS),
      ACCOUNTS: String(accounts),
    })
  ).info as unknown as BaselineResult;
  if (label) {
    const after = cpuSnapshot({});
    // This process only waited: its CPU is not the baseline's.
    after['load-generator'] = before['load-generator'] ?? 0;
    recordCpu(label, before, after, result.transfers, { baseline: result.cpuMs });
  }
  return result;
}

/**
 * The transfer load of the ledger benchmarks: `WALLETS` funded wallets of the tenant, and `run`,
 * 64 clients moving a little ETH between random pairs of them (a pool's slice: hot wallets).
 */
async function transferLoad(stack: Stack, api: Api, token: string, admin: string) {
  const device = { device: 'bench', ip: '203.0.113.1' };
  let counter = 0;
  const parties = await inBatches(WALLETS, 16, async () => {
    const user = (
      await api.post('/v1/users/individual-person', {
        token,
        body: { generalConditions: '2026-01-01' },
      })
    ).body.id as string;
    const wallet = (
      await api.post(`/v1/users/${user}/wallets`, { token, body: { assetId: 'eth', ...device } })
    ).body.id as string;
    const income = await api.post('/v1/admin/incomes', {
      token: admin,
      body: {
        walletId: wallet,
        amount: '1000',
        blockchainTransactionId: `0xbench${counter++}`,
        senderAddress: '0x000000000000000000000000000000000000bEEF',
        transactionTimestamp: '2026-11-01T10:00:00Z',
      },
    });
    await api.patch(`/v1/admin/incomes/${income.body.id}`, {
      token: admin,
      body: { status: 'confirmed' },
    });
    return { user, wallet };
  });
  let key = 0;
  const options = (pool: typeof parties, keyed = false) => ({
    url: `${stack.gatewayUrl}/v1/transfers`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    connections: 64,
    durationSeconds: SECONDS,
    request: () => {
      const i = Math.floor(Math.random() * pool.length);
      // Any other wallet of the pool: an offset of 1 … length − 1.
      const j = (i + 1 + Math.floor(Math.random() * (pool.length - 1))) % pool.length;
      const [a, b] = [pool[i], pool[j]] as [(typeof pool)[number], (typeof pool)[number]];
      return {
        // As a production client sends them: each transfer with its own Idempotency-Key.
        ...(keyed ? { headers: { 'idempotency-key': `bench-${Date.now()}-${key++}` } } : {}),
        body: JSON.stringify({
          requestedTransactions: [
            {
              assetId: 'eth',
              senderUserId: a.user,
              senderWalletId: a.wallet,
              receiverUserId: b.user,
              receiverWalletId: b.wallet,
              amount: '0.000001',
            },
          ],
        }),
      };
    },
  });
  const run = async (pool: typeof parties, rate?: number, latencies?: number[]) =>
    rate
      ? paced({ ...options(pool), rate, warmupSeconds: WARMUP_SECONDS, latencies })
      : load(options(pool));
  return { parties, options, run };
}

async function benchLedger(stack: Stack, api: Api, token: string, admin: string) {
  const { parties, options, run } = await transferLoad(stack, api, token, admin);
  await load({ ...options(parties), durationSeconds: 3 }); // warm-up
  // The baseline alone moved by ±10 % between runs a minute apart: a single pair taken a minute
  // apart compared two machine phases. The stack's backlog drains before each baseline run.
  const { projectRuns: spreadRuns, baselineRuns } = await inRounds(
    () =>
      withCpu(
        'transfers: project',
        pidsOf(stack),
        () => run(parties),
        (r) => r.requests,
      ),
    async () => {
      await settle(stack);
      return transferBaseline(stack, WALLETS, 'transfers: baseline');
    },
  );
  const spreadRps = median(spreadRuns.map((r) => r.rps));
  const baselineRps = median(baselineRuns.map((r) => r.rps));
  const spreadHalfSamples: number[] = [];
  const spreadHalfRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    spreadHalfRuns.push(
      await withCpu(
        'transfers: half load',
        pidsOf(stack),
        () => run(parties, Math.max(1, Math.round(spreadRps / 2)), spreadHalfSamples),
        (r) => r.sent,
      ),
    );
    await settle(stack);
  }
  const spreadHalf = pooled(spreadHalfRuns, spreadHalfSamples);
  const hot = await run(parties.slice(0, 10));
  await settle(stack);
  const baselineHot = await transferBaseline(stack, 10);
  const keyed = await withCpu(
    'transfers: with Idempotency-Key',
    pidsOf(stack),
    () => load(options(parties, true)),
    (r) => r.requests,
  );
  const governed = await benchGovernedTransfers(
    stack,
    api,
    token,
    () => run(parties),
    () => load({ ...options(parties), durationSeconds: 3 }),
  );
  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  details['ledger'] = {
    spreadRuns,
    baselineRuns,
    spreadHalf,
    hot,
    keyed,
    baselineHot,
    governed,
    invariants: check.body,
  };
  const bench = `POST /v1/transfers, 64 clients`;
  row(
    `${bench}, ${WALLETS} wallets`,
    `transfers/s (median of ${ROUNDS})`,
    spreadRps,
    baselineRps,
    'ratio ≥ 0.5 (goal ≥ 1)',
    spreadRps / baselineRps >= 0.5,
  );
  row(
    `${bench}, 10 hot wallets`,
    'transfers/s',
    hot.rps,
    baselineHot.rps,
    'ratio ≥ 0.5 (goal ≥ 1)',
    hot.rps / baselineHot.rps >= 0.5,
  );
  row(
    `${bench}, ${WALLETS} wallets, each with an Idempotency-Key`,
    'transfers/s',
    keyed.rps,
    baselineRps,
    'report',
    true,
  );
  row(
    `${bench}, ${WALLETS} wallets`,
    `p99 ms at 50% load, ${ROUNDS} rounds pooled (baseline: at full load)`,
    spreadHalf.p99,
    round(median(baselineRuns.map((r) => r.p99))),
    '≤ 50 ms',
    spreadHalf.p99 <= 50,
  );
  governedRow(governed);
  row(
    `${bench}`,
    'invariant violations',
    (check.body.violations as unknown[]).length,
    0,
    '0',
    check.body.ok === true,
  );
}

function governedRow(governed: { rps: number; baselineRps: number }) {
  row(
    `POST /v1/transfers, 64 clients, ${WALLETS} wallets, three transfer policies that match nothing`,
    `transfers/s (median of ${ROUNDS}; baseline: no policy, rounds interleaved)`,
    governed.rps,
    governed.baselineRps,
    'ratio ≥ 0.8',
    governed.rps / governed.baselineRps >= 0.8,
  );
}

/** The governed transfers alone (`BENCH_ONLY=governed`): their row, without the rest of ledger's. */
async function benchGovernedOnly(stack: Stack, api: Api, token: string, admin: string) {
  const { parties, options, run } = await transferLoad(stack, api, token, admin);
  const warmUp = () => load({ ...options(parties), durationSeconds: 3 });
  await warmUp();
  const governed = await benchGovernedTransfers(stack, api, token, () => run(parties), warmUp);
  details['governed'] = governed;
  governedRow(governed);
}

/**
 * Transfers with three enabled transfer policies that match none of them (an amount, a velocity
 * count per wallet, a fiat value: each needs its facts read and its window counted), against the
 * same transfers with the policies disabled, rounds interleaved. Only 2xx answers count: a
 * transfer a policy refused (a fiat rule without a fresh rate) shows in `errors`, not in the rate.
 */
async function benchGovernedTransfers(
  stack: Stack,
  api: Api,
  token: string,
  run: () => Promise<LoadResult>,
  warmUp: () => Promise<LoadResult>,
) {
  const bodies = [
    { rule: { kind: 'amount_above', assetId: 'eth', amount: '1000000' } },
    { rule: { kind: 'velocity', window: '24h', per: 'wallet', maxCount: 1_000_000 } },
    { rule: { kind: 'fiat_amount_above', amount: '1000000000' } },
  ];
  const ids: string[] = [];
  for (const [n, body] of bodies.entries()) {
    const created = await api.post('/v1/policies', {
      token,
      body: { ...{}, ...body, name: `bench ${n}`, activity: 'transfer', action: 'block' },
    });
    if (created.status !== 201) throw new Error(`bench policy: ${JSON.stringify(created.body)}`);
    ids.push(created.body.id as string);
  }
  const setEnabled = (enabled: boolean) =>
    Promise.all(ids.map((id) => api.patch(`/v1/policies/${id}`, { token, body: { enabled } })));
  // The policies' path warms up as the transfers' did before the first measurement: without it
  // the first measured round ran about a fifth below the later ones.
  await warmUp();
  const { projectRuns, baselineRuns } = await inRounds(
    async () => {
      await setEnabled(true);
      await settle(stack);
      return withCpu('transfers: three policies', pidsOf(stack), run, (r) => r.requests);
    },
    async () => {
      await setEnabled(false);
      await settle(stack);
      return withCpu('transfers: policies disabled', pidsOf(stack), run, (r) => r.requests);
    },
  );
  await Promise.all(ids.map((id) => api.delete(`/v1/policies/${id}`, { token })));
  return {
    rps: median(projectRuns.map((r) => r.rps)),
    baselineRps: median(baselineRuns.map((r) => r.rps)),
    errors: projectRuns.reduce((sum, r) => sum + r.errors, 0),
    projectRuns,
    baselineRuns,
  };
}

/**
 * The sign path (`BENCH_ONLY=sign`): EIP-191 message signatures through the gateway (wallet-ledger,
 * the policy service's signed decision, the signer's check of it and its record, the signed
 * item with its event) against one process that derives the key, signs and stores the signature.
 */
async function benchSign(stack: Stack, api: Api, token: string) {
  const device = { device: 'bench', ip: '203.0.113.1' };
  const wallets = await inBatches(50, 10, async () => {
    const user = (
      await api.post('/v1/users/individual-person', {
        token,
        body: { generalConditions: '2026-01-01' },
      })
    ).body.id as string;
    const wallet = (
      await api.post(`/v1/users/${user}/wallets`, { token, body: { assetId: 'eth', ...device } })
    ).body.id as string;
    return { user, wallet };
  });
  const server = await child(
    process.execPath,
    [path.join(__dirname, 'baselines', 'sign-baseline.mjs')],
    { DATABASE_URL: stack.databaseUrl },
  );
  let n = 0;
  const body = () => JSON.stringify({ message: `bench ${Date.now()} ${n++}` });
  const project = {
    url: stack.gatewayUrl,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    connections: 32,
    durationSeconds: SECONDS,
    request: () => {
      const w = wallets[Math.floor(Math.random() * wallets.length)] as (typeof wallets)[number];
      return { path: `/v1/users/${w.user}/wallets/${w.wallet}/sign-message`, body: body() };
    },
  };
  const bare = {
    url: `http://127.0.0.1:${server.info['port']}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    connections: 32,
    durationSeconds: SECONDS,
    request: () => ({ path: `/sign/${Math.floor(Math.random() * 50)}`, body: body() }),
  };
  await load({ ...project, durationSeconds: 3 });
  await load({ ...bare, durationSeconds: 3 });
  const { projectRuns, baselineRuns } = await inRounds(
    () =>
      withCpu(
        'sign: project',
        pidsOf(stack),
        () => load(project),
        (r) => r.requests,
      ),
    () =>
      withCpu(
        'sign: baseline',
        pidsOf(undefined, { baseline: server.pid }),
        () => load(bare),
        (r) => r.requests,
      ),
  );
  await server.stop();
  const rps = median(projectRuns.map((r) => r.rps));
  const baselineRps = median(baselineRuns.map((r) => r.rps));
  const errors = projectRuns.reduce((sum, r) => sum + r.errors, 0);
  details['sign'] = { projectRuns, baselineRuns };
  row(
    'sign POST …/sign-message',
    `signatures/s (median of ${ROUNDS}; ${errors} errors)`,
    rps,
    baselineRps,
    'ratio ≥ 0.1, no errors',
    rps / baselineRps >= 0.1 && errors === 0,
  );
}

async function timedLoop(seconds: number, concurrency: number, call: () => Promise<unknown>) {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        await call();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { rps: Math.round(latencies.length / seconds), ...percentiles(latencies) };
}

/** Calls at a fixed rate (per millisecond tick), whatever the answers' latency. */
async function fixedRate(seconds: number, perSecond: number, call: () => Promise<unknown>) {
  const latencies: number[] = [];
  const inFlight: Promise<unknown>[] = [];
  const started = Date.now();
  let sent = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    for (; sent < due; sent += 1) {
      const t = performance.now();
      inFlight.push(call().then(() => latencies.push(performance.now() - t)));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  return { sent, ...percentiles(latencies) };
}

async function benchRpc(amqpUrl: string) {
  const namespace = `bench-${randomUUID().slice(0, 8)}`;
  const server = await child(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'baselines', 'rpc-echo-server.ts')],
    { AMQP_URL: amqpUrl, MQ_NAMESPACE: namespace },
  );
  const logger = createLogger({ service: 'bench', level: 'warn' });
  const broker = new Broker({
    url: amqpUrl,
    namespace,
    quorumQueues: false,
    logger,
    connectionName: 'bench-rpc-client',
  });
  await broker.connect();
  const client = new RpcClient({
    broker,
    caller: 'gateway',
    signer: devProofSigner('gateway'),
    defaultTimeoutMs: 10_000,
    logger,
  });
  await client.start();
  const payload = { id: randomUUID(), amount: '12.5' };
  const rpcCall = () => client.callAny('signing', 'bench.echo', payload, { idempotent: true });
  await timedLoop(1, 16, rpcCall); // warm-up
  const rpcMax = await withCpu(
    'rpc: project (64 in flight)',
    pidsOf(undefined, { 'echo-server': server.pid }),
    () => timedLoop(SECONDS, 64, rpcCall),
    (r) => r.rps * SECONDS,
  );
  const rpcAt1000 = await fixedRate(SECONDS, 1000, rpcCall);
  await client.stop();
  await broker.close();
  await server.stop();

  const http = await child(process.execPath, [
    path.join(__dirname, 'baselines', 'http-echo-server.mjs'),
  ]);
  const url = `http://127.0.0.1:${http.info['port']}/echo`;
  const httpCall = async () => {
    const res = await fetch(url, {
      method: 'POST',
      body: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
    await res.json();
  };
  await timedLoop(1, 16, httpCall);
  const httpMax = await timedLoop(SECONDS, 64, httpCall);
  const httpAt1000 = await fixedRate(SECONDS, 1000, httpCall);
  await http.stop();
  details['rpc'] = { rpcMax, rpcAt1000, httpMax, httpAt1000 };
  row('RPC round trip (64 in flight)', 'calls/s', rpcMax.rps, httpMax.rps, 'report', true);
  row(
    'RPC round trip at 1,000/s',
    'p99 ms',
    rpcAt1000.p99,
    httpAt1000.p99,
    '≤ 5 ms',
    rpcAt1000.p99 <= 5,
  );
}

async function benchWebhooks(
  stack: Stack,
  api: Api,
  token: string,
  tenantId: string,
  amqpUrl: string,
) {
  const events = Number(process.env['BENCH_EVENTS'] ?? 3000);
  // An event only the notifier consumes, so the figures are the notification pipeline's.
  const EVENT = 'transfer.is-created';
  const arrivals = new Map<string, number>();
  const sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { data?: { id?: string } };
        if (body.data?.id) arrivals.set(body.data.id, performance.now());
      } catch {
        // not ours
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  const types = await api.get('/v1/notifications?limit=0', { token });
  const type = types.body.find((t: { event: string }) => t.event === EVENT).id;
  await api.post(`/v1/notifications/${type}`, { token, body: { url: `${sinkUrl}/project` } });

  const connection = await amqp.connect(amqpUrl);
  const channel = await connection.createConfirmChannel();
  // The stack's events as wallet-ledger publishes them: its broker user (the notifier takes an
  // event only from a user of its publishers).
  const ledgerConnection = await amqp.connect(appBrokerUrl('wallet-ledger'));
  const ledgerChannel = await ledgerConnection.createConfirmChannel();
  const exchange = `${stack.namespace}.events`;
  const publish = async (
    name: string,
    ids: string[],
    sentAt: Map<string, number>,
    exchangeName: string,
  ) => {
    for (const id of ids) {
      const envelope = {
        id: randomUUID(),
        name,
        occurredAt: new Date().toISOString(),
        tenantId,
        // A transfer as wallet-ledger publishes it (only the notifier consumes these).
        data: {
          id,
          status: 'approved',
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          transactions: [],
          requestedTransactions: [],
        },
      };
      sentAt.set(id, performance.now());
      const asLedger = exchangeName === exchange;
      (asLedger ? ledgerChannel : channel).publish(
        exchangeName,
        name,
        Buffer.from(JSON.stringify(envelope)),
        {
          persistent: true,
          messageId: envelope.id,
          contentType: 'application/json',
          ...(asLedger ? { userId: 'wallet-ledger' } : {}),
        },
      );
    }
    await channel.waitForConfirms();
    await ledgerChannel.waitForConfirms();
  };
  const measure = async (label: string, exchangeName: string) => {
    const ids = Array.from({ length: events }, () => randomUUID());
    const sentAt = new Map<string, number>();
    const t0 = performance.now();
    await publish(EVENT, ids, sentAt, exchangeName);
    const deadline = Date.now() + 120_000;
    while (ids.some((id) => !arrivals.has(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const delivered = ids.filter((id) => arrivals.has(id));
    const last = Math.max(...delivered.map((id) => arrivals.get(id) as number));
    const latencies = delivered.map(
      (id) => (arrivals.get(id) as number) - (sentAt.get(id) as number),
    );
    return {
      label,
      events,
      delivered: delivered.length,
      perSecond: Math.round(delivered.length / ((last - t0) / 1000)),
      ...percentiles(latencies),
    };
  };
  /** Events at a fixed rate for SECONDS: event → delivery latency at that load. */
  const steady = async (label: string, exchangeName: string, perSecond: number) => {
    const ids: string[] = [];
    const sentAt = new Map<string, number>();
    const started = Date.now();
    while (Date.now() - started < SECONDS * 1000) {
      const due = Math.floor(((Date.now() - started) / 1000) * perSecond) - ids.length;
      const batch = Array.from({ length: Math.max(0, due) }, () => randomUUID());
      ids.push(...batch);
      if (batch.length) await publish(EVENT, batch, sentAt, exchangeName);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const deadline = Date.now() + 120_000;
    while (ids.some((id) => !arrivals.has(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const delivered = ids.filter((id) => arrivals.has(id));
    return {
      label,
      rate: perSecond,
      events: ids.length,
      delivered: delivered.length,
      ...percentiles(
        delivered.map((id) => (arrivals.get(id) as number) - (sentAt.get(id) as number)),
      ),
    };
  };
  const project = await withCpu(
    'webhooks: project',
    pidsOf(stack),
    () => measure('notifier', exchange),
    (r) => r.delivered,
  );
  // Baseline: a bare consumer of the same exchange that POSTs each event to the sink.
  const projectHalf = await steady(
    'notifier at 50%',
    exchange,
    Math.max(1, Math.round(project.perSecond / 2)),
  );
  const baselineExchange = `${stack.namespace}.bench-baseline`;
  await channel.assertExchange(baselineExchange, 'topic', { durable: false, autoDelete: true });
  const consumer = await child(
    process.execPath,
    [path.join(__dirname, 'baselines', 'webhook-baseline.mjs')],
    {
      AMQP_URL: amqpUrl,
      EXCHANGE: baselineExchange,
      SINK_URL: `${sinkUrl}/baseline`,
    },
  );
  const baseline = await measure('baseline', baselineExchange);
  const baselineHalf = await steady(
    'baseline at 50%',
    baselineExchange,
    Math.max(1, Math.round(baseline.perSecond / 2)),
  );
  await consumer.stop();
  await channel.close();
  await connection.close();
  await ledgerConnection.close();
  sink.close();
  details['webhooks'] = { project, projectHalf, baseline, baselineHalf };
  row(
    'webhooks: event → 2xx sink',
    'deliveries/s',
    project.perSecond,
    baseline.perSecond,
    '≥ 500/s',
    project.perSecond >= 500,
  );
  // Latency is read at half the measured throughput, like the other benchmarks: in the burst of
  // BENCH_EVENTS at once, an event's latency is mostly its wait behind the others.
  row(
    'webhooks: event → 2xx sink',
    'p99 ms at 50% load',
    projectHalf.p99,
    baselineHalf.p99,
    '≤ 1000 ms',
    projectHalf.p99 <= 1000,
  );
}

/**
 * The tracing hooks while tracing is off (`BENCH_ONLY=tracing-off`, no stack): ns added per call,
 * each against the same loop without it; the rows give the figures with inlining off (each hook a
 * real call, the larger), the table after them both.
 */
async function benchTracingOffRows() {
  const result = await benchTracingOff();
  const inlined = new Map(result.inlined.map((c) => [c.name, c]));
  for (const c of result.notInlined) {
    // Reported: the unguarded startSpan, the reference for what a call site's guard saves, and
    // the trace columns, spread once per withdrawal row written (a noise of ±5 ns on its loop).
    const reported = c.name.endsWith('unguarded') || c.name.includes('traceColumns');
    row(
      'tracing-off',
      `${c.name}: ns per iteration, with / without`,
      c.withNs,
      c.withoutNs,
      reported ? 'report' : '≤ 10 ns added',
      reported || c.nsPerCall <= 10,
    );
  }
  details['tracing-off'] = result;
  console.log('Tracing off: ns added per call (median over rounds)');
  console.table(
    result.notInlined.map((c: TracingOffCase) => ({
      hook: c.name,
      inlined: inlined.get(c.name)?.nsPerCall,
      'not inlined': c.nsPerCall,
    })),
  );
}

async function main() {
  console.log(`Benchmarks: ${ONLY.join(', ')} (${SECONDS} s per measurement)`);
  if (ONLY.includes('tracing-off')) await benchTracingOffRows();
  if (ONLY.some((bench) => ON_STACK.includes(bench) || bench === 'scale')) {
    // The local services where the environment names none (as `npm test` does).
    const { withLocalServices } = await import('../lib/services.mjs');
    Object.assign(process.env, await withLocalServices(process.env));
  }
  // Production-like: info logs (one line per request), rate limits off for the load generator.
  const quiet = { LOG_LEVEL: 'info' };
  const quietApps = {
    gateway: { ...quiet, RATE_LIMIT_PER_MINUTE: '0' },
    identity: quiet,
    'wallet-ledger': quiet,
    trading: quiet,
    signing: quiet,
    issuer: quiet,
    policy: quiet,
  };
  if (ONLY.some((bench) => ON_STACK.includes(bench))) {
    const profileDir = path.join(ROOT, 'bench-results', 'profiles');
    const stack = await startStack({
      keepLogs: false,
      nodeArgs: Object.fromEntries(
        PROFILE.map((app) => [app, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]]),
      ),
      env: {
        ...quietApps,
        notifier: {
          ...quiet,
          NOTIFIER_ALLOW_PRIVATE_URLS: 'true',
          NOTIFIER_DISPATCH_INTERVAL_MS: '50',
          WEBHOOK_PER_RECEIVER_CONCURRENCY: '32',
          // The pipeline's capacity, not one tenant's delivery rate limit (200/s by default).
          NOTIFIER_DELIVERIES_PER_CLIENT_PER_SECOND: '100000',
        },
      },
    });
    try {
      const api = new Api(stack.gatewayUrl);
      const admin = await api.adminToken();
      const tenant = await api.newClient(admin, 'Bench');
      const amqpUrl = process.env['AMQP_URL'] ?? 'amqp://guest:guest@127.0.0.1:5672';
      if (ONLY.includes('read')) await benchRead(stack, api, tenant.token);
      if (ONLY.includes('ledger')) await benchLedger(stack, api, tenant.token, admin);
      else if (ONLY.includes('governed')) await benchGovernedOnly(stack, api, tenant.token, admin);
      if (ONLY.includes('sign')) await benchSign(stack, api, tenant.token);
      if (ONLY.includes('rpc')) await benchRpc(amqpUrl);
      if (ONLY.includes('webhooks'))
        await benchWebhooks(stack, api, tenant.token, tenant.id, amqpUrl);
    } finally {
      // --cpu-prof writes its profile only when the process exits by itself.
      if (PROFILE.length) await stack.stopAll();
      await stack.cleanup();
    }
  }
  if (ONLY.includes('scale')) {
    // Stacks of their own, one on an empty database and one on the seeded one, measured in
    // alternating rounds (the seeded rows would weigh on every other measurement).
    const stacks: Stack[] = [];
    try {
      const sides: ScaleSide[] = [];
      for (let i = 0; i < 2; i += 1) {
        const scaleStack = await startStack({
          keepLogs: false,
          only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier'],
          env: { ...quietApps, notifier: quiet },
        });
        // Kept at once, so that cleanup ends it whatever fails next.
        stacks.push(scaleStack);
        const api = new Api(scaleStack.gatewayUrl);
        const admin = await api.adminToken();
        sides.push({ stack: scaleStack, api, admin, tenant: await api.newClient(admin, 'Scale') });
      }
      const [empty, full] = sides as [ScaleSide, ScaleSide];
      const result = await benchScale(empty, full, Math.max(1, ROUNDS)).catch((error: unknown) => {
        // Which app of which stack stopped, and what it said last.
        for (const [i, scaleStack] of stacks.entries())
          for (const proc of Object.values(scaleStack.apps))
            if (proc.child.exitCode !== null || proc.child.signalCode !== null)
              console.error(
                `scale stack ${i}: ${proc.app} exited (${proc.child.exitCode ?? proc.child.signalCode})`,
                proc.logs.slice(-5),
              );
        throw error;
      });
      for (const r of result.rows) row('scale', r.metric, r.project, r.baseline, r.target, r.met);
      details['scale'] = result.details;
    } finally {
      for (const scaleStack of stacks) await scaleStack.cleanup();
    }
  }
  const out = path.join(ROOT, 'bench-results');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, rows, cpu, details }, null, 2)}\n`,
  );
  console.table(rows);
  if (Object.keys(cpu).length > 0) {
    console.log('CPU ms per operation by component:');
    console.table(cpu);
  }
  console.log(`Results: ${path.relative(ROOT, file)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
