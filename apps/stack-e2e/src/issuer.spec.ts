import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress, isAddress, MaxUint256, verifyTypedData } from 'ethers';
import pg from 'pg';
import { IDENTITY_RPC } from '@custody/contracts';
import { Broker, devProofSigner, RpcClient } from '@custody/messaging';
import { appBrokerUrl, testLogger, waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { tapEvents } from './events-tap';
import { type Stack, startStack } from './stack';

let stack: Stack;
let api: Api;
let admin: string;
let adminId: string;
let general: Awaited<ReturnType<Api['newClient']>>;
let sink: { url: string; received: string[]; close(): Promise<void> };
let server: Server;

interface Issuer {
  id: string;
  name: string;
  secret: string;
  address: string;
  token: string;
  issue: string;
}
let a: Issuer;
let b: Issuer;

const TOKEN_LIMIT = 30;

const typedData = {
  domain: {
    name: 'Acme Bond',
    version: '1',
    chainId: 1,
    verifyingContract: '0x000000000000000000000000000000000000dEaD',
  },
  types: {
    Consent: [
      { name: 'holder', type: 'address' },
      { name: 'terms', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  value: {
    holder: '0x000000000000000000000000000000000000bEEF',
    terms: 'Coupon paid on 2026-06-30',
    amount: '1000',
  },
};

async function provision(name: string) {
  const res = await api.post('/v2/issuers', { token: admin, body: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; secret: string; address: string };
}

async function authenticate(id: string, secret: string) {
  return api.post('/v2/issuers/auth', { body: { id, secret } });
}

async function newIssuer(name: string): Promise<Issuer> {
  const created = await provision(name);
  const token = (await authenticate(created.id, created.secret)).body.accessToken as string;
  const issue = await api.post(`/v2/issuers/${created.id}/issues`, {
    token,
    body: { name: `${name} bond 2030` },
  });
  return { ...created, token, issue: issue.body.id };
}

const issuePath = (issuer: Issuer, issue = issuer.issue) =>
  `/v2/issuers/${issuer.id}/issues/${issue}`;

async function message(issuer: Issuer, name: string, issue = issuer.issue) {
  return api.post(`${issuePath(issuer, issue)}/activities/message`, {
    token: issuer.token,
    body: { name, description: `About ${name}`, infoUrl: 'https://issuer.example/info' },
  });
}

function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

beforeAll(async () => {
  const received: string[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  stack = await startStack({
    only: ['identity', 'signing', 'issuer', 'notifier'],
    env: {
      gateway: { TOKEN_RATE_LIMIT_PER_MINUTE: String(TOKEN_LIMIT) },
      notifier: { NOTIFIER_ALLOW_PRIVATE_URLS: 'true', NOTIFIER_DISPATCH_INTERVAL_MS: '100' },
    },
  });
  api = new Api(stack.gatewayUrl);
  const login = await api.login('admin@e2e.test', 'e2e-admin-password');
  admin = login.access_token;
  adminId = login.client.id;
  general = await api.newClient(admin, 'Not An Admin');
  a = await newIssuer('Acme Issuer');
  b = await newIssuer('Bravo Issuer');
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
  await sink?.close();
});

describe('the v2 OpenAPI document', () => {
  it('documents every issuer path, and the v1 document none of them', async () => {
    const v2 = (await api.get('/v2/openapi.json')).body;
    expect(v2.info.version).toBe('v2');
    expect(v2.servers[0].url).toMatch(/\/v2$/);
    const base = '/issuers/{clientIssuerId}/issues/{clientIssueId}';
    expect(
      Object.entries(v2.paths as Record<string, object>)
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
        .sort(),
    ).toEqual(
      [
        'post /issuers',
        'get /issuers',
        'post /issuers/auth',
        'post /issuers/{clientIssuerId}/rotate-secret',
        'post /issuers/{clientIssuerId}/issues',
        'get /issuers/{clientIssuerId}/issues',
        `post ${base}/activities/message`,
        `post ${base}/activities/request`,
        `get ${base}/activities`,
        `get ${base}/activities/{clientIssueActivityId}`,
        `post ${base}/holders`,
        `get ${base}/holders`,
      ].sort(),
    );
    expect(v2.paths['/issuers/auth'].post.security).toEqual([]);
    expect(v2.paths[`${base}/holders`].post.security).toEqual([{ issuerBearer: [] }]);
    expect(v2.paths['/issuers'].post.security).toEqual([{ adminBearer: [] }]);
    const v1 = (await api.get('/v1/openapi.json')).body;
    expect(Object.keys(v1.paths).filter((p) => p.startsWith('/issuers'))).toEqual([]);
  });
});

describe('provisioning (admin)', () => {
  it('creates an issuer with a custodial key and shows its secret once, stored as a hash', async () => {
    const res = await api.post('/v2/issuers', { token: admin, body: { name: 'Charlie Issuer' } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual([
      'id',
      'name',
      'secret',
      'createdAt',
      'updatedAt',
      'address',
    ]);
    expect(res.body.name).toBe('Charlie Issuer');
    expect(res.body.secret.length).toBeGreaterThanOrEqual(40);
    expect(isAddress(res.body.address)).toBe(true);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(new Set([a.address, b.address, res.body.address]).size).toBe(3);

    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const row = (
        await db.query('SELECT secret_hash FROM issuer.issuers WHERE id = $1', [res.body.id])
      ).rows[0];
      expect(row.secret_hash).toMatch(/^\$argon2id\$/);
      expect(row.secret_hash).not.toContain(res.body.secret);
      const key = (
        await db.query('SELECT address FROM signing.keys WHERE owner_id = $1', [
          `issuer:${res.body.id}`,
        ])
      ).rows[0];
      expect(key.address).toBe(res.body.address);
    } finally {
      await db.end();
    }
  });

  it('lists issuers without their secrets, paged', async () => {
    const res = await api.get('/v2/issuers?take=2&page=1&sortColumn=createdAt&sortOrder=ASC', {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({
      page: 1,
      take: 2,
      itemCount: expect.any(Number),
      pageCount: Math.ceil(res.body.meta.itemCount / 2),
    });
    expect(res.body.meta.itemCount).toBeGreaterThanOrEqual(3);
    expect(res.body.data.map((i: { id: string }) => i.id)).toEqual([a.id, b.id]);
    expect(res.body.data[0]).toEqual({
      id: a.id,
      name: 'Acme Issuer',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      address: a.address,
    });
  });

  it('is for admins only, and validates its input', async () => {
    expectProblem(await api.post('/v2/issuers', { body: { name: 'x' } }), 401);
    expectProblem(
      await api.post('/v2/issuers', { token: general.token, body: { name: 'x' } }),
      403,
    );
    expectProblem(await api.get('/v2/issuers', { token: general.token }), 403);
    expectProblem(await api.get('/v2/issuers', { token: a.token }), 401);
    expectProblem(
      await api.post('/v2/issuers', { token: admin, body: {} }),
      400,
      'validation_failed',
    );
    expectProblem(
      await api.post('/v2/issuers', { token: admin, body: { name: 'x', secret: 'mine' } }),
      400,
      'validation_failed',
    );
    expectProblem(await api.get('/v2/issuers?take=0', { token: admin }), 400, 'validation_failed');
  });

  it('replays a retried creation (Idempotency-Key) without the secret', async () => {
    const headers = { 'idempotency-key': `issuer-${Date.now()}` };
    const first = await api.post('/v2/issuers', { token: admin, headers, body: { name: 'Retry' } });
    const again = await api.post('/v2/issuers', { token: admin, headers, body: { name: 'Retry' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(first.body.secret).toEqual(expect.any(String));
    expect(again.body.secret).toBeUndefined();
    expect(again.body.address).toBe(first.body.address);
  });
});

describe('POST /v2/issuers/auth', () => {
  it('answers {accessToken}: a 15-minute JWT of its own audience', async () => {
    const res = await authenticate(a.id, a.secret);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['accessToken']);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const claims = jwtPayload(res.body.accessToken);
    expect(claims).toMatchObject({ sub: a.id, aud: 'custody-issuer:v2', ten: adminId, ver: 1 });
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(900);
  });

  it('answers 401 to a wrong secret or an unknown issuer, 400 to a missing field', async () => {
    expectProblem(await authenticate(a.id, b.secret), 401, 'invalid_credentials');
    expectProblem(await authenticate(a.id, `${a.secret}x`), 401, 'invalid_credentials');
    expectProblem(
      await authenticate('00000000-0000-7000-8000-000000000000', a.secret),
      401,
      'invalid_credentials',
    );
    expectProblem(await authenticate('not-an-id', a.secret), 401, 'invalid_credentials');
    expectProblem(
      await api.post('/v2/issuers/auth', { body: { id: a.id } }),
      400,
      'validation_failed',
    );
    expectProblem(
      await api.post('/v2/issuers/auth', { body: { secret: a.secret } }),
      400,
      'validation_failed',
    );
    expectProblem(
      await api.post('/v2/issuers/auth', { body: { id: a.id, secret: a.secret, extra: 1 } }),
      400,
      'validation_failed',
    );
  });

  it('gets its tokens from identity, which signs them for the issuer app only', async () => {
    // Other apps, with their own broker logins and keys: each is who it says, and not issuer.
    const callers = ['gateway', 'wallet-ledger'] as const;
    const brokers = callers.map(
      (caller) =>
        new Broker({ url: appBrokerUrl(caller), namespace: stack.namespace, logger: testLogger() }),
    );
    const clients = callers.map(
      (caller, i) =>
        new RpcClient({
          broker: brokers[i] as Broker,
          caller,
          signer: devProofSigner(caller),
          defaultTimeoutMs: 10_000,
          logger: testLogger(),
        }),
    );
    try {
      for (const [i, client] of clients.entries()) {
        await brokers[i]?.connect();
        await client.start();
        await expect(
          client.call('identity', IDENTITY_RPC.issueIssuerToken, {
            issuerId: a.id,
            tenantId: adminId,
            version: 1,
          }),
        ).rejects.toMatchObject({ status: 403, code: 'caller_not_allowed' });
      }
    } finally {
      for (const client of clients) await client.stop();
      for (const broker of brokers) await broker.close();
    }
  });
});

describe('token boundaries', () => {
  it('keep an issuer token to its own issuer', async () => {
    expectProblem(await api.get(`/v2/issuers/${b.id}/issues`, { token: a.token }), 403);
    expectProblem(
      await api.post(`/v2/issuers/${b.id}/issues`, { token: a.token, body: { name: 'x' } }),
      403,
    );
    expectProblem(await message({ ...b, token: a.token }, 'Sneaky'), 403);
    expectProblem(await api.get(`${issuePath(b)}/activities`, { token: a.token }), 403);
    expectProblem(await api.get(`${issuePath(b)}/holders`, { token: a.token }), 403);
    // Another issuer's issue under one's own issuer path does not exist.
    expectProblem(await message(a, 'Sneaky', b.issue), 404);
    expectProblem(await api.get(`${issuePath(a, b.issue)}/activities`, { token: a.token }), 404);
  });

  it('refuse v1 tokens on issuer paths and issuer tokens on v1 paths (401)', async () => {
    for (const token of [admin, general.token]) {
      expectProblem(await api.get(`/v2/issuers/${a.id}/issues`, { token }), 401, 'token_invalid');
      expectProblem(await api.get(`${issuePath(a)}/activities`, { token }), 401, 'token_invalid');
    }
    expectProblem(await api.get('/v1/notifications', { token: a.token }), 401, 'token_invalid');
    expectProblem(await api.get('/v1/clients', { token: a.token }), 401, 'token_invalid');
    expectProblem(
      await api.post(`/v2/issuers/${a.id}/rotate-secret`, { token: a.token }),
      401,
      'token_invalid',
    );
    expectProblem(await api.get(`/v2/issuers/${a.id}/issues`), 401, 'unauthorized');
    expectProblem(
      await api.get(`/v2/issuers/${a.id}/issues`, { token: `${a.token.slice(0, -4)}AAAA` }),
      401,
      'token_invalid',
    );
  });

  it('a rotated secret revokes the old secret and every token issued under it', async () => {
    const c = await newIssuer('Rotating Issuer');
    expectProblem(
      await api.post(`/v2/issuers/${c.id}/rotate-secret`, { token: general.token }),
      403,
    );
    expectProblem(
      await api.post('/v2/issuers/00000000-0000-7000-8000-000000000000/rotate-secret', {
        token: admin,
      }),
      404,
    );
    const rotated = await api.post(`/v2/issuers/${c.id}/rotate-secret`, { token: admin });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ id: c.id, address: c.address });
    expect(rotated.body.secret).not.toBe(c.secret);
    expectProblem(
      await api.get(`/v2/issuers/${c.id}/issues`, { token: c.token }),
      401,
      'token_revoked',
    );
    expectProblem(await authenticate(c.id, c.secret), 401, 'invalid_credentials');
    const fresh = await authenticate(c.id, rotated.body.secret);
    expect(jwtPayload(fresh.body.accessToken)['ver']).toBe(2);
    expect(
      (await api.get(`/v2/issuers/${c.id}/issues`, { token: fresh.body.accessToken })).status,
    ).toBe(200);
  });
});

describe('issues (extension)', () => {
  it('are created and listed by their issuer', async () => {
    const created = await api.post(`/v2/issuers/${a.id}/issues`, {
      token: a.token,
      body: { name: 'Acme note 2031', description: 'Five-year note' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Acme note 2031',
      description: 'Five-year note',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await api.get(`/v2/issuers/${a.id}/issues?sortColumn=name&sortOrder=ASC`, {
      token: a.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: { name: string }) => i.name)).toEqual([
      'Acme Issuer bond 2030',
      'Acme note 2031',
    ]);
    expect(list.body.meta).toEqual({ page: 1, take: 10, itemCount: 2, pageCount: 1 });
    const other = await api.get(`/v2/issuers/${b.id}/issues`, { token: b.token });
    expect(other.body.data.map((i: { id: string }) => i.id)).toEqual([b.issue]);
  });

  it('validate their input', async () => {
    const post = (body: unknown) =>
      api.post(`/v2/issuers/${a.id}/issues`, { token: a.token, body });
    expectProblem(await post({}), 400, 'validation_failed');
    expectProblem(await post({ name: '' }), 400, 'validation_failed');
    expectProblem(await post({ name: 'x', owner: 'y' }), 400, 'validation_failed');
  });

  it('answer 404 to activities and holders of an unknown issue', async () => {
    const unknown = '00000000-0000-7000-8000-000000000000';
    expectProblem(await message(a, 'Nowhere', unknown), 404, 'not_found');
    expectProblem(await message(a, 'Nowhere', 'not-a-uuid'), 404, 'not_found');
    expectProblem(
      await api.post(`${issuePath(a, unknown)}/activities/request`, {
        token: a.token,
        body: { name: 'x', dataStructured: typedData },
      }),
      404,
    );
    expectProblem(await api.get(`${issuePath(a, unknown)}/activities`, { token: a.token }), 404);
    expectProblem(
      await api.get(`${issuePath(a, unknown)}/activities/${unknown}`, { token: a.token }),
      404,
    );
    expectProblem(
      await api.post(`${issuePath(a, unknown)}/holders`, {
        token: a.token,
        body: { name: 'x', address: '0x000000000000000000000000000000000000bEEF' },
      }),
      404,
    );
    expectProblem(await api.get(`${issuePath(a, unknown)}/holders`, { token: a.token }), 404);
  });
});

describe('message activities', () => {
  it('answer 200 {createdAt, updatedAt, id}; the record is type MESSAGE, APPROVED, unread', async () => {
    const res = await message(a, 'Coupon announcement');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['createdAt', 'updatedAt', 'id']);
    const list = await api.get(`${issuePath(a)}/activities?name=Coupon announcement`, {
      token: a.token,
    });
    expect(list.body.data).toEqual([
      {
        createdAt: res.body.createdAt,
        updatedAt: res.body.updatedAt,
        id: res.body.id,
        clientIssueId: a.issue,
        name: 'Coupon announcement',
        type: 'MESSAGE',
        readed: false,
      },
    ]);
    const record = await api.get(`${issuePath(a)}/activities/${res.body.id}`, { token: a.token });
    expect(record.status).toBe(200);
    expect(record.body).toEqual({
      id: res.body.id,
      clientIssueId: a.issue,
      type: 'MESSAGE',
      name: 'Coupon announcement',
      description: 'About Coupon announcement',
      infoUrl: 'https://issuer.example/info',
      status: 'APPROVED',
      readed: true,
      dataStructured: null,
      signedTypedData: null,
      createdAt: res.body.createdAt,
      updatedAt: res.body.updatedAt,
    });
  });

  it.each([
    ['no name', { description: 'd', infoUrl: 'https://x.example' }],
    ['no description', { name: 'n', infoUrl: 'https://x.example' }],
    ['no infoUrl', { name: 'n', description: 'd' }],
    ['an infoUrl that is no URL', { name: 'n', description: 'd', infoUrl: 'not a url' }],
    ['a javascript: infoUrl', { name: 'n', description: 'd', infoUrl: 'javascript:alert(1)' }],
    ['an unknown field', { name: 'n', description: 'd', infoUrl: 'https://x.example', x: 1 }],
  ])('answer 400 to %s', async (_case, body) => {
    expectProblem(
      await api.post(`${issuePath(a)}/activities/message`, { token: a.token, body }),
      400,
      'validation_failed',
    );
  });
});

describe('request activities', () => {
  it("are signed (EIP-712) with the issuer's key; the signature verifies independently", async () => {
    const res = await api.post(`${issuePath(a)}/activities/request`, {
      token: a.token,
      body: {
        name: 'Coupon consent',
        description: 'Sign to accept',
        infoUrl: 'https://issuer.example/consent',
        dataStructured: typedData,
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['createdAt', 'updatedAt', 'id']);
    const record = await api.get(`${issuePath(a)}/activities/${res.body.id}`, { token: a.token });
    expect(record.body).toMatchObject({
      id: res.body.id,
      clientIssueId: a.issue,
      type: 'REQUEST',
      name: 'Coupon consent',
      description: 'Sign to accept',
      infoUrl: 'https://issuer.example/consent',
      status: 'APPROVED',
      readed: true,
      dataStructured: typedData,
    });
    expect(record.body.signedTypedData).toMatch(/^0x[0-9a-f]{130}$/);
    expect(
      verifyTypedData(
        typedData.domain,
        typedData.types,
        typedData.value,
        record.body.signedTypedData,
      ),
    ).toBe(a.address);
    expect(
      verifyTypedData(
        { ...typedData.domain, chainId: 5 },
        typedData.types,
        typedData.value,
        record.body.signedTypedData,
      ),
    ).not.toBe(a.address);
  });

  it('need only name and dataStructured; value.primaryType names the root type', async () => {
    const data = {
      domain: { name: 'Acme', version: '2' },
      types: {
        Vote: [
          { name: 'proposal', type: 'Proposal' },
          { name: 'approve', type: 'bool' },
        ],
        Proposal: [{ name: 'title', type: 'string' }],
      },
      value: { primaryType: 'Vote', proposal: { title: 'Extend maturity' }, approve: true },
    };
    const res = await api.post(`${issuePath(b)}/activities/request`, {
      token: b.token,
      body: { name: 'Vote', dataStructured: data },
    });
    expect(res.status).toBe(200);
    const record = await api.get(`${issuePath(b)}/activities/${res.body.id}`, { token: b.token });
    expect(record.body).toMatchObject({ description: null, infoUrl: null, type: 'REQUEST' });
    const { primaryType: _root, ...value } = data.value;
    expect(verifyTypedData(data.domain, data.types, value, record.body.signedTypedData)).toBe(
      b.address,
    );
    // Another issuer's key did not sign it.
    expect(b.address).not.toBe(a.address);
  });

  it('answer 400 without name or dataStructured, and to data that cannot be signed', async () => {
    const post = (body: unknown) =>
      api.post(`${issuePath(a)}/activities/request`, { token: a.token, body });
    expectProblem(await post({ name: 'x' }), 400, 'validation_failed');
    expectProblem(await post({ dataStructured: typedData }), 400, 'validation_failed');
    expectProblem(
      await post({ name: 'x', dataStructured: { domain: {}, types: [] } }),
      400,
      'validation_failed',
    );
    expectProblem(
      await post({ name: 'x', dataStructured: typedData, infoUrl: 'nope' }),
      400,
      'validation_failed',
    );
    expectProblem(
      await post({
        name: 'x',
        dataStructured: { ...typedData, value: { ...typedData.value, amount: 'lots' } },
      }),
      400,
      'invalid_typed_data',
    );
  });
});

describe('request activities under policy', () => {
  let c: Issuer;
  let d: Issuer;
  /** A voucher: `to` may claim `amount` base units of the token whose contract verifies it. */
  const voucher = (verifyingContract: string, amount: bigint) => ({
    domain: { name: 'Voucher', version: '1', chainId: 1, verifyingContract },
    types: {
      Voucher: [
        { name: 'to', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    value: { to: '0x000000000000000000000000000000000000bEEF', amount: amount.toString() },
  });
  const request = (issuer: Issuer, dataStructured: object, name = 'Claim') =>
    api.post(`${issuePath(issuer)}/activities/request`, {
      token: issuer.token,
      body: { name, dataStructured },
    });
  const record = async (issuer: Issuer, id: string) =>
    (await api.get(`${issuePath(issuer)}/activities/${id}`, { token: issuer.token })).body;
  /** A platform policy (an admin's) of issuer-activity, for one issuer only. */
  const platformPolicy = async (issuer: Issuer, fields: Record<string, unknown>) => {
    const created = await api.post('/v1/policies', {
      token: admin,
      body: {
        name: `For ${issuer.name}`,
        activity: 'issuer-activity',
        ...fields,
        filters: { userIds: [issuer.id] },
      },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  beforeAll(async () => {
    c = await newIssuer('Charlie Held Issuer');
    d = await newIssuer('Delta Limited Issuer');
  });

  it('are held unsigned by a require_approval policy, and signed on its quorum', async () => {
    const held = await platformPolicy(c, {
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
    const created = await request(c, typedData);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      status: 'PENDING_APPROVAL',
      approvalId: expect.any(String),
    });
    const { id, approvalId } = created.body as { id: string; approvalId: string };
    expect(await record(c, id)).toMatchObject({
      status: 'PENDING_APPROVAL',
      signedTypedData: null,
      approvalId,
    });
    // The admins decide a platform policy's approval; it names the issuer and its issue.
    expect((await api.get(`/v1/approvals/${approvalId}`, { token: admin })).body).toMatchObject({
      status: 'pending',
      activity: 'issuer-activity',
      operationId: id,
      initiator: { clientId: `issuer:${c.id}` },
      policyIds: [held],
      summary: { userId: c.id, walletId: c.issue, amount: '0' },
    });
    const tap = await tapEvents(stack.namespace, 'issuer-activity.*');
    const decided = await api.post(`/v1/approvals/${approvalId}/decisions`, {
      token: admin,
      body: { decision: 'approve' },
    });
    expect(decided.status).toBe(201);
    // Announced once signed, as an activity published at once is.
    const announced = await waitFor(() => tap.events.find((e) => e.data['id'] === id), {
      what: 'issuer-activity.is-created of the held activity',
    });
    expect(announced.data).toMatchObject({ status: 'APPROVED', approvalId, clientIssuerId: c.id });
    await tap.close();
    const signed = await waitFor(
      async () => {
        const now = await record(c, id);
        return now.status === 'APPROVED' ? now : undefined;
      },
      { timeoutMs: 15_000, what: `activity ${id} signed` },
    );
    expect(
      verifyTypedData(typedData.domain, typedData.types, typedData.value, signed.signedTypedData),
    ).toBe(c.address);

    // Rejected: never signed.
    const second = (await request(c, typedData, 'Refused claim')).body as {
      id: string;
      approvalId: string;
    };
    await api.post(`/v1/approvals/${second.approvalId}/decisions`, {
      token: admin,
      body: { decision: 'reject', reason: 'not this one' },
    });
    await waitFor(async () => (await record(c, second.id)).status === 'REJECTED', {
      timeoutMs: 15_000,
      what: `activity ${second.id} rejected`,
    });
    expect(await record(c, second.id)).toMatchObject({
      signedTypedData: null,
      failureReason: 'approval_rejected',
    });
    // A message signs nothing: no policy holds it.
    expect((await message(c, 'Coupon notice')).body).not.toHaveProperty('status');
  });

  it('weigh the amount their data grants, in its token: an unlimited one matches amount_above', async () => {
    const limit = await platformPolicy(d, {
      rule: { kind: 'amount_above', assetId: 'usdc', amount: '1000' },
      action: 'block',
    });
    const usdc = (await api.get('/v1/assets/usdc', { token: admin })).body
      .contractAddress as string;
    const before = (await api.get(`${issuePath(d)}/activities`, { token: d.token })).body.meta
      .itemCount;
    // 10 USDC: under the limit, signed at once.
    const small = await request(d, voucher(usdc, 10_000_000n));
    expect(small.status).toBe(200);
    expect(small.body).not.toHaveProperty('status');
    expect((await record(d, small.body.id)).status).toBe('APPROVED');
    // 2,000 USDC, an unlimited amount, or a token outside the catalog: refused, nothing recorded.
    for (const data of [
      voucher(usdc, 2_000_000_000n),
      voucher(usdc, MaxUint256),
      voucher('0x000000000000000000000000000000000000dEaD', 1n),
    ]) {
      const refused = await request(d, data);
      expectProblem(refused, 403, 'policy_blocked');
      expect(refused.body.policyIds).toEqual([limit]);
    }
    expect(
      (await api.get(`${issuePath(d)}/activities`, { token: d.token })).body.meta.itemCount,
    ).toBe(before + 1);
    // Data that grants nothing moves nothing: no amount rule matches it.
    expect((await request(d, typedData)).status).toBe(200);
  });
});

describe('reading and listing activities', () => {
  let issue: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    issue = (
      await api.post(`/v2/issuers/${a.id}/issues`, { token: a.token, body: { name: 'Listing' } })
    ).body.id;
    for (const name of ['Delta notice', 'alpha notice', 'Charlie notice', 'Echo', 'bravo']) {
      ids[name] = (await message(a, name, issue)).body.id;
    }
    ids['Foxtrot request'] = (
      await api.post(`${issuePath(a, issue)}/activities/request`, {
        token: a.token,
        body: { name: 'Foxtrot request', dataStructured: typedData },
      })
    ).body.id;
  });

  const list = (query: string) =>
    api.get(`${issuePath(a, issue)}/activities${query}`, { token: a.token });
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((e) => e.name);

  it('the first read by id marks an activity readed; reads by another issuer are refused', async () => {
    expect((await list('?readed=true')).body.data).toEqual([]);
    expectProblem(
      await api.get(`${issuePath(a, issue)}/activities/${ids['Echo']}`, { token: b.token }),
      403,
    );
    const first = await api.get(`${issuePath(a, issue)}/activities/${ids['Echo']}`, {
      token: a.token,
    });
    expect(first.body.readed).toBe(true);
    const again = await api.get(`${issuePath(a, issue)}/activities/${ids['Echo']}`, {
      token: a.token,
    });
    expect(again.body).toEqual(first.body);
    expect(names(await list('?readed=true'))).toEqual(['Echo']);
    // Names sort alphabetically, whatever their letter case.
    expect(names(await list('?readed=false&sortColumn=name&sortOrder=ASC'))).toEqual([
      'alpha notice',
      'bravo',
      'Charlie notice',
      'Delta notice',
      'Foxtrot request',
    ]);
    // An activity of another issue is not found under this one.
    const elsewhere = (await message(a, 'Elsewhere')).body.id;
    expectProblem(
      await api.get(`${issuePath(a, issue)}/activities/${elsewhere}`, { token: a.token }),
      404,
    );
    expectProblem(
      await api.get(`${issuePath(a, issue)}/activities/not-a-uuid`, { token: a.token }),
      404,
    );
  });

  it('filter by name (any case, part of it) and type', async () => {
    expect(names(await list('?name=NOTICE&sortColumn=createdAt&sortOrder=ASC'))).toEqual([
      'Delta notice',
      'alpha notice',
      'Charlie notice',
    ]);
    expect(names(await list('?type=REQUEST'))).toEqual(['Foxtrot request']);
    expect((await list('?type=MESSAGE')).body.meta.itemCount).toBe(5);
    expect((await list('?name=%25')).body.data).toEqual([]);
    expect(names(await list('?name=notice&readed=false&type=MESSAGE&sortColumn=name'))).toEqual([
      'Delta notice',
      'Charlie notice',
      'alpha notice',
    ]);
  });

  it('sort on allow-listed columns and page with take/page and meta', async () => {
    expect(names(await list(''))).toEqual([
      'Foxtrot request',
      'bravo',
      'Echo',
      'Charlie notice',
      'alpha notice',
      'Delta notice',
    ]);
    expect(names(await list('?sortOrder=ASC'))).toEqual([
      'Delta notice',
      'alpha notice',
      'Charlie notice',
      'Echo',
      'bravo',
      'Foxtrot request',
    ]);
    expect(names(await list('?sortColumn=readed&sortOrder=DESC&take=1'))).toEqual(['Echo']);
    expect(names(await list('?sortColumn=type&sortOrder=DESC&take=1'))).toEqual([
      'Foxtrot request',
    ]);
    const page2 = await list('?sortColumn=createdAt&sortOrder=ASC&take=4&page=2');
    expect(names(page2)).toEqual(['bravo', 'Foxtrot request']);
    expect(page2.body.meta).toEqual({ page: 2, take: 4, itemCount: 6, pageCount: 2 });
    const beyond = await list('?take=4&page=3');
    expect(beyond.body).toEqual({
      data: [],
      meta: { page: 3, take: 4, itemCount: 6, pageCount: 2 },
    });
    expect((await list('')).body.meta).toEqual({ page: 1, take: 10, itemCount: 6, pageCount: 1 });
    const entry = (await list('?type=REQUEST')).body.data[0];
    expect(Object.keys(entry).sort()).toEqual(
      ['clientIssueId', 'createdAt', 'id', 'name', 'readed', 'type', 'updatedAt'].sort(),
    );
  });

  it.each([
    '?take=0',
    '?take=101',
    '?take=ten',
    '?page=0',
    '?sortColumn=description',
    '?sortOrder=asc',
    '?type=message',
    '?readed=yes',
    '?limit=5',
    '?take=1&take=2',
  ])('answer 400 to %s', async (query) => {
    expectProblem(await list(query), 400, 'validation_failed');
  });
});

describe('holders', () => {
  const address = '0x52908400098527886E0F7030069857D2E4169EE7';

  it('are added with a valid EVM address (checksummed), once per issue', async () => {
    const res = await api.post(`${issuePath(a)}/holders`, {
      token: a.token,
      body: { name: 'Alice Holder', address: address.toLowerCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      id: expect.any(String),
      clientIssueId: a.issue,
      name: 'Alice Holder',
      address: getAddress(address),
    });
    expectProblem(
      await api.post(`${issuePath(a)}/holders`, {
        token: a.token,
        body: { name: 'Alice again', address },
      }),
      409,
      'holder_exists',
    );
    const elsewhere = await api.post(`${issuePath(b)}/holders`, {
      token: b.token,
      body: { name: 'Alice at Bravo', address },
    });
    expect(elsewhere.status).toBe(200);
    const list = await api.get(`${issuePath(a)}/holders`, { token: a.token });
    expect(list.body).toEqual({
      data: [res.body],
      meta: { page: 1, take: 10, itemCount: 1, pageCount: 1 },
    });
  });

  it.each([
    ['no name', { address: '0x000000000000000000000000000000000000bEEF' }],
    ['no address', { name: 'n' }],
    ['a short address', { name: 'n', address: '0x1234' }],
    ['a bad EIP-55 checksum', { name: 'n', address: '0x52908400098527886E0F7030069857D2E4169Ee7' }],
    ['a Qubic identity', { name: 'n', address: 'A'.repeat(60) }],
    [
      'an unknown field',
      { name: 'n', address: '0x000000000000000000000000000000000000bEEF', x: 1 },
    ],
  ])('answer 400 to %s', async (_case, body) => {
    expectProblem(
      await api.post(`${issuePath(a)}/holders`, { token: a.token, body }),
      400,
      'validation_failed',
    );
  });
});

describe('issuer-activity.is-created', () => {
  it('is published with the activity and delivered to the admin’s receivers', async () => {
    const tap = await tapEvents(stack.namespace, 'issuer-activity.*');
    const types = await api.get('/v1/notifications?limit=0', { token: admin });
    const type = types.body.find(
      (t: { event: string }) => t.event === 'issuer-activity.is-created',
    );
    expect(type).toBeDefined();
    const subscribed = await api.post(`/v1/notifications/${type.id}`, {
      token: admin,
      body: { url: `${sink.url}/issuer-hooks` },
    });
    expect(subscribed.status).toBe(201);

    const created = await message(b, 'Evented');
    const event = await waitFor(() => tap.events.find((e) => e.data['id'] === created.body.id), {
      what: 'issuer-activity.is-created',
    });
    expect(event).toMatchObject({
      name: 'issuer-activity.is-created',
      tenantId: adminId,
      data: {
        id: created.body.id,
        clientIssueId: b.issue,
        clientIssuerId: b.id,
        type: 'MESSAGE',
        name: 'Evented',
        status: 'APPROVED',
        readed: false,
      },
    });
    const delivered = await waitFor(
      () => sink.received.find((body) => body.includes(created.body.id)),
      { what: 'the webhook', timeoutMs: 20_000 },
    );
    expect(JSON.parse(delivered)).toMatchObject({
      event: 'issuer-activity.is-created',
      tenantId: adminId,
      data: { id: created.body.id, clientIssuerId: b.id },
    });
    await tap.close();
  });
});

describe('audit', () => {
  it('records the issuer requests that change something, with the issuer as the caller', async () => {
    const created = await message(a, 'Audited');
    const record = await waitFor(
      async () =>
        (
          await api.get(`/v1/audit-events?action=createMessageActivity&clientId=issuer:${a.id}`, {
            token: admin,
          })
        ).body.find((r: { targetId: string }) => r.targetId === created.body.id),
      { what: 'the audit record' },
    );
    expect(record).toMatchObject({
      method: 'POST',
      path: `${issuePath(a)}/activities/message`,
      clientId: `issuer:${a.id}`,
      tenantId: adminId,
      status: 200,
      outcome: 'success',
    });
  });
});

describe('rate limit of POST /v2/issuers/auth', () => {
  it(`counts every attempt per IP (TOKEN_RATE_LIMIT_PER_MINUTE=${TOKEN_LIMIT}) and then answers 429`, async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof authenticate>> | undefined;
    // The window may have started earlier in this file (or roll over once): at most two windows.
    for (let i = 0; i < 2 * TOKEN_LIMIT + 2 && !limited; i++) {
      const res = await authenticate(a.id, 'wrong-secret');
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expectProblem(limited!, 429, 'rate_limited');
    expect(limited!.headers.get('ratelimit-policy')).toBe(`${TOKEN_LIMIT};w=60`);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));
    // Other routes are not limited by it.
    expect((await api.get(`/v2/issuers/${a.id}/issues`, { token: a.token })).status).toBe(200);
  });
});
