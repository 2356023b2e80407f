import { createIssuerClient, jwtExpiry, type TokenSource } from './index';
import { FAST_RETRY, type FakeApi, fakeApi, json, problem } from './test-harness';

/** An unsigned JWT with `exp` (the SDK reads it, the API verifies it). */
const jwt = (name: string, exp: number) =>
  [
    Buffer.from('{"alg":"EdDSA"}').toString('base64url'),
    Buffer.from(JSON.stringify({ sub: name, exp })).toString('base64url'),
    'sig',
  ].join('.');

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const ISSUES = '/v2/issuers/iss-1/issues';

describe('the issuer client (v2)', () => {
  it('reads exp from a JWT', () => {
    expect(jwtExpiry(jwt('x', 1_800_000_000))).toBe(1_800_000_000_000);
    expect(jwtExpiry('not-a-jwt')).toBeUndefined();
  });

  it('authenticates with id and secret, renews before exp and on token_expired', async () => {
    let clock = 1_000_000_000_000;
    let issued = 0;
    let expiredOnce = false;
    api = await fakeApi((req, res) => {
      if (req.url === '/v2/issuers/auth') {
        issued += 1;
        return json(res, 200, { accessToken: jwt(`a${issued}`, clock / 1000 + 900) });
      }
      // The API refuses the second token once as expired (a clock ahead of ours).
      if (issued === 2 && !expiredOnce) {
        expiredOnce = true;
        return problem(res, 401, 'token_expired');
      }
      json(res, 201, { id: 'issue-1', name: 'n', description: null });
    });
    const issuer = createIssuerClient({
      baseUrl: api.url,
      issuer: { id: 'iss-1', secret: 'sec' },
      retry: FAST_RETRY,
      now: () => clock,
    });
    await issuer.post('/issuers/{clientIssuerId}/issues', {
      params: { path: { clientIssuerId: 'iss-1' } },
      body: { name: 'Bond' },
    });
    clock += 900_000 - 59_000; // within a minute of exp: renewed first
    await issuer.post('/issuers/{clientIssuerId}/issues', {
      params: { path: { clientIssuerId: 'iss-1' } },
      body: { name: 'Bond 2' },
    });
    const auths = api.requests.filter((r) => r.url === '/v2/issuers/auth');
    // The first token, the renewal before exp, the renewal after a 401 token_expired.
    expect(auths).toHaveLength(3);
    expect(auths[0]!.body).toEqual({ id: 'iss-1', secret: 'sec' });
    expect(auths[0]!.headers['authorization']).toBeUndefined();
    const sent = api.requests.filter((r) => r.url === ISSUES);
    expect(sent.map((r) => r.headers['authorization'])).toEqual([
      `Bearer ${jwt('a1', 1_000_000_000 + 900)}`,
      `Bearer ${jwt('a2', 1_000_000_000 + 900 + 841)}`,
      `Bearer ${jwt('a3', 1_000_000_000 + 900 + 841)}`,
    ]);
    expect(sent[2]!.headers['idempotency-key']).toBe(sent[1]!.headers['idempotency-key']);
  });

  it('uses the admin token for provisioning and iterates v2 pages', async () => {
    api = await fakeApi((req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
      json(res, 200, {
        data: [{ id: `i${page}`, name: `Issuer ${page}` }],
        meta: { page, take: 1, itemCount: 3, pageCount: 3 },
      });
    });
    const admin: TokenSource = { accessToken: async () => 'admin-token' };
    const issuer = createIssuerClient({ baseUrl: api.url, admin, retry: FAST_RETRY });
    const names: string[] = [];
    for await (const record of issuer.list('/issuers', { params: { query: { take: '1' } } }))
      names.push(record.name);
    expect(names).toEqual(['Issuer 1', 'Issuer 2', 'Issuer 3']);
    expect(api.requests.map((r) => [r.url, r.headers['authorization']])).toEqual([
      ['/v2/issuers?take=1&page=1', 'Bearer admin-token'],
      ['/v2/issuers?take=1&page=2', 'Bearer admin-token'],
      ['/v2/issuers?take=1&page=3', 'Bearer admin-token'],
    ]);
  });

  it('throws CustodyError for a refused secret', async () => {
    api = await fakeApi((_req, res) => problem(res, 401, 'invalid_credentials'));
    const issuer = createIssuerClient({ baseUrl: api.url, issuer: { id: 'x', secret: 'y' } });
    await expect(issuer.authenticate()).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    });
  });
});
