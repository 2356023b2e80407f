import { getAddress } from 'ethers';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { tapEvents } from './events-tap';
import { type Stack, startStack } from './stack';

let stack: Stack;
let api: Api;
let admin: string;
let a: Awaited<ReturnType<Api['newClient']>>;
let b: Awaited<ReturnType<Api['newClient']>>;

beforeAll(async () => {
  stack = await startStack({ only: ['identity', 'wallet-ledger', 'trading', 'signing'] });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  a = await api.newClient(admin, 'Wallet tenant A');
  b = await api.newClient(admin, 'Wallet tenant B');
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
});

const device = { device: 'Pixel 9', ip: '203.0.113.9' };

async function newUser(token: string): Promise<string> {
  const res = await api.post('/v1/users/individual-person', {
    token,
    body: { generalConditions: '2026-01-01' },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

async function openWallet(
  token: string,
  userId: string,
  assetId = 'eth',
  extra: Record<string, string> = {},
) {
  return api.post(`/v1/users/${userId}/wallets`, { token, body: { assetId, ...device, ...extra } });
}

describe('opening wallets', () => {
  it('creates a wallet with its own address, a zero balance and the contract’s shape', async () => {
    const user = await newUser(a.token);
    const created = await openWallet(a.token, user, 'eth', { externalReference: 'w-1' });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);
    const wallet = await api.get(`/v1/users/${user}/wallets/${created.body.id}`, {
      token: a.token,
    });
    expect(wallet.status).toBe(200);
    expect(wallet.body).toMatchObject({
      id: created.body.id,
      asset: {
        id: 'eth',
        name: 'Ether',
        symbol: 'ETH',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      balance: '0',
      availableBalance: '0',
      user: { id: user, generalConditions: '2026-01-01', createdAt: expect.any(String) },
      externalReference: 'w-1',
    });
    expect(getAddress(wallet.body.address)).toBe(wallet.body.address); // EIP-55 checksummed
  });

  it('keeps one live wallet per user and asset, each with a distinct address', async () => {
    const user = await newUser(a.token);
    const eth = await openWallet(a.token, user, 'eth');
    expectProblem(await openWallet(a.token, user, 'eth'), 409, 'wallet_exists');
    const usdc = await openWallet(a.token, user, 'usdc');
    const qubic = await openWallet(a.token, user, 'qubic');
    expect([usdc.status, qubic.status]).toEqual([201, 201]);
    const addresses = await Promise.all(
      [eth, usdc, qubic].map(
        async (w) =>
          (await api.get(`/v1/users/${user}/wallets/${w.body.id}`, { token: a.token })).body
            .address,
      ),
    );
    expect(new Set(addresses).size).toBe(3);
    expect(addresses[2]).toMatch(/^[A-Z]{60}$/);
  });

  it('opens 50 wallets at once for 50 users with 50 distinct addresses', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => newUser(a.token)));
    const wallets = await Promise.all(users.map((u) => openWallet(a.token, u)));
    expect(wallets.map((w) => w.status)).toEqual(Array(50).fill(201));
    const addresses = await Promise.all(
      users.map(
        async (u, i) =>
          (await api.get(`/v1/users/${u}/wallets/${wallets[i]!.body.id}`, { token: a.token })).body
            .address,
      ),
    );
    expect(new Set(addresses).size).toBe(50);
  });

  it('answers 400 for an unknown asset or missing device/ip, 404 for an unknown user', async () => {
    const user = await newUser(a.token);
    expectProblem(await openWallet(a.token, user, 'doge'), 400, 'unknown_asset');
    expectProblem(
      await api.post(`/v1/users/${user}/wallets`, { token: a.token, body: { assetId: 'eth' } }),
      400,
      'validation_failed',
    );
    expectProblem(await openWallet(a.token, '00000000-0000-7000-8000-000000000000'), 404);
  });

  it('refuses another tenant’s user (404), a blocked user and a token bound to someone else (403)', async () => {
    const user = await newUser(a.token);
    expectProblem(await openWallet(b.token, user), 404);
    const other = await newUser(a.token);
    const bound = (await api.login(a.email, a.password, { userId: other })).access_token;
    expectProblem(await openWallet(bound, user), 403);
    await api.patch(`/v1/users/${user}/individual-person`, {
      token: a.token,
      body: { status: 'blocked' },
    });
    expectProblem(await openWallet(a.token, user), 403, 'user_blocked');
  });

  it('lets an admin open a wallet that belongs to the user’s tenant', async () => {
    const user = await newUser(b.token);
    const created = await openWallet(admin, user, 'usdc');
    expect(created.status).toBe(201);
    expect(
      (await api.get(`/v1/users/${user}/wallets/${created.body.id}`, { token: b.token })).status,
    ).toBe(200);
  });
});

describe('listing wallets', () => {
  it('filters a user’s wallets and pages them; `*` is for admins only', async () => {
    const user = await newUser(a.token);
    await openWallet(a.token, user, 'eth', { externalReference: 'ext-eth' });
    await openWallet(a.token, user, 'qubic');
    const all = await api.get(`/v1/users/${user}/wallets`, { token: a.token });
    expect(all.body).toHaveLength(2);
    expect(all.headers.get('x-total-count')).toBe('2');
    expect(
      (await api.get(`/v1/users/${user}/wallets?assetSymbol=qubic`, { token: a.token })).body.map(
        (w: any) => w.asset.id,
      ),
    ).toEqual(['qubic']);
    expect(
      (await api.get(`/v1/users/${user}/wallets?assetId=eth`, { token: a.token })).body,
    ).toHaveLength(1);
    expect(
      (await api.get(`/v1/users/${user}/wallets?externalReference=ext-eth`, { token: a.token }))
        .body,
    ).toHaveLength(1);
    expect(
      (await api.get(`/v1/users/${user}/wallets?limit=1&sort=createdAt`, { token: a.token }))
        .body[0].asset.id,
    ).toBe('eth');
    // Another tenant's user is not visible: 404, as on every read of a user's records.
    expectProblem(await api.get(`/v1/users/${user}/wallets`, { token: b.token }), 404, 'not_found');
    expectProblem(
      await api.get('/v1/users/00000000-0000-7000-8000-000000000000/wallets', { token: a.token }),
      404,
      'not_found',
    );
    expectProblem(
      await api.get('/v1/users/*/wallets', { token: a.token }),
      403,
      'wildcard_forbidden',
    );
    const everyone = await api.get('/v1/users/*/wallets?limit=0', { token: admin });
    expect(Number(everyone.headers.get('x-total-count'))).toBeGreaterThan(20);
    expectProblem(await api.get(`/v1/users/${user}/wallets?sort=balance`, { token: a.token }), 400);
  });
});

describe('deleting wallets and users', () => {
  it('deletes an empty wallet (200 {id}), then reads it as 404 and allows a new one', async () => {
    const user = await newUser(a.token);
    const wallet = (await openWallet(a.token, user)).body.id;
    expectProblem(await api.delete(`/v1/users/${user}/wallets/${wallet}`, { token: a.token }), 400);
    const res = await api.delete(`/v1/users/${user}/wallets/${wallet}`, {
      token: a.token,
      body: device,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: wallet });
    expectProblem(await api.get(`/v1/users/${user}/wallets/${wallet}`, { token: a.token }), 404);
    expect((await openWallet(a.token, user)).status).toBe(201);
  });

  it('refuses to delete a wallet with a positive balance (403)', async () => {
    const user = await newUser(a.token);
    const wallet = (await openWallet(a.token, user)).body.id;
    // A confirmed deposit puts funds in the wallet, through the ledger.
    const income = await api.post('/v1/admin/incomes', {
      token: admin,
      body: {
        walletId: wallet,
        amount: '1.5',
        blockchainTransactionId: `0xdelete-test-${wallet}`,
        senderAddress: '0x000000000000000000000000000000000000bEEF',
        transactionTimestamp: '2026-11-01T10:00:00Z',
      },
    });
    await api.patch(`/v1/admin/incomes/${income.body.id}`, {
      token: admin,
      body: { status: 'confirmed' },
    });
    expect(
      (await api.get(`/v1/users/${user}/wallets/${wallet}`, { token: a.token })).body.balance,
    ).toBe('1.5');
    expectProblem(
      await api.delete(`/v1/users/${user}/wallets/${wallet}`, { token: a.token, body: device }),
      403,
      'wallet_not_empty',
    );
  });

  it('keeps other tenants out (404) and refuses to delete a user who still has wallets (403)', async () => {
    const user = await newUser(a.token);
    const wallet = (await openWallet(a.token, user)).body.id;
    expectProblem(await api.get(`/v1/users/${user}/wallets/${wallet}`, { token: b.token }), 404);
    expectProblem(
      await api.delete(`/v1/users/${user}/wallets/${wallet}`, { token: b.token, body: device }),
      404,
    );
    const other = await newUser(a.token);
    expectProblem(await api.get(`/v1/users/${other}/wallets/${wallet}`, { token: a.token }), 404);
    expectProblem(
      await api.delete(`/v1/users/${user}`, { token: a.token, body: device }),
      403,
      'user_has_wallets',
    );
    await api.delete(`/v1/users/${user}/wallets/${wallet}`, { token: a.token, body: device });
    expect((await api.delete(`/v1/users/${user}`, { token: a.token, body: device })).status).toBe(
      200,
    );
  });
});

describe('wallet events', () => {
  it('publishes wallet.is-created and wallet.is-deleted with the wallet record', async () => {
    const tap = await tapEvents(stack.namespace, 'wallet.*');
    const user = await newUser(a.token);
    const wallet = (await openWallet(a.token, user)).body.id;
    await api.delete(`/v1/users/${user}/wallets/${wallet}`, { token: a.token, body: device });
    await waitFor(() => tap.events.filter((e) => e.data['id'] === wallet).length === 2, {
      what: 'two wallet events',
    });
    const mine = tap.events.filter((e) => e.data['id'] === wallet);
    expect(mine.map((e) => e.name)).toEqual(['wallet.is-created', 'wallet.is-deleted']);
    expect(mine[0]).toMatchObject({
      tenantId: a.id,
      data: { user: { id: user }, asset: { id: 'eth' }, device: 'Pixel 9' },
    });
    await tap.close();
  });
});
