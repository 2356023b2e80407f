import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { EVENT_NAMES } from '@custody/contracts';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { type Stack, startStack } from './stack';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP peer: webhook sink, Slack and Twilio stand-ins, with scripted answers per path. */
async function peer(answer: (path: string, hits: number) => number) {
  const received: Received[] = [];
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const n = (hits.get(path) ?? 0) + 1;
      hits.set(path, n);
      received.push({ path, headers: req.headers, body });
      const status = answer(path, n);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        path.includes('Messages.json') ? JSON.stringify({ sid: `SM${n}`, status: 'queued' }) : '{}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

let stack: Stack;
let api: Api;
let admin: string;
let a: Awaited<ReturnType<Api['newClient']>>;
let b: Awaited<ReturnType<Api['newClient']>>;
let sink: Awaited<ReturnType<typeof peer>>;
let smtp: SMTPServer;
const mails: { to: string; raw: string }[] = [];

beforeAll(async () => {
  sink = await peer((path, hits) => {
    if (path.startsWith('/gone')) return 410;
    if (path.startsWith('/down')) return 500;
    if (path.startsWith('/flaky')) return hits <= 1 ? 503 : 200;
    return path.includes('Messages.json') ? 201 : 200;
  });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier'],
    env: {
      notifier: {
        NOTIFIER_ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '0,0.3,0.3',
        NOTIFIER_DISPATCH_INTERVAL_MS: '100',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        TWILIO_ACCOUNT_SID: 'ACtest',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_BASE: sink.url,
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  a = await api.newClient(admin, 'Notify A');
  b = await api.newClient(admin, 'Notify B');
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
  await sink?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function typeId(token: string, event: string): Promise<string> {
  const types = await api.get('/v1/notifications?limit=0', { token });
  return types.body.find((t: { event: string }) => t.event === event).id;
}

async function subscribe(token: string, event: string, receiver: Record<string, string>) {
  const res = await api.post(`/v1/notifications/${await typeId(token, event)}`, {
    token,
    body: receiver,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function createUser(token: string): Promise<string> {
  return (
    await api.post('/v1/users/individual-person', {
      token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id;
}

/** Standard Webhooks verification, written from the specification (not the code under test). */
function verify(secret: string, headers: IncomingMessage['headers'], body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => entry === `v1,${expected}`);
}

describe('the catalog', () => {
  it('has a notification type for every event name of the contracts', async () => {
    const res = await api.get('/v1/notifications?limit=0', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.map((t: { event: string }) => t.event).sort()).toEqual([...EVENT_NAMES].sort());
    expect(res.body[0]).toMatchObject({
      id: expect.any(String),
      description: expect.any(String),
      receivers: [],
    });
  });
});

describe('URL deliveries', () => {
  it('are not prepared for an event nobody subscribed to, and are for a subscribed tenant', async () => {
    // A tenant that never subscribes, and one that does: the first one's event goes first.
    const nobody = await api.newClient(admin, 'Nobody listens');
    const c = await api.newClient(admin, 'Listens');
    await subscribe(c.token, 'user.is-created', { url: `${sink.url}/hooks/c` });
    const unheard = await createUser(nobody.token);
    const heard = await createUser(c.token);
    await waitFor(
      () => sink.received.find((r) => r.path === '/hooks/c' && r.body.includes(heard)),
      { what: 'the webhook after the subscription' },
    );
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const eventOf = async (user: string) =>
        (
          await db.query<{ id: string }>(
            `SELECT id::text FROM identity.outbox WHERE name = 'user.is-created' AND envelope->'data'->>'id' = $1`,
            [user],
          )
        ).rows[0]?.id;
      const [first, second] = [await eventOf(unheard), await eventOf(heard)];
      const inbox = await db.query<{ event_id: string }>(
        `SELECT event_id::text FROM notifier.inbox WHERE event_id = ANY($1::uuid[])`,
        [[first, second]],
      );
      const deliveries = await db.query<{ event_id: string }>(
        `SELECT event_id::text FROM notifier.deliveries WHERE event_id = ANY($1::uuid[])`,
        [[first, second]],
      );
      // The first went by without a transaction: acked, nothing written.
      expect(inbox.rows.map((r) => r.event_id)).toEqual([second]);
      expect(deliveries.rows.map((r) => r.event_id)).toEqual([second]);
    } finally {
      await db.end();
    }
    expect(sink.received.filter((r) => r.body.includes(unheard))).toEqual([]);
  });

  it('are signed per Standard Webhooks and carry the event, its tenant and the resource', async () => {
    await subscribe(a.token, 'user.is-created', {
      url: `${sink.url}/hooks/a`,
      authenticationId: 'acme-hook',
    });
    const secret = (await api.get('/v1/notifications/signing-secret', { token: a.token })).body
      .secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const user = await createUser(a.token);
    const hit = await waitFor(
      () => sink.received.find((r) => r.path === '/hooks/a' && r.body.includes(user)),
      { what: 'the webhook' },
    );
    expect(verify(secret, hit.headers, hit.body)).toBe(true);
    expect(hit.headers['x-authentication-id']).toBe('acme-hook');
    expect(Number(hit.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(JSON.parse(hit.body)).toMatchObject({
      id: expect.any(String),
      event: 'user.is-created',
      createdAt: expect.any(String),
      tenantId: a.id,
      data: { id: user },
    });
    expect(verify('whsec_' + Buffer.from('wrong').toString('base64'), hit.headers, hit.body)).toBe(
      false,
    );
  });

  it('reach only the event’s tenant, and admin receivers of every tenant', async () => {
    await subscribe(b.token, 'wallet.is-created', { url: `${sink.url}/hooks/b` });
    await subscribe(admin, 'wallet.is-created', { url: `${sink.url}/hooks/admin` });
    const user = await createUser(a.token);
    const wallet = (
      await api.post(`/v1/users/${user}/wallets`, {
        token: a.token,
        body: { assetId: 'eth', device: 'd', ip: '192.0.2.1' },
      })
    ).body.id;
    await waitFor(
      () => sink.received.some((r) => r.path === '/hooks/admin' && r.body.includes(wallet)),
      { what: 'the admin webhook' },
    );
    expect(sink.received.some((r) => r.path === '/hooks/b' && r.body.includes(wallet))).toBe(false);
  });

  it('are retried after a 5xx, not after a 410, and dead-lettered when they keep failing', async () => {
    const flaky = await subscribe(a.token, 'user.is-updated', { url: `${sink.url}/flaky` });
    const gone = await subscribe(a.token, 'user.is-updated', { url: `${sink.url}/gone` });
    const down = await subscribe(a.token, 'user.is-updated', { url: `${sink.url}/down` });
    const user = await createUser(a.token);
    await api.patch(`/v1/users/${user}/individual-person`, {
      token: a.token,
      body: { name: 'Changed' },
    });
    const byReceiver = async (receiverId: string) =>
      (
        await api.get(
          `/v1/notifications/deliveries?receiverId=${receiverId}&event=user.is-updated`,
          { token: a.token },
        )
      ).body[0];
    const flakyDone = await waitFor(
      async () =>
        (await byReceiver(flaky))?.status === 'delivered' ? byReceiver(flaky) : undefined,
      { what: 'the flaky delivery' },
    );
    expect(flakyDone).toMatchObject({ attempts: 2, lastStatusCode: 200 });
    const goneDone = await waitFor(
      async () => ((await byReceiver(gone))?.status === 'failed' ? byReceiver(gone) : undefined),
      { what: 'the 410 delivery' },
    );
    expect(goneDone).toMatchObject({ attempts: 1, lastStatusCode: 410 });
    const downDone = await waitFor(
      async () => ((await byReceiver(down))?.status === 'dead' ? byReceiver(down) : undefined),
      { what: 'the dead letter' },
    );
    expect(downDone).toMatchObject({ attempts: 3, lastStatusCode: 500 });
    expect(sink.received.filter((r) => r.path === '/gone')).toHaveLength(1);
    // Each attempt counted by outcome, for the delivery failure rate (docs/monitoring.md).
    const metrics = await (await fetch(`${stack.apps.notifier.opsUrl}/metrics`)).text();
    const attempts = (outcome: string) =>
      metrics
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('delivery_attempts_total{') &&
            line.includes('channel="url"') &&
            line.includes(`outcome="${outcome}"`),
        )
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    expect(attempts('delivered')).toBeGreaterThanOrEqual(1); // the flaky one's second
    expect(attempts('failed')).toBeGreaterThanOrEqual(3); // the flaky one's first, down's two
    expect(attempts('rejected')).toBeGreaterThanOrEqual(1); // the 410
    expect(attempts('dead')).toBeGreaterThanOrEqual(1); // down's last
    // A dead letter can be sent again on request.
    const redelivered = await api.post(`/v1/notifications/deliveries/${downDone.id}/redeliver`, {
      token: a.token,
    });
    expect(redelivered.body.status).toBe('pending');
    expectProblem(
      await api.post(`/v1/notifications/deliveries/${downDone.id}/redeliver`, { token: b.token }),
      404,
    );
  });

  it('are signed with both secrets for 24 h after a rotation', async () => {
    const old = (await api.get('/v1/notifications/signing-secret', { token: a.token })).body.secret;
    const rotated = await api.post('/v1/notifications/signing-secret/rotate', { token: a.token });
    expect(rotated.body.secret).not.toBe(old);
    await subscribe(a.token, 'user.is-deleted', { url: `${sink.url}/hooks/rotated` });
    const user = await createUser(a.token);
    await api.delete(`/v1/users/${user}`, {
      token: a.token,
      body: { device: 'd', ip: '192.0.2.1' },
    });
    const hit = await waitFor(
      () => sink.received.find((r) => r.path === '/hooks/rotated' && r.body.includes(user)),
      { what: 'the webhook' },
    );
    expect(String(hit.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(old, hit.headers, hit.body)).toBe(true);
    expect(verify(rotated.body.secret, hit.headers, hit.body)).toBe(true);
  });
});

describe('e-mail, Slack and SMS', () => {
  it('are delivered to an SMTP server, a Slack webhook and Twilio’s API', async () => {
    await subscribe(b.token, 'user.is-created', {
      email: 'ops@fintech.test',
      slack: `${sink.url}/slack/T000`,
      sms: '+34600000001',
    });
    const user = await createUser(b.token);
    const mail = await waitFor(() => mails.find((m) => m.raw.includes(user)), {
      what: 'the e-mail',
    });
    expect(mail.to).toBe('ops@fintech.test');
    expect(mail.raw).toContain('Subject: [custody] user.is-created');
    const slack = await waitFor(
      () => sink.received.find((r) => r.path === '/slack/T000' && r.body.includes(user)),
      { what: 'the Slack message' },
    );
    expect(JSON.parse(slack.body).text).toContain('user.is-created');
    const sms = await waitFor(
      () =>
        sink.received.find(
          (r) =>
            r.path === '/2010-04-01/Accounts/ACtest/Messages.json' &&
            decodeURIComponent(r.body).includes('user.is-created'),
        ),
      { what: 'the SMS' },
    );
    const form = new URLSearchParams(sms.body);
    expect(form.get('To')).toBe('+34600000001');
    expect(form.get('From')).toBe('+15005550006');
    expect(String(sms.headers['authorization'])).toBe(
      `Basic ${Buffer.from('ACtest:token').toString('base64')}`,
    );
  });
});

describe('receivers', () => {
  it('are validated, owned by their client, changed and removed', async () => {
    const type = await typeId(a.token, 'sign.is-created');
    expectProblem(
      await api.post(`/v1/notifications/${type}`, { token: a.token, body: {} }),
      400,
      'validation_failed',
    );
    expectProblem(
      await api.post(`/v1/notifications/${type}`, { token: a.token, body: { email: 'nope' } }),
      400,
    );
    expectProblem(
      await api.post(`/v1/notifications/${type}`, { token: a.token, body: { sms: '600000000' } }),
      400,
    );
    expectProblem(
      await api.post(`/v1/notifications/${type}`, { token: a.token, body: { url: 'ftp://x' } }),
      400,
    );
    expectProblem(
      await api.post('/v1/notifications/00000000-0000-7000-8000-000000000000', {
        token: a.token,
        body: { url: `${sink.url}/x` },
      }),
      404,
    );
    const receiver = await subscribe(a.token, 'sign.is-created', { url: `${sink.url}/x` });
    const listed = await api.get('/v1/notifications?limit=0', { token: a.token });
    expect(
      listed.body
        .find((t: { id: string }) => t.id === type)
        .receivers.map((r: { id: string }) => r.id),
    ).toContain(receiver);
    const othersView = await api.get('/v1/notifications?limit=0', { token: b.token });
    expect(othersView.body.find((t: { id: string }) => t.id === type).receivers).toEqual([]);
    expectProblem(
      await api.patch(`/v1/notifications/${type}/receivers/${receiver}`, {
        token: b.token,
        body: { url: `${sink.url}/y` },
      }),
      404,
    );
    const changed = await api.patch(`/v1/notifications/${type}/receivers/${receiver}`, {
      token: a.token,
      body: { url: `${sink.url}/y` },
    });
    expect(changed.body).toEqual({ id: receiver });
    expect(
      (await api.delete(`/v1/notifications/${type}/receivers/${receiver}`, { token: a.token }))
        .body,
    ).toEqual({ id: receiver });
    expectProblem(
      await api.delete(`/v1/notifications/${type}/receivers/${receiver}`, { token: a.token }),
      404,
    );
    expectProblem(await api.get('/v1/notifications'), 401);
  });
});
