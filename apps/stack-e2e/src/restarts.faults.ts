import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { grantAppRedisUsers, waitFor } from '@custody/testing';
import { Api } from './api';
import {
  ethTransfer,
  FAULT_STACK_ENV,
  fundedEthWallets,
  startWebhookSink,
  subscribe,
  untilDefinitive,
} from './fault-kit';
import { type Stack, startStack } from './stack';

// RabbitMQ and Redis restarted under load: the apps reconnect by themselves within 10 s, every
// transfer answered 201 exists once, and every one's event reaches the webhook sink — also the
// deliveries that were queued in Redis when it lost its data (Redis here keeps nothing on disk).
let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let sink: Awaited<ReturnType<typeof startWebhookSink>>;
const delivered = new Map<string, number>();

beforeAll(async () => {
  sink = await startWebhookSink((body) => {
    delivered.set(body.data.id, (delivered.get(body.data.id) ?? 0) + 1);
  });
  stack = await startStack({
    // Every app: the gateway's /readyz is 200 only when every service answers.
    env: FAULT_STACK_ENV,
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Restart tenant');
  await subscribe(api, tenant.token, ['transfer.is-created'], sink.url);
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
  await sink?.close();
});

const sh = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: 'ignore', timeout: 120_000 });

function restartRabbitMq() {
  sh('rabbitmqctl', ['-q', 'stop_app']);
  sh('rabbitmqctl', ['-q', 'start_app']);
}

function restartRedis() {
  sh('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'shutdown', 'nosave']);
  // The command the machine starts Redis with (README of this machine; .ci/run does the same).
  sh('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '-::1',
    '--port',
    '6379',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    '/var/lib/redis',
    '--logfile',
    '/var/log/redis/ci.log',
  ]);
}

/** Seconds until the gateway answers ready again (every service reconnected and answering). */
async function secondsUntilReady(): Promise<number> {
  const started = Date.now();
  await waitFor(async () => (await fetch(`${stack.gatewayUrl}/readyz`)).status === 200, {
    timeoutMs: 30_000,
    intervalMs: 100,
    what: 'the stack to be ready again',
  });
  return (Date.now() - started) / 1000;
}

it('reconnects within 10 s after RabbitMQ and Redis restarts, losing no event', async () => {
  const parties = await fundedEthWallets(api, {
    admin,
    token: tenant.token,
    count: 4,
    amount: '1000',
    tag: 'restart',
  });
  const ok: string[] = [];
  let running = true;
  const worker = async (n: number) => {
    while (running) {
      const from = parties[n % parties.length]!;
      const to = parties[(n + 1) % parties.length]!;
      const key = { 'idempotency-key': randomUUID() };
      const res = await untilDefinitive(() =>
        api.post('/v1/transfers', {
          token: tenant.token,
          headers: key,
          body: ethTransfer(from, to, '0.01'),
        }),
      );
      if (res.status === 201) ok.push(res.body.id);
    }
  };
  const load = [0, 1, 2].map(worker);
  await waitFor(() => ok.length >= 20, { what: 'load before the restarts' });

  restartRabbitMq();
  const afterBroker = await secondsUntilReady();
  const beforeRedis = ok.length;
  await waitFor(() => ok.length >= beforeRedis + 20, { timeoutMs: 30_000, what: 'load again' });
  restartRedis();
  // The apps' ACL users are gone with the rest: a production Redis loads them from its ACL file
  // at start (docker/redis), as this puts them back.
  grantAppRedisUsers(stack.namespace);
  const afterCache = await secondsUntilReady();
  const beforeStop = ok.length;
  await waitFor(() => ok.length >= beforeStop + 20, { timeoutMs: 30_000, what: 'load again' });
  running = false;
  await Promise.all(load);

  expect(afterBroker).toBeLessThanOrEqual(10);
  expect(afterCache).toBeLessThanOrEqual(10);
  const transfers = (await api.get('/v1/transfers?limit=0', { token: admin })).body as {
    id: string;
  }[];
  expect(transfers.map((t) => t.id).sort()).toEqual([...ok].sort());
  // Deliveries Redis lost are found by the notifier's reaper (30 s after enqueue, every 10 s).
  await waitFor(() => ok.every((id) => delivered.has(id)), {
    timeoutMs: 90_000,
    what: 'every transfer event at the sink',
  });
  expect([...delivered.keys()].sort()).toEqual([...ok].sort());
  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  expect(check.body).toMatchObject({ ok: true, violations: [] });
  console.log(JSON.stringify({ transfers: ok.length, afterBroker, afterCache, violations: 0 }));
}, 300_000);
