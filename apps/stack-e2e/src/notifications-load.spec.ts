import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { waitFor } from '@custody/testing';
import { Api } from './api';
import { type Stack, startStack } from './stack';

// Delivery under load and restarts: per-receiver concurrency, a graceful restart in the middle of
// hundreds of deliveries, and receivers that keep failing.
let stack: Stack;
let api: Api;
let client: Awaited<ReturnType<Api['newClient']>>;
let server: Server;
let sinkUrl = '';
let smtp: SMTPServer;
const mails: string[] = [];
const seen = new Map<string, number>(); // webhook-id → times received, per path
const inFlight = new Map<string, number>();
const maxInFlight = new Map<string, number>();
let hanging = true; // '/hang' answers nothing while set
const held: (() => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
    maxInFlight.set(path, Math.max(maxInFlight.get(path) ?? 0, inFlight.get(path) ?? 0));
    req.resume();
    req.on('end', () => {
      const id = `${path} ${req.headers['webhook-id']}`;
      const answer = () => {
        inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
        if (path === '/down') {
          res.writeHead(500).end();
          return;
        }
        seen.set(id, (seen.get(id) ?? 0) + 1);
        res.writeHead(200).end('{}');
      };
      if (path === '/slow') setTimeout(answer, 150);
      else if (path === '/hang' && hanging) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sinkUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        mails.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'notifier'],
    env: {
      notifier: {
        NOTIFIER_ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '0,0.2,0.2',
        NOTIFIER_DISPATCH_INTERVAL_MS: '100',
        WEBHOOK_PER_RECEIVER_CONCURRENCY: '2',
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  client = await api.newClient(await api.adminToken(), 'Load');
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function subscribe(event: string, receiver: Record<string, string>): Promise<string> {
  const types = await api.get('/v1/notifications?limit=0', { token: client.token });
  const type = types.body.find((t: { event: string }) => t.event === event).id;
  return (await api.post(`/v1/notifications/${type}`, { token: client.token, body: receiver })).body
    .id;
}

async function createUsers(n: number): Promise<void> {
  for (let i = 0; i < n; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, n - i) }, () =>
        api.post('/v1/users/individual-person', {
          token: client.token,
          body: { generalConditions: '2026-01-01' },
        }),
      ),
    );
  }
}

const deliveredTo = (path: string) =>
  [...seen.entries()].filter(([id]) => id.startsWith(`${path} `));

it('keeps a slow receiver to its concurrency limit without starving a fast one', async () => {
  await subscribe('user.is-created', { url: `${sinkUrl}/slow` });
  await subscribe('user.is-created', { url: `${sinkUrl}/fast` });
  await createUsers(20);
  // The fast receiver is done while the slow one is still working through its queue.
  await waitFor(() => deliveredTo('/fast').length === 20, { what: 'the fast receiver' });
  expect(deliveredTo('/slow').length).toBeLessThan(20);
  await waitFor(() => deliveredTo('/slow').length === 20, {
    timeoutMs: 20_000,
    what: 'the slow receiver',
  });
  expect(maxInFlight.get('/slow')).toBeLessThanOrEqual(2);
  expect(maxInFlight.get('/slow')).toBe(2);
});

it('delivers each of 500 pending deliveries exactly once across a notifier restart', async () => {
  await subscribe('user.is-updated', { url: `${sinkUrl}/bulk` });
  const ids: string[] = [];
  for (let i = 0; i < 500; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: 25 }, () =>
        api.post('/v1/users/individual-person', {
          token: client.token,
          body: { generalConditions: '2026-01-01' },
        }),
      ),
    );
    ids.push(...batch.map((r) => r.body.id));
  }
  for (let i = 0; i < ids.length; i += 25) {
    await Promise.all(
      ids.slice(i, i + 25).map((id) =>
        api.patch(`/v1/users/${id}/individual-person`, {
          token: client.token,
          body: { name: 'x' },
        }),
      ),
    );
  }
  await waitFor(() => deliveredTo('/bulk').length >= 50, { what: 'the first deliveries' });
  await stack.restart('notifier');
  await waitFor(() => deliveredTo('/bulk').length === 500, {
    timeoutMs: 60_000,
    what: 'all 500 deliveries',
  });
  expect(deliveredTo('/bulk').every(([, times]) => times === 1)).toBe(true);
}, 120_000);

it("frees a receiver's slots within seconds when the notifier holding them is killed", async () => {
  await subscribe('user.is-created', { url: `${sinkUrl}/hang` });
  await createUsers(4);
  // Both slots (concurrency 2) are taken by sends the receiver never answers.
  await waitFor(() => inFlight.get('/hang') === 2, { what: 'two sends hanging' });
  await stack.restart('notifier', 'SIGKILL');
  hanging = false;
  for (const answer of held.splice(0)) answer();
  // The killed notifier's leases run out and its jobs run again (a lease that lasted the
  // webhook timeout + 60 s kept both slots, and every delivery of the receiver, for 75 s).
  await waitFor(() => deliveredTo('/hang').length === 4, {
    timeoutMs: 40_000,
    what: 'every delivery to the receiver',
  });
}, 90_000);

it('disables a receiver that has been failing for too long and tells its owner', async () => {
  const receiver = await subscribe('user.is-deleted', {
    url: `${sinkUrl}/down`,
    email: 'owner@fintech.test',
  });
  // Arrange: the receiver has been failing for six days (the limit is five).
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  await db.query(
    `UPDATE notifier.receivers SET failing_since = now() - interval '6 days' WHERE id = $1`,
    [receiver],
  );
  const user = (
    await api.post('/v1/users/individual-person', {
      token: client.token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id;
  await api.delete(`/v1/users/${user}`, {
    token: client.token,
    body: { device: 'd', ip: '192.0.2.1' },
  });
  await waitFor(
    async () =>
      (await db.query('SELECT disabled_at FROM notifier.receivers WHERE id = $1', [receiver]))
        .rows[0].disabled_at !== null,
    {
      what: 'the receiver to be disabled',
    },
  );
  await db.end();
  await waitFor(() => mails.some((m) => m.includes('receiver disabled') && m.includes(receiver)), {
    what: 'the owner e-mail',
  });
  const listed = await api.get('/v1/notifications?limit=0', { token: client.token });
  const view = listed.body
    .flatMap((t: { receivers: { id: string }[] }) => t.receivers)
    .find((r: { id: string }) => r.id === receiver);
  expect(view.disabledAt).toEqual(expect.any(String));
});
