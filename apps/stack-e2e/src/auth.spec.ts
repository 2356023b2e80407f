import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { testServiceUrls, waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { BOOTSTRAP, type Stack, startStack } from './stack';

let stack: Stack;
let api: Api;
let admin: string;

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'policy'],
    env: { identity: { SIGNING_KEY_RELOAD_MS: '200' } },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
});

const basic = () => ({ id: BOOTSTRAP.apiClientId, secret: BOOTSTRAP.apiClientSecret });

describe('POST /v1/tokens', () => {
  it('issues a token with every field of the contract for a password grant', async () => {
    const user = await api.post('/v1/users/individual-person', {
      token: admin,
      body: { generalConditions: '2026-01-01' },
    });
    const res = await api.post('/v1/tokens', {
      basic: basic(),
      body: {
        grant_type: 'password',
        username: BOOTSTRAP.adminEmail,
        password: BOOTSTRAP.adminPassword,
        userId: user.body.id,
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      id: expect.any(String),
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.any(String),
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'Bearer',
      expires_in: '3600',
      refresh_token: expect.any(String),
      userId: user.body.id,
      client: { email: BOOTSTRAP.adminEmail, audience: ['admin'] },
    });
    expect(res.body.client).not.toHaveProperty('password');
    expect(res.body.client).not.toHaveProperty('scopes');
    const [header] = res.body.access_token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
      alg: 'EdDSA',
      kid: expect.any(String),
    });
  });

  it('refuses an admin token through an api client of the general audience (403), not a general one', async () => {
    const app = await api.post('/v1/api-clients', {
      token: admin,
      body: { name: 'fintech app', audience: 'general' },
    });
    expect(app.status).toBe(201);
    const generalApp = { id: app.body.id, secret: app.body.secret };
    const refused = await api.post('/v1/tokens', {
      basic: generalApp,
      body: {
        grant_type: 'password',
        username: BOOTSTRAP.adminEmail,
        password: BOOTSTRAP.adminPassword,
      },
    });
    expectProblem(refused, 403, 'audience_not_allowed');
    const tenant = await api.newClient(admin, 'General app user');
    const general = await api.login(tenant.email, tenant.password, { app: generalApp });
    expect(general.access_token).toEqual(expect.any(String));
    // A client made admin later: its refresh tokens died with the change (401), and a new login
    // through the general app is refused.
    const patched = await api.patch(`/v1/clients/${tenant.id}`, {
      token: admin,
      body: { audience: ['admin'] },
    });
    expect(patched.status).toBe(200);
    const refresh = await api.post('/v1/tokens', {
      basic: generalApp,
      body: { grant_type: 'refresh_token', refresh_token: general.refresh_token },
    });
    expectProblem(refresh, 401);
    const relogin = await api.post('/v1/tokens', {
      basic: generalApp,
      body: { grant_type: 'password', username: tenant.email, password: tenant.password },
    });
    expectProblem(relogin, 403, 'audience_not_allowed');
  });

  it('answers 401 invalid_client without Basic credentials or with a wrong secret', async () => {
    const body = {
      grant_type: 'password',
      username: BOOTSTRAP.adminEmail,
      password: BOOTSTRAP.adminPassword,
    };
    expectProblem(await api.post('/v1/tokens', { body }), 401, 'invalid_client');
    expectProblem(
      await api.post('/v1/tokens', {
        body,
        basic: { id: BOOTSTRAP.apiClientId, secret: 'wrong-secret-value' },
      }),
      401,
      'invalid_client',
    );
    expectProblem(
      await api.post('/v1/tokens', { body, basic: { id: 'no-such-app', secret: 'x' } }),
      401,
      'invalid_client',
    );
  });

  it('answers the same 401 invalid_grant for a wrong password and an unknown e-mail', async () => {
    const wrong = await api.post('/v1/tokens', {
      basic: basic(),
      body: {
        grant_type: 'password',
        username: BOOTSTRAP.adminEmail,
        password: 'not-the-password',
      },
    });
    const unknown = await api.post('/v1/tokens', {
      basic: basic(),
      body: { grant_type: 'password', username: 'nobody@e2e.test', password: 'not-the-password' },
    });
    expectProblem(wrong, 401, 'invalid_grant');
    expectProblem(unknown, 401, 'invalid_grant');
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });

  it('answers 400 to a malformed grant', async () => {
    expectProblem(
      await api.post('/v1/tokens', { basic: basic(), body: { grant_type: 'client_credentials' } }),
      400,
      'validation_failed',
    );
    expectProblem(
      await api.post('/v1/tokens', {
        basic: basic(),
        body: { grant_type: 'password', username: 'a' },
      }),
      400,
      'validation_failed',
    );
  });
});

describe('bearer tokens', () => {
  it('are required (401) and must be genuine', async () => {
    expectProblem(await api.get('/v1/clients'), 401, 'unauthorized');
    expectProblem(await api.get('/v1/clients', { token: 'not.a.jwt' }), 401, 'token_invalid');
    const [h, p] = admin.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(64)).toString('base64url')}`;
    expectProblem(await api.get('/v1/clients', { token: forged }), 401, 'token_invalid');
  });

  it('expire after the api client’s accessTokenExpiresIn', async () => {
    const app = await api.post('/v1/api-clients', {
      token: admin,
      body: { name: 'short-lived', audience: 'admin', accessTokenExpiresIn: 1 },
    });
    expect(app.status).toBe(201);
    const token = await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword, {
      app: { id: app.body.id, secret: app.body.secret },
    });
    expect(token.expires_in).toBe('1');
    await waitFor(
      async () => (await api.get('/v1/clients', { token: token.access_token })).status === 401,
      {
        timeoutMs: 5_000,
        intervalMs: 250,
        what: 'the token to expire',
      },
    );
    expectProblem(
      await api.get('/v1/clients', { token: token.access_token }),
      401,
      'token_expired',
    );
  });
});

describe('refresh tokens', () => {
  it('rotate on every use, and a reused one revokes the whole family', async () => {
    const user = await api.post('/v1/users/individual-person', {
      token: admin,
      body: { generalConditions: '2026-01-01' },
    });
    const first = await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword, {
      userId: user.body.id,
    });
    const second = await api.post('/v1/tokens', {
      basic: basic(),
      body: { grant_type: 'refresh_token', refresh_token: first.refresh_token },
    });
    expect(second.status).toBe(201);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.userId).toBe(user.body.id); // the binding survives the refresh
    const reuse = await api.post('/v1/tokens', {
      basic: basic(),
      body: { grant_type: 'refresh_token', refresh_token: first.refresh_token },
    });
    expectProblem(reuse, 401, 'refresh_token_reused');
    const third = await api.post('/v1/tokens', {
      basic: basic(),
      body: { grant_type: 'refresh_token', refresh_token: second.body.refresh_token },
    });
    expectProblem(third, 401, 'refresh_token_reused');
  });

  it('only work through the api client they were issued to', async () => {
    const other = await api.post('/v1/api-clients', { token: admin, body: { name: 'other app' } });
    const token = await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword);
    const res = await api.post('/v1/tokens', {
      basic: { id: other.body.id, secret: other.body.secret },
      body: { grant_type: 'refresh_token', refresh_token: token.refresh_token },
    });
    expectProblem(res, 401, 'invalid_grant');
  });
});

describe('POST /v1/tokens/revoke', () => {
  it('revokes an access token from the very next request', async () => {
    const token = await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword);
    expect((await api.get('/v1/clients', { token: token.access_token })).status).toBe(200);
    const res = await api.post('/v1/tokens/revoke', {
      basic: basic(),
      body: { token: token.access_token },
    });
    expect(res.status).toBe(200);
    expectProblem(
      await api.get('/v1/clients', { token: token.access_token }),
      401,
      'token_revoked',
    );
  });

  it('refuses a revoked token among concurrent requests whose tokens are valid', async () => {
    // Concurrent requests share the gateway's Redis commands (their token checks go in batches):
    // each must still get its own token's answer, whichever batch it lands in.
    const tokens = await Promise.all(
      [1, 2, 3].map(() => api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword)),
    );
    const [revoked, ...valid] = tokens.map((token) => token.access_token) as [string, ...string[]];
    await api.post('/v1/tokens/revoke', { basic: basic(), body: { token: revoked } });
    const sent = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? revoked : valid[i % 2]!));
    const answers = await Promise.all(sent.map((token) => api.get('/v1/clients', { token })));
    answers.forEach((res, i) => {
      if (sent[i] === revoked) expectProblem(res, 401, 'token_revoked');
      else expect(res.status).toBe(200);
    });
  });

  it('revokes a refresh token, and answers 200 for an unknown one', async () => {
    const token = await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword);
    expect(
      (
        await api.post('/v1/tokens/revoke', {
          basic: basic(),
          body: { token: token.refresh_token },
        })
      ).status,
    ).toBe(200);
    expectProblem(
      await api.post('/v1/tokens', {
        basic: basic(),
        body: { grant_type: 'refresh_token', refresh_token: token.refresh_token },
      }),
      401,
    );
    expect(
      (await api.post('/v1/tokens/revoke', { basic: basic(), body: { token: 'never-issued' } }))
        .status,
    ).toBe(200);
  });

  it('keeps revocations after Redis loses its contents', async () => {
    const keep = await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword);
    const revoked = await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword);
    await api.post('/v1/tokens/revoke', { basic: basic(), body: { token: revoked.access_token } });
    // Wipe this stack's auth keys, as a Redis restart without persistence would.
    const redis = new Redis(testServiceUrls().redisUrl);
    const prefix = stack.namespace;
    const keys = await redis.keys(`${prefix}:auth:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    await redis.quit();
    expect((await api.get('/v1/clients', { token: keep.access_token })).status).toBe(200);
    expectProblem(
      await api.get('/v1/clients', { token: revoked.access_token }),
      401,
      'token_revoked',
    );
  });
});

describe('clients', () => {
  it('are created by an admin, with 409 for a taken e-mail and 403 for a general client', async () => {
    const fintech = await api.newClient(admin, 'Acme');
    const dup = await api.post('/v1/clients', {
      token: admin,
      body: {
        name: 'Again',
        email: fintech.email.toUpperCase(),
        password: 'another-long-password',
      },
    });
    expectProblem(dup, 409, 'conflict');
    const forbidden = await api.post('/v1/clients', {
      token: fintech.token,
      body: { name: 'X', email: 'x@e2e.test', password: 'another-long-password' },
    });
    expectProblem(forbidden, 403, 'forbidden');
  });

  it('reject invalid and unknown fields with 400', async () => {
    const res = await api.post('/v1/clients', {
      token: admin,
      body: { name: '', email: 'not-an-email', password: 'short', audience: ['root'], extra: 1 },
    });
    expectProblem(res, 400, 'validation_failed');
    const paths = res.body.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(['body', 'body.audience.0', 'body.email', 'body.name', 'body.password']);
  });

  it('never return the password or scopes', async () => {
    const res = await api.post('/v1/clients', {
      token: admin,
      body: {
        name: 'Scoped',
        email: `scoped-${Date.now()}@e2e.test`,
        password: 'a-long-client-password',
        scopes: [['wallets', 'read']],
      },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      'audience',
      'createdAt',
      'email',
      'id',
      'name',
      'tenantId',
      'updatedAt',
    ]);
  });

  it('are listed for admins with paging headers, and not for general clients', async () => {
    const list = await api.get('/v1/clients?limit=1&sort=createdAt', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThan(1);
    expect(list.headers.get('link')).toContain('rel="next"');
    const fintech = await api.newClient(admin, 'Lister');
    expectProblem(await api.get('/v1/clients', { token: fintech.token }), 403, 'forbidden');
  });

  it('read themselves, and see any other client as 404', async () => {
    const a = await api.newClient(admin, 'Alpha');
    const b = await api.newClient(admin, 'Beta');
    const self = await api.get(`/v1/clients/${a.id}`, { token: a.token });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ id: a.id, email: a.email, audience: ['general'] });
    expectProblem(await api.get(`/v1/clients/${b.id}`, { token: a.token }), 404, 'not_found');
    expect((await api.get(`/v1/clients/${b.id}`, { token: admin })).status).toBe(200);
    expectProblem(
      await api.get('/v1/clients/00000000-0000-0000-0000-000000000000', { token: admin }),
      404,
    );
  });

  it('answer 404 to an id that is no uuid on every client route (found by fuzzing: was a 500)', async () => {
    for (const id of ['abc', "x'--", encodeURIComponent('a/b')]) {
      const path = `/v1/clients/${id}`;
      expectProblem(await api.get(path, { token: admin }), 404, 'not_found');
      expectProblem(
        await api.patch(path, { token: admin, body: { name: 'Renamed' } }),
        404,
        'not_found',
      );
      expectProblem(await api.delete(path, { token: admin }), 404, 'not_found');
    }
  });

  it('lose every token when their password changes', async () => {
    const c = await api.newClient(admin, 'Rotator');
    const res = await api.patch(`/v1/clients/${c.id}`, {
      token: admin,
      body: { password: 'a-brand-new-password' },
    });
    expect(res.status).toBe(200);
    expectProblem(await api.get(`/v1/clients/${c.id}`, { token: c.token }), 401, 'token_revoked');
    expectProblem(
      await api.post('/v1/tokens', {
        basic: basic(),
        body: { grant_type: 'refresh_token', refresh_token: c.refresh },
      }),
      401,
    );
    const fresh = await api.login(c.email, 'a-brand-new-password');
    expect((await api.get(`/v1/clients/${c.id}`, { token: fresh.access_token })).status).toBe(200);
  });

  it('are patched with 400 for an empty or unknown change and 404 for an unknown id', async () => {
    const c = await api.newClient(admin, 'Patchy');
    const renamed = await api.patch(`/v1/clients/${c.id}`, {
      token: admin,
      body: { name: 'Patched' },
    });
    expect(renamed.body.name).toBe('Patched');
    expect((await api.get(`/v1/clients/${c.id}`, { token: c.token })).status).toBe(200); // a rename keeps tokens
    expectProblem(await api.patch(`/v1/clients/${c.id}`, { token: admin, body: {} }), 400);
    expectProblem(
      await api.patch(`/v1/clients/${c.id}`, { token: admin, body: { nickname: 'x' } }),
      400,
    );
    expectProblem(
      await api.patch('/v1/clients/00000000-0000-0000-0000-000000000000', {
        token: admin,
        body: { name: 'x' },
      }),
      404,
    );
  });

  it('are deleted softly: 200 {id}, then 404, no login and no working token', async () => {
    const c = await api.newClient(admin, 'Leaver');
    const res = await api.delete(`/v1/clients/${c.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: c.id });
    expectProblem(await api.get(`/v1/clients/${c.id}`, { token: admin }), 404);
    expectProblem(await api.get(`/v1/clients/${c.id}`, { token: c.token }), 401, 'token_revoked');
    expectProblem(
      await api.post('/v1/tokens', {
        basic: basic(),
        body: { grant_type: 'password', username: c.email, password: c.password },
      }),
      401,
      'invalid_grant',
    );
    expectProblem(await api.delete(`/v1/clients/${c.id}`, { token: admin }), 404);
  });
});

describe('api clients', () => {
  it('are created, read, listed, changed and deleted by admins, with their secret', async () => {
    const created = await api.post('/v1/api-clients', {
      token: admin,
      body: { id: 'partner-app', name: 'Partner', description: 'd' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'partner-app',
      audience: 'general',
      accessTokenExpiresIn: 3600,
      secret: expect.any(String),
    });
    expectProblem(
      await api.post('/v1/api-clients', {
        token: admin,
        body: { id: 'partner-app', name: 'Again' },
      }),
      409,
    );
    const read = await api.get('/v1/api-clients/partner-app', { token: admin });
    expect(read.body.secret).toBe(created.body.secret);
    const list = await api.get('/v1/api-clients?limit=0', { token: admin });
    expect(list.body.map((a: { id: string }) => a.id)).toEqual(
      expect.arrayContaining(['partner-app', BOOTSTRAP.apiClientId]),
    );
    const changed = await api.patch('/v1/api-clients/partner-app', {
      token: admin,
      body: { accessTokenExpiresIn: 120 },
    });
    expect(changed.body.accessTokenExpiresIn).toBe(120);
    expect((await api.delete('/v1/api-clients/partner-app', { token: admin })).body).toEqual({
      id: 'partner-app',
    });
    expectProblem(await api.get('/v1/api-clients/partner-app', { token: admin }), 404);
    // Its credentials stop working at once.
    expectProblem(
      await api.post('/v1/tokens', {
        basic: { id: 'partner-app', secret: created.body.secret },
        body: {
          grant_type: 'password',
          username: BOOTSTRAP.adminEmail,
          password: BOOTSTRAP.adminPassword,
        },
      }),
      401,
      'invalid_client',
    );
  });

  it('are admin-only (403 for a general client)', async () => {
    const c = await api.newClient(admin, 'Nosy');
    expectProblem(await api.get('/v1/api-clients', { token: c.token }), 403);
    expectProblem(
      await api.get(`/v1/api-clients/${BOOTSTRAP.apiClientId}`, { token: c.token }),
      403,
    );
  });
});

describe('rotating the token signing key', () => {
  const kidOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;

  it('is one command: tokens signed before keep working until they expire, new ones get the new key', async () => {
    const before = await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword);
    const main = path.resolve(__dirname, '../../../dist/apps/identity/main.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [main, 'rotate-signing-key', 'access'],
      { env: { ...process.env, DATABASE_URL: stack.databaseUrl, LOG_LEVEL: 'silent' } },
    );
    const rotated = JSON.parse(stdout) as { purpose: string; kid: string; retired: string[] };
    expect(rotated).toMatchObject({ purpose: 'access', retired: [kidOf(before.access_token)] });
    expect(rotated.kid).not.toBe(kidOf(before.access_token));
    // The old token still opens the API through the gateway.
    const me = await api.get(`/v1/clients/${before.client.id}`, { token: before.access_token });
    expect(me.status).toBe(200);
    let after = '';
    await waitFor(
      async () => {
        after = (await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword)).access_token;
        return kidOf(after) === rotated.kid;
      },
      { timeoutMs: 10_000, what: 'a token signed with the new key' },
    );
    // The gateway fetches the new key when it meets its kid (at most every 5 s).
    await waitFor(
      async () =>
        (await api.get(`/v1/clients/${before.client.id}`, { token: after })).status === 200,
      { timeoutMs: 10_000, what: 'the gateway to accept the new key' },
    );
    // A retired key's token can still be revoked, and then it is refused.
    const revoked = await api.post('/v1/tokens/revoke', {
      basic: api.bootstrapApp,
      body: { token: before.access_token },
    });
    expect(revoked.status).toBe(200);
    expectProblem(
      await api.get(`/v1/clients/${before.client.id}`, { token: before.access_token }),
      401,
      'token_revoked',
    );
  });

  it('refuses an unknown purpose', async () => {
    const main = path.resolve(__dirname, '../../../dist/apps/identity/main.js');
    await expect(
      promisify(execFile)(process.execPath, [main, 'rotate-signing-key', 'everything'], {
        env: { ...process.env, DATABASE_URL: stack.databaseUrl },
      }),
    ).rejects.toMatchObject({ code: 2 });
  });
});
