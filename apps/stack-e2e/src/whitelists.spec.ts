import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { type Stack, startStack } from './stack';

let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let other: Awaited<ReturnType<Api['newClient']>>;
let user: string;
let wallet: string;
let qubicWallet: string;

const device = { device: 'Pixel 9', ip: '203.0.113.9' };
const counterparty = {
  address: '0x000000000000000000000000000000000000bEEF',
  counterPartyFullName: 'Bob Receiver',
  counterPartyType: 'CASP',
  casp: { name: 'Other Exchange S.A.', lei: '5493001KJTIIGC8Y1R12', country: 'FR' },
};

beforeAll(async () => {
  stack = await startStack({ only: ['identity', 'wallet-ledger', 'trading', 'signing'] });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Whitelister');
  other = await api.newClient(admin, 'Outsider');
  user = (
    await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01', name: 'Alice', middleName: 'B', surname: 'Carter' },
    })
  ).body.id;
  wallet = (
    await api.post(`/v1/users/${user}/wallets`, {
      token: tenant.token,
      body: { assetId: 'eth', ...device },
    })
  ).body.id;
  qubicWallet = (
    await api.post(`/v1/users/${user}/wallets`, {
      token: tenant.token,
      body: { assetId: 'qubic', ...device },
    })
  ).body.id;
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
});

const path = () => `/v1/users/${user}/wallets/${wallet}/whitelists`;

describe('whitelists', () => {
  it('are created pending with the user’s full name, and verified by an admin', async () => {
    const created = await api.post(path(), { token: tenant.token, body: counterparty });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);
    const record = await api.get(`${path()}/${created.body.id}`, { token: tenant.token });
    expect(record.body).toMatchObject({
      id: created.body.id,
      userId: user,
      userFullName: 'Alice B Carter',
      counterPartyFullName: 'Bob Receiver',
      walletId: wallet,
      assetId: 'eth',
      counterPartyType: 'CASP',
      travelRuleStatus: 'pending',
      tenantId: tenant.id,
      casp: counterparty.casp,
    });
    expectProblem(
      await api.patch(`${path()}/${created.body.id}`, {
        token: tenant.token,
        body: { travelRuleStatus: 'verified' },
      }),
      403,
    );
    const verified = await api.patch(`${path()}/${created.body.id}`, {
      token: admin,
      body: { travelRuleStatus: 'verified' },
    });
    expect(verified.body.travelRuleStatus).toBe('verified');
    const list = await api.get(path(), { token: tenant.token });
    expect(list.body.map((r: { id: string }) => r.id)).toContain(created.body.id);
    expect(list.headers.get('x-total-count')).toBe(String(list.body.length));
  });

  it('validate the address for the wallet’s chain and refuse duplicates', async () => {
    expectProblem(
      await api.post(path(), { token: tenant.token, body: { ...counterparty, address: '0x1234' } }),
      400,
      'validation_failed',
    );
    expectProblem(
      await api.post(path(), {
        token: tenant.token,
        body: { ...counterparty, address: 'A'.repeat(60) },
      }),
      400,
    );
    const qubicPath = `/v1/users/${user}/wallets/${qubicWallet}/whitelists`;
    expectProblem(
      await api.post(qubicPath, {
        token: tenant.token,
        body: { ...counterparty, address: 'B'.repeat(60) },
      }),
      400,
    );
    const qubicAddress = (
      await api.get(`/v1/users/${user}/wallets/${qubicWallet}`, { token: tenant.token })
    ).body.address;
    expect(
      (
        await api.post(qubicPath, {
          token: tenant.token,
          body: { ...counterparty, address: qubicAddress },
        })
      ).status,
    ).toBe(201);
    expectProblem(
      await api.post(path(), {
        token: tenant.token,
        body: { ...counterparty, address: '0x00000000000000000000000000000000000c0FFE' },
      }),
      400,
    ); // mixed case with a wrong EIP-55 checksum
    const address = '0x00000000000000000000000000000000000c0ffe';
    expect(
      (await api.post(path(), { token: tenant.token, body: { ...counterparty, address } })).status,
    ).toBe(201);
    expectProblem(
      await api.post(path(), { token: tenant.token, body: { ...counterparty, address } }),
      409,
      'whitelist_exists',
    );
    expectProblem(
      await api.post(path(), {
        token: tenant.token,
        body: { ...counterparty, counterPartyType: 'BANK' },
      }),
      400,
    );
    expectProblem(
      await api.post(path(), { token: tenant.token, body: { ...counterparty, casp: undefined } }),
      400,
    );
    expectProblem(await api.get(`${path()}?createdAfter=never`, { token: tenant.token }), 400);
  });

  it('are invisible to other tenants (404) and to tokens bound to other users (403)', async () => {
    const created = await api.post(path(), {
      token: tenant.token,
      body: { ...counterparty, address: '0x0000000000000000000000000000000000000001' },
    });
    expectProblem(await api.get(`${path()}/${created.body.id}`, { token: other.token }), 404);
    expectProblem(await api.get(path(), { token: other.token }), 404, 'not_found');
    expectProblem(
      await api.get(`/v1/users/${user}/wallets/00000000-0000-7000-8000-000000000000/whitelists`, {
        token: tenant.token,
      }),
      404,
      'not_found',
    );
    expectProblem(await api.post(path(), { token: other.token, body: counterparty }), 404);
    const someone = (
      await api.post('/v1/users/individual-person', {
        token: tenant.token,
        body: { generalConditions: '2026-01-01' },
      })
    ).body.id;
    const bound = (await api.login(tenant.email, tenant.password, { userId: someone }))
      .access_token;
    expectProblem(await api.get(path(), { token: bound }), 403);
    expectProblem(
      await api.get(`${path()}/00000000-0000-7000-8000-000000000000`, { token: tenant.token }),
      404,
    );
  });

  it('are listed across users and wallets with * by an admin only (403 for others)', async () => {
    const mine = await api.get(path(), { token: tenant.token });
    expect(mine.body.length).toBeGreaterThan(0);
    const everywhere = await api.get('/v1/users/*/wallets/*/whitelists?limit=0', { token: admin });
    expect(everywhere.status).toBe(200);
    expect(everywhere.body.map((w: { id: string }) => w.id)).toEqual(
      expect.arrayContaining(mine.body.map((w: { id: string }) => w.id)),
    );
    const oneUser = await api.get(`/v1/users/${user}/wallets/*/whitelists?limit=0`, {
      token: admin,
    });
    expect(new Set(oneUser.body.map((w: { userId: string }) => w.userId))).toEqual(new Set([user]));
    for (const wildcard of ['/v1/users/*/wallets/*', `/v1/users/${user}/wallets/*`])
      expectProblem(
        await api.get(`${wildcard}/whitelists`, { token: tenant.token }),
        403,
        'wildcard_forbidden',
      );
  });

  it('answer 403 to an expired or revoked token, and 401 to none', async () => {
    const token = await api.login(tenant.email, tenant.password);
    await api.post('/v1/tokens/revoke', {
      basic: api.bootstrapApp,
      body: { token: token.access_token },
    });
    expectProblem(await api.get(path(), { token: token.access_token }), 403, 'token_revoked');
    const app = await api.post('/v1/api-clients', {
      token: admin,
      body: { name: 'short', accessTokenExpiresIn: 1 },
    });
    const shortLived = await api.login(tenant.email, tenant.password, {
      app: { id: app.body.id, secret: app.body.secret },
    });
    await waitFor(
      async () =>
        (await api.get(`/v1/users/${user}`, { token: shortLived.access_token })).status === 401,
      {
        timeoutMs: 5_000,
        intervalMs: 200,
        what: 'the one-second token to expire',
      },
    );
    expectProblem(await api.get(path(), { token: shortLived.access_token }), 403, 'token_expired');
    expectProblem(await api.get(path()), 401);
    // Elsewhere an expired token is 401.
    expectProblem(
      await api.get(`/v1/users/${user}`, { token: shortLived.access_token }),
      401,
      'token_expired',
    );
  });
});
