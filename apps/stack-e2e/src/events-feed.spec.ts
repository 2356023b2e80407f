import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@custody/testing';
import { Api, type ApiResponse, expectProblem } from './api';
import { subscribe } from './fault-kit';
import { type Stack, startStack } from './stack';
import { newUser } from './world';

/**
 * The event feed and webhook recovery, over HTTP: every event of a tenant once, in order, across
 * pages while new ones are written, never another tenant's; a receiver's deliveries with their
 * attempts; a replay that redelivers exactly the events since a time.
 */

let stack: Stack;
let api: Api;
let admin: string;

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier'],
    env: {
      notifier: {
        NOTIFIER_ALLOW_PRIVATE_URLS: 'true',
        NOTIFIER_DISPATCH_INTERVAL_MS: '100',
        WEBHOOK_RETRY_SCHEDULE: '0,30,60',
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
});

interface FeedEvent {
  id: string;
  event: string;
  tenantId: string | null;
  data: { id?: string };
}

/** The `after` cursor of a page's `Link` rel="next". */
function nextOf(res: ApiResponse): string {
  const link = res.headers.get('link') ?? '';
  const match = /<([^>]+)>;\s*rel="next"/.exec(link);
  if (!match) throw new Error(`no next link in ${link}`);
  return new URL(match[1] as string, 'http://x').searchParams.get('after') as string;
}

/** Reads the feed from `after` to its current end, page by page. */
async function readFeed(token: string, query: string, after?: string) {
  const events: FeedEvent[] = [];
  /** Each page read: the cursor it was asked after, the events it gave and the next cursor. */
  const pages: string[] = [];
  let cursor = after;
  for (;;) {
    const res = await api.get(`/v1/events?limit=7${query}${cursor ? `&after=${cursor}` : ''}`, {
      token,
    });
    expect(res.status).toBe(200);
    const page = res.body as FeedEvent[];
    events.push(...page);
    const next = nextOf(res);
    pages.push(`${cursor ?? 'start'} → [${page.map((e) => e.id).join(' ')}] → ${next}`);
    if (page.length === 0) return { events, cursor: next, pages };
    cursor = next;
  }
}

/** A local receiver answering `status` to every POST, keeping the bodies. */
async function startSink(status: number) {
  const bodies: FeedEvent[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(body) as FeedEvent);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the event feed', () => {
  it("gives every event of the tenant once, in order, across pages while new ones are written, and never another tenant's", async () => {
    const a = await api.newClient(admin, 'Feed A');
    const b = await api.newClient(admin, 'Feed B');
    // Users are created in both tenants while A's feed is read page by page.
    const created: string[] = [];
    const writing = (async () => {
      for (let n = 0; n < 20; n += 1) {
        created.push(await newUser(api, a.token, `A${n}`));
        await newUser(api, b.token, `B${n}`);
      }
    })();
    const seen: FeedEvent[] = [];
    const pages: string[] = [];
    let cursor: string | undefined;
    await waitFor(
      async () => {
        const read = await readFeed(a.token, '&types=user.is-created', cursor);
        seen.push(...read.events);
        pages.push(...read.pages);
        cursor = read.cursor;
        return created.length === 20 && created.every((id) => seen.some((e) => e.data.id === id));
      },
      { timeoutMs: 30_000, what: "every user's event in A's feed" },
    );
    await writing;
    const ids = seen.map((e) => e.id);
    // Each event once; when not, the pages read name where it came back.
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (repeated.length > 0)
      throw new Error(`read again: ${repeated.join(', ')}; the pages read:\n${pages.join('\n')}`);
    expect(seen.every((e) => e.tenantId === a.id && e.event === 'user.is-created')).toBe(true);
    // Read again from the start: the same events in the same order.
    const again = (await readFeed(a.token, '&types=user.is-created')).events.map((e) => e.id);
    expect(again).toEqual(ids);
    // B's events are B's: none of A's, and A cannot read one of them.
    const bFeed = (await readFeed(b.token, '')).events;
    expect(bFeed.length).toBeGreaterThan(0);
    expect(bFeed.some((e) => ids.includes(e.id))).toBe(false);
    const bEvent = bFeed[0] as FeedEvent;
    expectProblem(await api.get(`/v1/events/${bEvent.id}`, { token: a.token }), 404, 'not_found');
    expect((await api.get(`/v1/events/${bEvent.id}`, { token: b.token })).body).toEqual(bEvent);
    // An admin reads every tenant's.
    const all = (await readFeed(admin, '&types=user.is-created')).events.map((e) => e.id);
    expect(ids.every((id) => all.includes(id))).toBe(true);
    expect(
      bFeed.filter((e) => e.event === 'user.is-created').every((e) => all.includes(e.id)),
    ).toBe(true);
  });

  it('refuses a cursor it did not give, and bad filters', async () => {
    const a = await api.newClient(admin, 'Feed cursors');
    expectProblem(
      await api.get('/v1/events?after=bm90LWEtY3Vyc29y', { token: a.token }),
      400,
      'invalid_cursor',
    );
    expectProblem(
      await api.get('/v1/events?limit=1000', { token: a.token }),
      400,
      'validation_failed',
    );
    expectProblem(
      await api.get('/v1/events?types=Bad,,', { token: a.token }),
      400,
      'validation_failed',
    );
    expectProblem(await api.get('/v1/events'), 401, 'unauthorized');
  });
});

describe("a receiver's deliveries", () => {
  it('show each attempt of a failing receiver, and when the next is due', async () => {
    const a = await api.newClient(admin, 'Failing receiver');
    const sink = await startSink(500);
    try {
      await subscribe(api, a.token, ['user.is-created'], sink.url);
      const type = (await api.get('/v1/notifications?limit=0', { token: a.token })).body.find(
        (t: { event: string }) => t.event === 'user.is-created',
      );
      const receiver = type.receivers[0].id as string;
      const path = `/v1/notifications/${type.id}/receivers/${receiver}/deliveries`;
      await newUser(api, a.token);
      await waitFor(
        async () =>
          ((await api.get(path, { token: a.token })).body[0]?.attemptLog?.length ?? 0) > 0,
        { timeoutMs: 15_000, what: 'a failed attempt' },
      );
      const [delivery] = (await api.get(path, { token: a.token })).body;
      expect(delivery).toMatchObject({
        status: 'pending',
        receiverId: receiver,
        attemptLog: [{ attempt: 1, statusCode: 500 }],
      });
      // The second attempt comes 30 s after the first (WEBHOOK_RETRY_SCHEDULE).
      const due = Date.parse(delivery.nextAttemptAt) - Date.parse(delivery.attemptLog[0].createdAt);
      expect(due).toBe(30_000);
      // Another tenant cannot read them.
      const other = await api.newClient(admin, 'Nosy');
      expectProblem(await api.get(path, { token: other.token }), 404, 'not_found');
    } finally {
      await sink.close();
    }
  });
});

describe('a replay', () => {
  it('delivers again exactly the events of its type since the time', async () => {
    const a = await api.newClient(admin, 'Replayed');
    const sink = await startSink(204);
    try {
      await newUser(api, a.token, 'Before');
      await subscribe(api, a.token, ['user.is-created'], sink.url);
      const type = (await api.get('/v1/notifications?limit=0', { token: a.token })).body.find(
        (t: { event: string }) => t.event === 'user.is-created',
      );
      const receiver = type.receivers[0].id as string;
      // The events recorded after `since`: three users.
      await waitFor(
        async () => (await readFeed(a.token, '&types=user.is-created')).events.length === 1,
        { timeoutMs: 15_000, what: 'the first event recorded' },
      );
      const since = new Date().toISOString();
      const users = [
        await newUser(api, a.token, 'One'),
        await newUser(api, a.token, 'Two'),
        await newUser(api, a.token, 'Three'),
      ];
      await waitFor(async () => users.every((id) => sink.bodies.some((b) => b.data.id === id)), {
        timeoutMs: 15_000,
        what: 'the three first deliveries',
      });
      sink.bodies.length = 0;
      const replay = await api.post(`/v1/notifications/${type.id}/receivers/${receiver}/replay`, {
        token: a.token,
        body: { since },
      });
      expect(replay.status).toBe(202);
      expect(replay.body).toEqual({ replayed: 3, skipped: 0 });
      await waitFor(async () => sink.bodies.length >= 3, {
        timeoutMs: 15_000,
        what: 'the replayed deliveries',
      });
      expect(sink.bodies.map((b) => b.data.id).sort()).toEqual([...users].sort());
      expectProblem(
        await api.post(`/v1/notifications/${type.id}/receivers/${receiver}/replay`, {
          token: a.token,
          body: { since, until: since },
        }),
        400,
        'validation_failed',
      );
    } finally {
      await sink.close();
    }
  });
});
