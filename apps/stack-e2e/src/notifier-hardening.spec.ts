import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { type Stack, startStack } from './stack';

// The notifier against receivers that misbehave: one that answers a gigabyte, one whose host the
// system resolver does not know (only the notifier's DNS server does), a tenant with too many
// receivers, and one whose events would take every delivery worker. Every peer is on loopback.

/** A DNS server for one test zone: A records from `answers`, nothing else. */
async function dnsServer(answers: Map<string, string>) {
  const socket: Socket = createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (msg, rinfo) => {
    // Question: labels from byte 12, then QTYPE and QCLASS.
    const labels: string[] = [];
    let at = 12;
    while (msg[at]) {
      const length = msg[at]!;
      labels.push(msg.subarray(at + 1, at + 1 + length).toString('ascii'));
      at += length + 1;
    }
    const questionEnd = at + 5;
    const name = labels.join('.').toLowerCase();
    const type = msg.readUInt16BE(at + 1);
    queries.push(`${name}/${type}`);
    const address = type === 1 ? answers.get(name) : undefined;
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // the query's id
    header.writeUInt16BE(answers.has(name) ? 0x8180 : 0x8183, 2); // answer; NXDOMAIN if unknown
    header.writeUInt16BE(1, 4); // one question
    header.writeUInt16BE(address ? 1 : 0, 6);
    const question = msg.subarray(12, questionEnd);
    const answer = address
      ? Buffer.concat([
          Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 0, 0, 4]),
          Buffer.from(address.split('.').map(Number)),
        ])
      : Buffer.alloc(0);
    socket.send(Buffer.concat([header, question, answer]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

interface Hit {
  path: string;
  at: number;
}

/** An HTTP receiver on one loopback address; `/huge` answers 1 GB, made as it is read. */
async function receiver(host: string, port = 0) {
  const hits: Hit[] = [];
  let hugeBytesSent = 0;
  let hugeClosedEarly = false;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      hits.push({ path, at: Date.now() });
      if (path !== '/huge') return res.writeHead(200).end('{}');
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const total = 1024 * 1024 * 1024;
      const pump = () => {
        while (hugeBytesSent < total) {
          hugeBytesSent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => {
        if (hugeBytesSent < total) hugeClosedEarly = true;
      });
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    huge: () => ({ sent: hugeBytesSent, closedEarly: hugeClosedEarly }),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

let stack: Stack;
let api: Api;
let admin: string;
let dns: Awaited<ReturnType<typeof dnsServer>>;
let sink: Awaited<ReturnType<typeof receiver>>;
let trap: Awaited<ReturnType<typeof receiver>>;
const zone = new Map<string, string>();

beforeAll(async () => {
  sink = await receiver('127.0.0.1');
  // The same port on another loopback address: where the host points after its DNS changes.
  trap = await receiver('127.0.0.2', sink.port);
  zone.set('hooks.custody-test.invalid', '127.0.0.1');
  dns = await dnsServer(zone);
  stack = await startStack({
    only: ['identity', 'notifier'],
    env: {
      notifier: {
        NOTIFIER_ALLOW_PRIVATE_URLS: 'true',
        NOTIFIER_DNS_SERVERS: dns.address,
        NOTIFIER_DISPATCH_INTERVAL_MS: '100',
        WEBHOOK_RETRY_SCHEDULE: '0,0.3',
        NOTIFIER_MAX_RECEIVERS_PER_CLIENT: '3',
        NOTIFIER_DELIVERIES_PER_CLIENT_PER_SECOND: '4',
      },
      gateway: { RATE_LIMIT_PER_MINUTE: '0' },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
  await sink?.close();
  await trap?.close();
  await dns?.close();
});

async function subscribe(token: string, event: string, url: string) {
  const types = await api.get('/v1/notifications?limit=0', { token });
  const typeId = types.body.find((t: { event: string }) => t.event === event).id;
  return api.post(`/v1/notifications/${typeId}`, { token, body: { url } });
}

const createUser = (token: string) =>
  api.post('/v1/users/individual-person', { token, body: { generalConditions: '2026-01-01' } });

async function deliveriesOf(token: string, receiverId: string) {
  return (await api.get(`/v1/notifications/deliveries?receiverId=${receiverId}&limit=0`, { token }))
    .body as { status: string; lastStatusCode: number | null; lastError: string | null }[];
}

/** Resident memory of the notifier process, in bytes (Linux). */
function notifierRss(): number {
  const status = readFileSync(`/proc/${stack.apps.notifier.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

describe('a receiver that answers a gigabyte', () => {
  it('is read up to the cap: the delivery succeeds, the connection is closed, memory stays flat', async () => {
    const tenant = await api.newClient(admin, 'Huge answers');
    const created = await subscribe(
      tenant.token,
      'user.is-created',
      `http://127.0.0.1:${sink.port}/huge`,
    );
    expect(created.status).toBe(201);
    const before = notifierRss();
    await createUser(tenant.token);
    await waitFor(
      async () => (await deliveriesOf(tenant.token, created.body.id))[0]?.status === 'delivered',
      {
        timeoutMs: 15_000,
        what: 'the delivery to the huge receiver',
      },
    );
    await waitFor(async () => sink.huge().closedEarly, {
      timeoutMs: 5_000,
      what: 'the connection to close',
    });
    expect(sink.huge().sent).toBeLessThan(64 * 1024 * 1024);
    expect(notifierRss() - before).toBeLessThan(64 * 1024 * 1024);
    expect((await deliveriesOf(tenant.token, created.body.id))[0]?.lastStatusCode).toBe(200);
  });
});

describe('a receiver named by a host only the notifier DNS servers know', () => {
  it('is delivered to the address its check resolved, and follows a DNS change only by a new check', async () => {
    const tenant = await api.newClient(admin, 'Named host');
    const created = await subscribe(
      tenant.token,
      'user.is-created',
      `http://hooks.custody-test.invalid:${sink.port}/named`,
    );
    expect(created.status).toBe(201);
    await createUser(tenant.token);
    await waitFor(async () => sink.hits.some((h) => h.path === '/named'), {
      timeoutMs: 15_000,
      what: 'the delivery by name',
    });
    expect(dns.queries).toContain('hooks.custody-test.invalid/1');
    // The host now points elsewhere: the next delivery's own check sends it there.
    zone.set('hooks.custody-test.invalid', '127.0.0.2');
    await createUser(tenant.token);
    await waitFor(async () => trap.hits.some((h) => h.path === '/named'), {
      timeoutMs: 15_000,
      what: 'the delivery after the DNS change',
    });
    expect(sink.hits.filter((h) => h.path === '/named')).toHaveLength(1);
    zone.set('hooks.custody-test.invalid', '127.0.0.1');
  });

  it('refuses a subscription whose host does not resolve, with 400', async () => {
    const tenant = await api.newClient(admin, 'Unknown host');
    const res = await subscribe(
      tenant.token,
      'user.is-created',
      'http://nowhere.custody-test.invalid/x',
    );
    expectProblem(res, 400, 'validation_failed');
  });
});

describe('receivers per client', () => {
  it('are capped: the one past the limit is refused with 409, and a deletion frees a place', async () => {
    const tenant = await api.newClient(admin, 'Many receivers');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await subscribe(
        tenant.token,
        'user.is-updated',
        `http://127.0.0.1:${sink.port}/r${i}`,
      );
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const concurrent = await Promise.all(
      [3, 4].map((i) =>
        subscribe(tenant.token, 'user.is-updated', `http://127.0.0.1:${sink.port}/r${i}`),
      ),
    );
    for (const res of concurrent) expectProblem(res, 409, 'receiver_limit');
    const types = await api.get('/v1/notifications?limit=0', { token: tenant.token });
    const typeId = types.body.find((t: { event: string }) => t.event === 'user.is-updated').id;
    expect(
      (await api.delete(`/v1/notifications/${typeId}/receivers/${ids[0]}`, { token: tenant.token }))
        .status,
    ).toBe(200);
    expect(
      (await subscribe(tenant.token, 'user.is-updated', `http://127.0.0.1:${sink.port}/r5`)).status,
    ).toBe(201);
  });
});

describe('deliveries per client', () => {
  it('start at most the configured number per second; the rest wait their turn and all arrive', async () => {
    const tenant = await api.newClient(admin, 'Bursty tenant');
    expect(
      (await subscribe(tenant.token, 'user.is-created', `http://127.0.0.1:${sink.port}/burst`))
        .status,
    ).toBe(201);
    await Promise.all(Array.from({ length: 12 }, () => createUser(tenant.token)));
    await waitFor(async () => sink.hits.filter((h) => h.path === '/burst').length === 12, {
      timeoutMs: 20_000,
      what: 'the twelve deliveries',
    });
    // Starts are counted per second of the notifier's clock, arrivals here: a second here can
    // hold the ends of two of its seconds, never more. Unlimited, all twelve land within ~100 ms.
    const times = sink.hits.filter((h) => h.path === '/burst').map((h) => h.at);
    const perSecond = new Map<number, number>();
    for (const at of times)
      perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(8);
    // Twelve at four a second take three seconds of its clock: the first and last more than one apart.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(1_000);
  });
});
