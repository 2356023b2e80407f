import { createCustodyClient, CustodyError, unwrap } from './index';
import { FAST_RETRY, type FakeApi, fakeApi, json, problem, tokenAnswer } from './test-harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const APP = { id: 'app', secret: 's3cret' };
const BASIC = `Basic ${Buffer.from('app:s3cret').toString('base64')}`;
const TRANSFER_BODY = {
  requestedTransactions: [
    {
      assetId: 'eth',
      senderUserId: 'u1',
      senderWalletId: 'w1',
      receiverUserId: 'u2',
      receiverWalletId: 'w2',
      amount: '0.5',
    },
  ],
};

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A client already holding a token (the fake token endpoint answers `t1`). */
async function loggedIn(handler: Parameters<typeof fakeApi>[0], extra = {}) {
  api = await fakeApi((req, res, raw) => {
    if (req.url === '/v1/tokens') return json(res, 201, tokenAnswer('t1', 'r1'));
    return handler(req, res, raw);
  });
  const client = createCustodyClient({
    ...{},
    baseUrl: api.url,
    apiClient: APP,
    retry: FAST_RETRY,
    ...extra,
  });
  await client.login({ email: 'fin@example.com', password: 'pw' });
  return { client, api };
}

const calls = (fake: FakeApi, url: string) => fake.requests.filter((r) => r.url === url);

describe('Idempotency-Key and retries', () => {
  it('gives a POST a random key and sends the same key again after a 503', async () => {
    let n = 0;
    const { client, api } = await loggedIn((req, res) => {
      if (n++ === 0) return problem(res, 503, 'retry_required');
      json(res, 201, { id: 'tr-1', echo: req.headers['idempotency-key'] });
    });
    const transfer = await client.post('/transfers', { body: TRANSFER_BODY });
    expect(transfer.id).toBe('tr-1');
    const sent = calls(api, '/v1/transfers');
    expect(sent).toHaveLength(2);
    const key = sent[0]!.headers['idempotency-key'];
    expect(key).toMatch(UUID);
    expect(sent[1]!.headers['idempotency-key']).toBe(key);
    expect(sent[1]!.body).toEqual(TRANSFER_BODY);
    expect(sent.map((r) => r.headers['authorization'])).toEqual(['Bearer t1', 'Bearer t1']);

    // Another POST is another command: another key.
    await client.post('/transfers', { body: TRANSFER_BODY });
    expect(calls(api, '/v1/transfers')[2]!.headers['idempotency-key']).not.toBe(key);
  });

  it('sends the same key again after the connection dropped without an answer', async () => {
    let n = 0;
    const { client, api } = await loggedIn((_req, res, raw) => {
      if (n++ === 0) {
        raw.socket.destroy();
        return;
      }
      json(res, 201, { id: 'tr-2' });
    });
    const transfer = await client.post('/transfers', { body: TRANSFER_BODY });
    expect(transfer.id).toBe('tr-2');
    const sent = calls(api, '/v1/transfers');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers['idempotency-key']).toMatch(UUID);
    expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);
  });

  it('waits out a 409 idempotency_in_progress under the same key, and keeps a key the caller gave', async () => {
    let n = 0;
    const { client, api } = await loggedIn((_req, res) => {
      if (n++ < 2) return problem(res, 409, 'idempotency_in_progress');
      json(res, 201, { id: 'tr-3' });
    });
    await client.post('/transfers', {
      body: TRANSFER_BODY,
      params: { header: { 'Idempotency-Key': 'my-own-key' } },
    });
    expect(calls(api, '/v1/transfers').map((r) => r.headers['idempotency-key'])).toEqual([
      'my-own-key',
      'my-own-key',
      'my-own-key',
    ]);
  });

  it('gives up after maxAttempts and throws the last answer as a CustodyError', async () => {
    const { client, api } = await loggedIn((_req, res) => problem(res, 502, 'bad_gateway'), {
      retry: { ...FAST_RETRY, maxAttempts: 3 },
    });
    const error = await client.post('/transfers', { body: TRANSFER_BODY }).catch((e) => e);
    expect(error).toBeInstanceOf(CustodyError);
    expect([error.status, error.code]).toEqual([502, 'bad_gateway']);
    expect(calls(api, '/v1/transfers')).toHaveLength(3);
  });

  it('does not retry other conflicts, 4xx, nor a PATCH on 5xx', async () => {
    const { client, api } = await loggedIn((req, res) =>
      req.method === 'PATCH'
        ? problem(res, 503, 'service_unavailable')
        : problem(res, 409, 'idempotency_conflict'),
    );
    await expect(client.post('/transfers', { body: TRANSFER_BODY })).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_conflict',
    });
    await expect(
      client.patch('/clients/{client}', {
        params: { path: { client: 'c1' } },
        body: { name: 'N' },
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(api.requests.filter((r) => r.url !== '/v1/tokens')).toHaveLength(2);
  });

  it('turns a network failure on every attempt into CustodyError status 0', async () => {
    const { client } = await loggedIn((_req, _res, raw) => void raw.socket.destroy(), {
      retry: { ...FAST_RETRY, maxAttempts: 2 },
    });
    const error = await client.get('/users').catch((e) => e);
    expect(error).toBeInstanceOf(CustodyError);
    expect([error.status, error.code]).toEqual([0, 'network_error']);
  });
});

describe('tokens', () => {
  it('logs in with the password grant and the api client as HTTP Basic', async () => {
    const { api } = await loggedIn(() => undefined);
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: '/v1/tokens',
      headers: { authorization: BASIC },
      body: { grant_type: 'password', username: 'fin@example.com', password: 'pw' },
    });
  });

  it('refreshes shortly before expires_in elapses, once for concurrent requests', async () => {
    let clock = 1_000_000;
    let issued = 0;
    api = await fakeApi((req, res) => {
      if (req.url === '/v1/tokens') {
        issued += 1;
        return json(res, 201, tokenAnswer(`t${issued}`, `r${issued}`, 600));
      }
      json(res, 200, []);
    });
    const kept: string[] = [];
    const client = createCustodyClient({
      baseUrl: api.url,
      apiClient: APP,
      retry: FAST_RETRY,
      refreshMarginMs: 30_000,
      now: () => clock,
      onTokens: (t) => kept.push(t.refresh_token.slice(0, 2)),
    });
    await client.login({ email: 'fin@example.com', password: 'pw' });
    await client.get('/users');
    clock += 600_000 - 30_001; // not yet within the margin
    await client.get('/users');
    clock += 2; // within 30 s of expiry: refreshed before the request
    await Promise.all([client.get('/users'), client.get('/users'), client.get('/users')]);

    const grants = calls(api, '/v1/tokens');
    expect(grants).toHaveLength(2);
    expect(grants[1]!.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r1'.padEnd(43, 'x'),
    });
    expect(grants[1]!.headers['authorization']).toBe(BASIC);
    expect(calls(api, '/v1/users').map((r) => r.headers['authorization'])).toEqual([
      'Bearer t1',
      'Bearer t1',
      'Bearer t2',
      'Bearer t2',
      'Bearer t2',
    ]);
    expect(kept).toEqual(['r1', 'r2']);
    expect(client.tokens.session?.access_token).toBe('t2');
  });

  it('refreshes once and sends the request again on a 401 token_expired', async () => {
    let issued = 0;
    api = await fakeApi((req, res) => {
      if (req.url === '/v1/tokens') {
        issued += 1;
        return json(res, 201, tokenAnswer(`t${issued}`, `r${issued}`));
      }
      if (req.headers['authorization'] === 'Bearer t1') return problem(res, 401, 'token_expired');
      json(res, 201, { id: 'tr' });
    });
    const client = createCustodyClient({ baseUrl: api.url, apiClient: APP, retry: FAST_RETRY });
    await client.login({ email: 'fin@example.com', password: 'pw' });
    await client.post('/transfers', { body: TRANSFER_BODY });
    const sent = calls(api, '/v1/transfers');
    expect(sent.map((r) => r.headers['authorization'])).toEqual(['Bearer t1', 'Bearer t2']);
    expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);
    expect(sent[1]!.body).toEqual(TRANSFER_BODY);
    expect(calls(api, '/v1/tokens')[1]!.body.grant_type).toBe('refresh_token');
  });

  it('resumes from a refresh token, and logs in again with the password when a refresh is refused', async () => {
    let clock = 0;
    api = await fakeApi((req, res) => {
      if (req.url === '/v1/tokens' && req.body.grant_type === 'refresh_token') {
        return req.body.refresh_token.startsWith('saved')
          ? json(res, 201, tokenAnswer('from-refresh', 'r-next', 60))
          : problem(res, 401, 'refresh_token_reused');
      }
      if (req.url === '/v1/tokens') return json(res, 201, tokenAnswer('from-password', 'r-pw', 60));
      json(res, 200, []);
    });
    const resumed = createCustodyClient({ baseUrl: api.url, apiClient: APP, now: () => clock });
    expect((await resumed.fromRefreshToken('saved-token')).access_token).toBe('from-refresh');
    await expect(resumed.fromRefreshToken('stolen')).rejects.toMatchObject({
      status: 401,
      code: 'refresh_token_reused',
    });

    const client = createCustodyClient({ baseUrl: api.url, apiClient: APP, now: () => clock });
    await client.login({ email: 'fin@example.com', password: 'pw' });
    clock += 60_000;
    await client.get('/users');
    expect(calls(api, '/v1/users')[0]!.headers['authorization']).toBe('Bearer from-password');
    expect(calls(api, '/v1/tokens').map((r) => r.body.grant_type)).toEqual([
      'refresh_token',
      'refresh_token',
      'password',
      'refresh_token',
      'password',
    ]);
  });

  it('does not retry a refresh that may have run (a refresh token is single-use)', async () => {
    api = await fakeApi((req, res) => {
      if (req.body?.grant_type === 'refresh_token') return problem(res, 504, 'upstream_timeout');
      json(res, 201, tokenAnswer('t', 'r'));
    });
    const client = createCustodyClient({ baseUrl: api.url, apiClient: APP, retry: FAST_RETRY });
    await expect(client.fromRefreshToken('r0')).rejects.toMatchObject({ status: 504 });
    expect(api.requests).toHaveLength(1);
  });

  it('asks for the api client before calling the token endpoint', async () => {
    const client = createCustodyClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(client.login({ email: 'a', password: 'b' })).rejects.toMatchObject({
      code: 'api_client_required',
    });
  });
});

describe('CustodyError', () => {
  it('carries status, code, errors and the problem of a problem+json answer', async () => {
    const errors = [
      { path: 'body.name', message: 'Required' },
      { path: 'body.generalConditions', message: 'Required' },
    ];
    const { client } = await loggedIn((_req, res) =>
      problem(res, 400, 'validation_failed', { errors, instance: '/v1/users/individual-person' }),
    );
    const error = await client
      .post('/users/individual-person', { body: { generalConditions: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CustodyError);
    expect(error).toBeInstanceOf(Error);
    const e = error as CustodyError;
    expect([e.status, e.code, e.errors, e.message, e.requestId]).toEqual([
      400,
      'validation_failed',
      errors,
      'detail of validation_failed',
      'req-1',
    ]);
    expect(e.problem).toMatchObject({ status: 400, code: 'validation_failed', errors });
  });

  it('is what unwrap throws for the raw client, and a non-problem answer still gets one', async () => {
    const { client } = await loggedIn((req, res) => {
      if (req.url.startsWith('/v1/users/')) return problem(res, 404, 'not_found');
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>proxy</html>');
    });
    const result = await client.raw.GET('/users/{user}', { params: { path: { user: 'nobody' } } });
    expect(() => unwrap(result)).toThrow(CustodyError);
    expect(() => unwrap(result)).toThrow('detail of not_found');
    const error = (await client.get('/assets').catch((e: unknown) => e)) as CustodyError;
    expect([error.status, error.code, error.problem]).toEqual([502, 'http_502', undefined]);
  });
});

describe('list', () => {
  it('follows Link rel="next" across 3 pages (a relative and an absolute link)', async () => {
    const { client, api } = await loggedIn((req, res) => {
      const url = new URL(req.url, 'http://x');
      const page = Number(url.searchParams.get('page') ?? 1);
      const links = [
        '</v1/users?page=1&limit=2>; rel="first"',
        page === 1 ? '</v1/users?page=2&limit=2&email=a%2Bb%40c.d>; rel="next"' : '',
        page === 2 ? `<${api.url}/v1/users?page=3&limit=2&email=a%2Bb%40c.d>; rel="next"` : '',
        '</v1/users?page=3&limit=2>; rel="last"',
      ].filter(Boolean);
      json(
        res,
        200,
        [1, 2].map((i) => ({ id: `u${(page - 1) * 2 + i}` })).slice(0, page === 3 ? 1 : 2),
        { link: links.join(', '), 'x-total-count': '5' },
      );
    });
    const ids: string[] = [];
    for await (const user of client.list('/users', { params: { query: { limit: '2' } } }))
      ids.push(user.id);
    expect(ids).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
    const pages = api.requests.filter((r) => r.url.startsWith('/v1/users'));
    expect(pages.map((r) => r.url)).toEqual([
      '/v1/users?limit=2',
      '/v1/users?page=2&limit=2&email=a%2Bb%40c.d',
      '/v1/users?page=3&limit=2&email=a%2Bb%40c.d',
    ]);
    expect(pages.every((r) => r.headers['authorization'] === 'Bearer t1')).toBe(true);
  });

  it('stops at a page without a next link, and refuses a next link to another origin', async () => {
    const { client } = await loggedIn((_req, res) =>
      json(res, 200, [{ id: 'a' }], {
        link: '<https://elsewhere.example/v1/users?page=2>; rel="next"',
      }),
    );
    const seen: string[] = [];
    const error = await (async () => {
      for await (const user of client.list('/users')) seen.push(user.id);
    })().catch((e: CustodyError) => e);
    expect(seen).toEqual(['a']);
    expect(error).toMatchObject({ code: 'foreign_link' });
  });
});

describe('events.follow', () => {
  it('pages with the after cursor of Link next, and polls again after an empty page', async () => {
    const event = (id: string) => ({
      id,
      event: 'transfer.is-created',
      createdAt: '2026-01-01T00:00:00Z',
      tenantId: 'client-1',
      data: { id: `tr-${id}` },
    });
    let n = 0;
    const { client, api } = await loggedIn((req, res) => {
      const after = new URL(req.url, 'http://x').searchParams.get('after');
      const next = (cursor: string) => ({
        link: `</v1/events?after=${cursor}&types=transfer.is-created&limit=2>; rel="next"`,
      });
      n += 1;
      if (after === null) return json(res, 200, [event('e1'), event('e2')], next('c2'));
      if (after === 'c2' && n < 4) return json(res, 200, [], next('c2'));
      return json(res, 200, [event('e3')], next('c3'));
    });
    const controller = new AbortController();
    const feed = client.events.follow({
      types: ['transfer.is-created', 'transfer.is-updated'],
      limit: 2,
      pollIntervalMs: 10,
      signal: controller.signal,
    });
    const seen: string[] = [];
    for await (const e of feed) {
      seen.push(e.id);
      if (seen.length === 3) controller.abort();
    }
    expect(seen).toEqual(['e1', 'e2', 'e3']);
    const asked = api.requests
      .filter((r) => r.url.startsWith('/v1/events'))
      .map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
    expect(asked[0]).toEqual({ types: 'transfer.is-created,transfer.is-updated', limit: '2' });
    expect(asked.slice(1, 4).map((q) => q['after'])).toEqual(['c2', 'c2', 'c2']);
    // Every event of the page after c2 was yielded: a new feed would resume after c3.
    expect(feed.cursor).toBe('c3');
  });

  it('resumes after a given cursor', async () => {
    const { client, api } = await loggedIn((_req, res) =>
      json(res, 200, [{ id: 'x', event: 'e', createdAt: '', tenantId: null, data: {} }], {
        link: '</v1/events?after=n2&limit=50>; rel="next"',
      }),
    );
    const feed = client.events.follow({ after: 'n1' });
    const first = await feed.next();
    expect(first.value).toMatchObject({ id: 'x' });
    await feed.return();
    expect(api.requests.at(-1)!.url).toBe('/v1/events?after=n1');
  });
});
