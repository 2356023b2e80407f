import { Api, expectProblem } from './api';
import { type Stack, startStack } from './stack';
import type pg from 'pg';
import { lockWaiters, raceBlock, withDatabase as withStackDatabase } from './database';
import { waitFor } from '@custody/testing';

let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let other: Awaited<ReturnType<Api['newClient']>>;

const device = { device: 'Pixel 9', ip: '203.0.113.9' };
let txCounter = 0;

async function newUser(token: string): Promise<string> {
  return (
    await api.post('/v1/users/individual-person', {
      token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id;
}

async function openWallet(token: string, user: string, assetId = 'eth'): Promise<string> {
  return (await api.post(`/v1/users/${user}/wallets`, { token, body: { assetId, ...device } })).body
    .id;
}

/** A confirmed deposit, as the chain (today: an admin) reports it. */
async function fund(walletId: string, amount: string): Promise<string> {
  const income = await api.post('/v1/admin/incomes', {
    token: admin,
    body: {
      walletId,
      amount,
      blockchainTransactionId: `0xdeposit${txCounter++}`,
      senderAddress: '0x000000000000000000000000000000000000bEEF',
      transactionTimestamp: '2026-11-01T10:00:00Z',
    },
  });
  if (income.status !== 201) throw new Error(JSON.stringify(income.body));
  const confirmed = await api.patch(`/v1/admin/incomes/${income.body.id}`, {
    token: admin,
    body: { status: 'confirmed' },
  });
  if (confirmed.status !== 200) throw new Error(JSON.stringify(confirmed.body));
  return income.body.id;
}

/** A user of the tenant with an ETH wallet. */
async function party(): Promise<{ user: string; wallet: string }> {
  const user = await newUser(tenant.token);
  return { user, wallet: await openWallet(tenant.token, user) };
}

async function balanceOf(token: string, user: string, wallet: string) {
  const res = await api.get(`/v1/users/${user}/wallets/${wallet}`, { token });
  return { balance: res.body.balance as string, available: res.body.availableBalance as string };
}

function leg(
  from: { user: string; wallet: string },
  to: { user: string; wallet: string },
  amount: string,
  assetId = 'eth',
) {
  return {
    assetId,
    senderUserId: from.user,
    senderWalletId: from.wallet,
    receiverUserId: to.user,
    receiverWalletId: to.wallet,
    amount,
  };
}

type Party = { user: string; wallet: string };

/** One transfer of `amount` from a to b, by the tenant. */
function transfer(a: Party, b: Party, amount: string, headers?: Record<string, string>) {
  return api.post('/v1/transfers', {
    token: tenant.token,
    body: { requestedTransactions: [leg(a, b, amount)] },
    ...(headers ? { headers } : {}),
  });
}

function setStatus(user: string, status: 'blocked' | 'active') {
  return api.patch(`/v1/users/${user}/individual-person`, {
    token: tenant.token,
    body: { status },
  });
}

/** A connection of the test's own to the stack's database, for holding locks. */
function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  return withStackDatabase(stack.databaseUrl, work);
}

async function ledgerIsSound() {
  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  expect(check.status).toBe(200);
  expect(check.body).toMatchObject({ ok: true, violations: [] });
}

beforeAll(async () => {
  stack = await startStack({ only: ['identity', 'wallet-ledger', 'trading', 'signing'] });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Ledger tenant');
  other = await api.newClient(admin, 'Other tenant');
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
});

describe('incomes', () => {
  it('are pending until confirmed, then credited once', async () => {
    const user = await newUser(tenant.token);
    const wallet = await openWallet(tenant.token, user);
    const reported = await api.post('/v1/admin/incomes', {
      token: admin,
      body: {
        walletId: wallet,
        amount: '1.25',
        blockchainTransactionId: '0xabc',
        senderAddress: '0x000000000000000000000000000000000000bEEF',
        transactionTimestamp: '2026-11-01T10:00:00Z',
      },
    });
    expect(reported.status).toBe(201);
    const pending = await api.get(
      `/v1/users/${user}/wallets/${wallet}/incomes/${reported.body.id}`,
      { token: tenant.token },
    );
    expect(pending.body).toMatchObject({
      status: 'pending',
      amount: '1.25',
      walletId: wallet,
      userId: user,
      assetId: 'eth',
      blockchainTransactionId: '0xabc',
    });
    expect((await balanceOf(tenant.token, user, wallet)).balance).toBe('0');
    const confirmed = await api.patch(`/v1/admin/incomes/${reported.body.id}`, {
      token: admin,
      body: { status: 'confirmed' },
    });
    expect(confirmed.body.status).toBe('confirmed');
    expect(await balanceOf(tenant.token, user, wallet)).toEqual({
      balance: '1.25',
      available: '1.25',
    });
    expectProblem(
      await api.patch(`/v1/admin/incomes/${reported.body.id}`, {
        token: admin,
        body: { status: 'confirmed' },
      }),
      409,
      'illegal_transition',
    );
    expectProblem(
      await api.post('/v1/admin/incomes', {
        token: admin,
        body: {
          walletId: wallet,
          amount: '1.25',
          blockchainTransactionId: '0xabc',
          senderAddress: '0xb',
          transactionTimestamp: '2026-11-01T10:00:00Z',
        },
      }),
      409,
      'duplicate_income',
    );
    expect((await balanceOf(tenant.token, user, wallet)).balance).toBe('1.25');
    const movements = await api.get(
      `/v1/users/${user}/wallets/${wallet}/transactions?txLog=${reported.body.id}`,
      { token: tenant.token },
    );
    expect(movements.body).toEqual([
      expect.objectContaining({
        type: 'deposit',
        movement: 'in',
        movementSubtype: 'external',
        amount: '1.25',
        walletBalance: '1.25',
        txHash: '0xabc',
        asset: { id: 'eth', name: 'Ether', symbol: 'ETH' },
      }),
    ]);
    await ledgerIsSound();
  });

  it('are never credited when failed, and are validated', async () => {
    const user = await newUser(tenant.token);
    const wallet = await openWallet(tenant.token, user);
    const reported = await api.post('/v1/admin/incomes', {
      token: admin,
      body: {
        walletId: wallet,
        amount: '3',
        blockchainTransactionId: '0xfail',
        senderAddress: '0xb',
        transactionTimestamp: '2026-11-01T10:00:00Z',
      },
    });
    expect(
      (
        await api.patch(`/v1/admin/incomes/${reported.body.id}`, {
          token: admin,
          body: { status: 'failed' },
        })
      ).body.status,
    ).toBe('failed');
    expect((await balanceOf(tenant.token, user, wallet)).balance).toBe('0');
    const base = {
      walletId: wallet,
      blockchainTransactionId: '0xv',
      senderAddress: '0xb',
      transactionTimestamp: '2026-11-01T10:00:00Z',
    };
    expectProblem(
      await api.post('/v1/admin/incomes', {
        token: admin,
        body: { ...base, amount: '0.0000000000000000001' },
      }),
      400,
    );
    expectProblem(
      await api.post('/v1/admin/incomes', { token: admin, body: { ...base, amount: '-1' } }),
      400,
    );
    expectProblem(
      await api.post('/v1/admin/incomes', { token: tenant.token, body: { ...base, amount: '1' } }),
      403,
    );
    expectProblem(
      await api.post('/v1/admin/incomes', {
        token: admin,
        body: { ...base, walletId: '00000000-0000-7000-8000-000000000000', amount: '1' },
      }),
      404,
    );
    const list = await api.get(`/v1/users/${user}/wallets/${wallet}/incomes?status=failed`, {
      token: tenant.token,
    });
    expect(list.body.map((i: { id: string }) => i.id)).toEqual([reported.body.id]);
    expectProblem(await api.get('/v1/users/*/wallets/*/incomes', { token: tenant.token }), 403);
    expect((await api.get('/v1/users/*/wallets/*/incomes?limit=0', { token: admin })).status).toBe(
      200,
    );
    expectProblem(
      await api.get(`/v1/users/${user}/wallets/${wallet}/incomes`, { token: other.token }),
      404,
    );
  });
});

describe('transfers', () => {
  it('move funds between wallets with a Transfer record and a movement on each side', async () => {
    const alice = await party();
    const bob = await party();
    await fund(alice.wallet, '10');
    const res = await api.post('/v1/transfers?externalReference=q-ref', {
      token: tenant.token,
      body: { requestedTransactions: [leg(alice, bob, '2.5')] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'approved',
      externalReference: 'q-ref',
      transactions: [{ status: 'approved', amount: '2.5', id: expect.any(String) }],
      requestedTransactions: [leg(alice, bob, '2.5')],
    });
    expect(await balanceOf(tenant.token, alice.user, alice.wallet)).toEqual({
      balance: '7.5',
      available: '7.5',
    });
    expect((await balanceOf(tenant.token, bob.user, bob.wallet)).balance).toBe('2.5');
    const out = await api.get(
      `/v1/users/${alice.user}/wallets/${alice.wallet}/transactions?txLog=${res.body.id}`,
      { token: tenant.token },
    );
    expect(out.body).toEqual([
      expect.objectContaining({
        type: 'transfer',
        movement: 'out',
        movementSubtype: 'internal',
        status: 'approved',
        amount: '2.5',
        sender: expect.objectContaining({
          walletId: alice.wallet,
          userId: alice.user,
          walletBalance: '7.5',
        }),
        receiver: { walletId: bob.wallet, userId: bob.user, address: expect.any(String) }, // not Bob's balance
      }),
    ]);
    const incoming = await api.get(
      `/v1/users/${bob.user}/wallets/${bob.wallet}/transactions?movement=in`,
      { token: tenant.token },
    );
    expect(incoming.body).toHaveLength(1);
    expect((await api.get(`/v1/transfers/${res.body.id}`, { token: tenant.token })).body.id).toBe(
      res.body.id,
    );
    expect(
      (await api.get('/v1/transfers?externalReference=q-ref', { token: tenant.token })).body.map(
        (t: { id: string }) => t.id,
      ),
    ).toEqual([res.body.id]);
    expectProblem(await api.get(`/v1/transfers/${res.body.id}`, { token: other.token }), 404);
    await ledgerIsSound();
  });

  it('apply every leg or none: a short second leg leaves the first undone', async () => {
    const a = await party();
    const b = await party();
    await fund(a.wallet, '5');
    const res = await api.post('/v1/transfers', {
      token: tenant.token,
      body: { requestedTransactions: [leg(a, b, '3'), leg(a, b, '3')] },
    });
    expectProblem(res, 400, 'insufficient_balance');
    expect(await balanceOf(tenant.token, a.user, a.wallet)).toEqual({
      balance: '5',
      available: '5',
    });
    expect((await balanceOf(tenant.token, b.user, b.wallet)).balance).toBe('0');
    const ok = await api.post('/v1/transfers', {
      token: tenant.token,
      body: { requestedTransactions: [leg(a, b, '3'), leg(b, a, '1')] },
    });
    expect(ok.status).toBe(201);
    expect((await balanceOf(tenant.token, a.user, a.wallet)).balance).toBe('3');
    await ledgerIsSound();
  });

  it('stop money on the request right after a block, not when the block event arrives', async () => {
    const a = await party();
    const b = await party();
    await fund(a.wallet, '10');
    // Hold back every event wallet-ledger consumes (its inbox takes no insert while this lock
    // is held), so only identity's direct update of wallet-ledger's copy can stop the transfer.
    await withDatabase(async (db) => {
      await db.query('BEGIN');
      await db.query('LOCK TABLE ledger.inbox IN SHARE MODE');
      expect((await setStatus(a.user, 'blocked')).status).toBe(200);
      const right = await Promise.all([1, 2, 3].map(() => transfer(a, b, '0.1')));
      for (const res of right) expectProblem(res, 403, 'user_blocked');
      await db.query('COMMIT');
    });
    expect((await setStatus(a.user, 'active')).status).toBe(200);
    // An unblock travels by event: the user may send again once it has landed.
    await waitFor(async () => (await transfer(a, b, '0.1')).status === 201, {
      what: 'the unblock applied',
    });
    expect((await balanceOf(tenant.token, a.user, a.wallet)).balance).toBe('9.9');
  });

  it('never commit a transfer after the block of its sender was answered', async () => {
    const a = await party();
    const b = await party();
    await fund(a.wallet, '5');
    const answered: string[] = [];
    await withDatabase(async (db) => {
      // The transfer reads its sender unblocked, then waits for b's account.
      await db.query('BEGIN');
      await db.query('SELECT 1 FROM ledger.accounts WHERE wallet_id = $1 FOR UPDATE', [b.wallet]);
      const sent = transfer(a, b, '1').then((res) => {
        answered.push('transfer');
        return res;
      });
      await waitFor(async () => (await lockWaiters(db)) === 1, { what: 'the transfer waiting' });
      // The block waits for the transfer that read the sender unblocked.
      const block = setStatus(a.user, 'blocked').then((res) => {
        answered.push('block');
        return res;
      });
      await waitFor(async () => (await lockWaiters(db)) === 2, { what: 'the block waiting' });
      expect(answered).toEqual([]);
      await db.query('COMMIT');
      expect((await sent).status).toBe(201);
      expect((await block).status).toBe(200);
    });
    expect(answered).toEqual(['transfer', 'block']);
    expectProblem(await transfer(a, b, '1'), 403, 'user_blocked');
  });

  it('take a block even when the copy of the user carries a later clock reading', async () => {
    const a = await party();
    const b = await party();
    await fund(a.wallet, '5');
    // As if the copy's last version came from an identity replica whose clock runs ahead.
    await withDatabase((db) =>
      db.query("UPDATE ledger.user_refs SET updated_at = now() + interval '1 hour' WHERE id = $1", [
        a.user,
      ]),
    );
    expect((await setStatus(a.user, 'blocked')).status).toBe(200);
    expectProblem(await transfer(a, b, '1'), 403, 'user_blocked');
  });

  it("do not keep a blocked sender's 403 under the Idempotency-Key: the key works after an unblock", async () => {
    const a = await party();
    const b = await party();
    await fund(a.wallet, '5');
    const send = () => transfer(a, b, '1', { 'idempotency-key': `unblock-${a.user}` });
    expect((await setStatus(a.user, 'blocked')).status).toBe(200);
    expectProblem(await send(), 403, 'user_blocked');
    expect((await setStatus(a.user, 'active')).status).toBe(200);
    const sent = await waitFor(
      async () => {
        const res = await send();
        return res.status === 201 ? res : undefined;
      },
      { what: 'the keyed transfer accepted after the unblock' },
    );
    expect((await send()).body).toEqual(sent.body);
    expect((await balanceOf(tenant.token, a.user, a.wallet)).balance).toBe('4');
  });

  it('refuse a transfer to a wallet deleted while the transfer waited for its account', async () => {
    const a = await party();
    const b = await party();
    await fund(a.wallet, '5');
    // A deletion in progress: it holds b's account, then marks the wallet deleted.
    await withDatabase(async (db) => {
      await db.query('BEGIN');
      await db.query('SELECT 1 FROM ledger.accounts WHERE wallet_id = $1 FOR UPDATE', [b.wallet]);
      const sent = transfer(a, b, '1');
      await waitFor(async () => (await lockWaiters(db)) > 0, {
        what: 'the transfer waiting for the account',
      });
      await db.query('UPDATE ledger.wallets SET deleted_at = now() WHERE id = $1', [b.wallet]);
      await db.query('COMMIT');
      expectProblem(await sent, 400, 'validation_failed');
    });
    expect(await balanceOf(tenant.token, a.user, a.wallet)).toEqual({
      balance: '5',
      available: '5',
    });
    await ledgerIsSound();
  });

  it('refuse wallets of the wrong user, asset or tenant (400), blocked senders and bound tokens (403)', async () => {
    const a = await party();
    const b = await party();
    const q = { user: a.user, wallet: await openWallet(tenant.token, a.user, 'qubic') };
    await fund(a.wallet, '1');
    const send = (body: unknown, token = tenant.token) =>
      api.post('/v1/transfers', { token, body: { requestedTransactions: [body] } });
    expectProblem(
      await send(leg({ user: b.user, wallet: a.wallet }, b, '1')),
      400,
      'validation_failed',
    );
    expectProblem(await send(leg(a, q, '1')), 400, 'validation_failed');
    expectProblem(await send(leg(a, b, '1.0000000000000000001')), 400);
    expectProblem(await send(leg(a, a, '1')), 400);
    expectProblem(await send(leg(a, b, '1'), other.token), 404); // invisible to another tenant
    const bound = (await api.login(tenant.email, tenant.password, { userId: b.user })).access_token;
    expectProblem(await send(leg(a, b, '1'), bound), 403);
    await api.patch(`/v1/users/${a.user}/individual-person`, {
      token: tenant.token,
      body: { status: 'blocked' },
    });
    // A block stops money on the very next request.
    expectProblem(await send(leg(a, b, '0.1')), 403, 'user_blocked');
    // A blocked user can still receive.
    await fund(b.wallet, '1');
    expect((await send(leg(b, a, '0.5'))).status).toBe(201);
    expect((await balanceOf(tenant.token, a.user, a.wallet)).balance).toBe('1.5');
  });

  it('with one Idempotency-Key run once: 20 concurrent twins get the same answer', async () => {
    const a = await party();
    const b = await party();
    await fund(a.wallet, '100');
    const body = { requestedTransactions: [leg(a, b, '1')] };
    const headers = { 'idempotency-key': `key-${Date.now()}` };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post('/v1/transfers', { token: tenant.token, body, headers }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect((await balanceOf(tenant.token, a.user, a.wallet)).balance).toBe('99');
    expectProblem(
      await api.post('/v1/transfers', {
        token: tenant.token,
        body: { requestedTransactions: [leg(a, b, '2')] },
        headers,
      }),
      409,
      'idempotency_conflict',
    );
    // The same key from another client is another key.
    expect((await api.post('/v1/transfers', { token: admin, body, headers })).body.id).not.toBe(
      responses[0]!.body.id,
    );
    await ledgerIsSound();
  });
});

describe('under concurrency', () => {
  it('lets exactly N of 200 concurrent transfers through when the balance covers N', async () => {
    const a = await party();
    const b = await party();
    await fund(a.wallet, '37');
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        api.post('/v1/transfers', {
          token: tenant.token,
          body: { requestedTransactions: [leg(a, b, '1')] },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(37);
    expect(statuses.filter((s) => s === 400)).toHaveLength(163);
    expect(
      results.filter((r) => r.status === 400).every((r) => r.body.code === 'insufficient_balance'),
    ).toBe(true);
    expect(await balanceOf(tenant.token, a.user, a.wallet)).toEqual({
      balance: '0',
      available: '0',
    });
    expect((await balanceOf(tenant.token, b.user, b.wallet)).balance).toBe('37');
    await ledgerIsSound();
  });

  it('answers each transfer of a concurrent burst as if it ran alone, keyed or not, refused or not', async () => {
    // Concurrent transfers share transactions (group commit): each must still get its own answer,
    // and a keyed one must replay that answer.
    const a = await party();
    const b = await party();
    const c = await party();
    await fund(a.wallet, '10');
    const stamp = Date.now();
    const keyed = Array.from({ length: 30 }, (_, i) => ({
      body: { requestedTransactions: [leg(a, b, '1')] },
      headers: { 'idempotency-key': `burst-${stamp}-${i}` },
    }));
    const plain = Array.from({ length: 10 }, () => ({
      body: { requestedTransactions: [leg(a, c, '1')] },
      headers: {},
    }));
    // c's user does not own b's wallet: refused whatever the balance.
    const invalid = Array.from({ length: 5 }, (_, i) => ({
      body: { requestedTransactions: [leg(a, { user: c.user, wallet: b.wallet }, '1')] },
      headers: { 'idempotency-key': `burst-bad-${stamp}-${i}` },
    }));
    const requests = [...keyed, ...plain, ...invalid];
    const first = await Promise.all(
      requests.map((r) => api.post('/v1/transfers', { token: tenant.token, ...r })),
    );
    expect(first.filter((r) => r.status === 201)).toHaveLength(10);
    for (const r of first.slice(0, 40))
      if (r.status !== 201) expect(r.body.code).toBe('insufficient_balance');
    for (const r of first.slice(40)) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation_failed');
    }
    const created = first.filter((r) => r.status === 201).map((r) => r.body.id as string);
    expect(new Set(created).size).toBe(10);
    // Every keyed request, sent again, gets its first answer back, and moves nothing more.
    const again = await Promise.all(
      [...keyed, ...invalid].map((r) => api.post('/v1/transfers', { token: tenant.token, ...r })),
    );
    const firstKeyed = [...first.slice(0, 30), ...first.slice(40)];
    again.forEach((r, i) => {
      expect(r.status).toBe(firstKeyed[i]!.status);
      expect(r.body).toEqual(firstKeyed[i]!.body);
    });
    expect(await balanceOf(tenant.token, a.user, a.wallet)).toEqual({
      balance: '0',
      available: '0',
    });
    const toB = (await balanceOf(tenant.token, b.user, b.wallet)).balance;
    const toC = (await balanceOf(tenant.token, c.user, c.wallet)).balance;
    expect(Number(toB) + Number(toC)).toBe(10);
    expect(Number(toB)).toBe(first.slice(0, 30).filter((r) => r.status === 201).length);
    await ledgerIsSound();
  });

  it('keeps the books sound and the total unchanged after 1,000 random transfers among 20 wallets', async () => {
    const parties = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const user = await newUser(tenant.token);
        return { user, wallet: await openWallet(tenant.token, user) };
      }),
    );
    for (const p of parties) await fund(p.wallet, '50');
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const requests = Array.from({ length: 1000 }, () => {
      const from = parties[random(20)]!;
      let to = parties[random(20)]!;
      if (to === from) to = parties[(parties.indexOf(from) + 1) % 20]!;
      return leg(from, to, `${1 + random(900)}.${random(100)}`.replace(/\.0$/, ''));
    });
    const statuses: number[] = [];
    for (let i = 0; i < requests.length; i += 50) {
      const batch = await Promise.all(
        requests.slice(i, i + 50).map((body) =>
          api.post('/v1/transfers', {
            token: tenant.token,
            body: { requestedTransactions: [body] },
          }),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 201 || s === 400)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    const balances = await Promise.all(
      parties.map((p) => balanceOf(tenant.token, p.user, p.wallet)),
    );
    const total = balances.reduce((sum, b) => sum + Math.round(Number(b.balance) * 100), 0);
    expect(total).toBe(20 * 50 * 100);
    expect(balances.every((b) => Number(b.balance) >= 0 && b.balance === b.available)).toBe(true);
    await ledgerIsSound();
    // What it proves is the books, not a speed (npm run bench measures that): room for a slow
    // machine.
  }, 120_000);
});

describe('GET /v1/admin/ledger/check', () => {
  it('is for admins only', async () => {
    expectProblem(await api.get('/v1/admin/ledger/check', { token: tenant.token }), 403);
  });

  it('reports postings and legs whose entry, account or transfer is missing', async () => {
    const missing = '00000000-0000-7000-8000-000000000001';
    // Written around the database's own checks (replica mode skips triggers), as a bug or a
    // manual repair could; taken out again the same way so that the books are sound after.
    const aroundTheChecks = (statements: string) =>
      withDatabase((db) =>
        db.query(`BEGIN; SET LOCAL session_replication_role = replica; ${statements}; COMMIT`),
      );
    const [account] = (
      await withDatabase((db) => db.query<{ id: string }>('SELECT id FROM ledger.accounts LIMIT 1'))
    ).rows;
    await aroundTheChecks(`
      INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after)
        VALUES ('${missing}', '${account!.id}', 1, 1), ('${missing}', '${missing}', -1, 0);
      INSERT INTO ledger.transfer_legs (id, transfer_id, position, asset_id, sender_wallet_id,
          receiver_wallet_id, amount, status)
        VALUES ('${missing}', '${missing}', 0, 'eth', '${missing}', '${missing}', 1, 'approved')`);
    try {
      const check = await api.get('/v1/admin/ledger/check', { token: admin });
      const rules = (check.body.violations as { rule: string }[]).map((v) => v.rule);
      expect(rules).toEqual(
        expect.arrayContaining([
          'posting_without_entry',
          'posting_without_account',
          'leg_without_transfer',
        ]),
      );
      expect(check.body.ok).toBe(false);
    } finally {
      await aroundTheChecks(`
        DELETE FROM ledger.postings WHERE entry_id = '${missing}';
        DELETE FROM ledger.transfer_legs WHERE id = '${missing}'`);
    }
    await ledgerIsSound();
  });
});

describe('the references of the books (checked per statement, not per row)', () => {
  const missing = '00000000-0000-7000-8000-000000000002';

  /** The error a statement fails with, run in a transaction that is rolled back. */
  const failure = (statement: string) =>
    withDatabase(async (db) => {
      await db.query('BEGIN');
      try {
        await db.query(statement);
        return undefined;
      } catch (error) {
        return error as { code?: string; message: string };
      } finally {
        await db.query('ROLLBACK');
      }
    });

  const anAccount = async () =>
    (await withDatabase((db) => db.query<{ id: string }>('SELECT id FROM ledger.accounts LIMIT 1')))
      .rows[0]!.id;

  const aTransfer = async () => {
    const [a, b] = [await party(), await party()];
    await fund(a.wallet, '1');
    const res = await transfer(a, b, '0.5');
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  it('refuse a statement with a posting that names no journal entry or no account', async () => {
    await aTransfer(); // at least one journal entry
    const account = await anAccount();
    const entry = (
      await withDatabase((db) =>
        db.query<{ id: string }>('SELECT id FROM ledger.journal_entries LIMIT 1'),
      )
    ).rows[0]!.id;
    // One bad row among good ones fails the whole statement.
    const badEntry =
      await failure(`INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after)
      VALUES ('${entry}', '${account}', 1, 1), ('${missing}', '${account}', -1, 0)`);
    expect(badEntry).toMatchObject({
      code: '23503',
      message: expect.stringContaining('journal entry'),
    });
    const badAccount =
      await failure(`INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after)
      VALUES ('${entry}', '${missing}', 1, 1)`);
    expect(badAccount).toMatchObject({
      code: '23503',
      message: expect.stringContaining('account'),
    });
    expect(
      await failure(`INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after)
        VALUES ('${entry}', '${account}', 1, 1)`),
    ).toBeUndefined();
  });

  it('fail a whole statement that writes an entry with its postings when one posting names no account', async () => {
    const account = await anAccount();
    const entryId = '00000000-0000-7000-8000-0000000000e1';
    const statement = (second: string) => `
      WITH entry AS (
        INSERT INTO ledger.journal_entries (id, operation_type, operation_id, asset_id)
        VALUES ('${entryId}', 'transfer', gen_random_uuid(), 'eth') RETURNING id)
      INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after)
      SELECT entry.id, v.account, v.amount, 0
        FROM entry, (VALUES ('${account}'::uuid, 1), ('${second}'::uuid, -1)) AS v(account, amount)`;
    // The shape of the ledger's own write: the entry and its postings in one statement.
    expect(await failure(statement(account))).toBeUndefined();

    const refused = await withDatabase((db) =>
      db.query(statement(missing)).then(
        () => undefined,
        (error: { code?: string }) => error,
      ),
    );

    expect(refused).toMatchObject({ code: '23503' });
    const left = await withDatabase((db) =>
      db.query('SELECT count(*)::int AS n FROM ledger.journal_entries WHERE id = $1', [entryId]),
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  });

  it('refuse a transfer leg that names no transfer, or moves to another transfer', async () => {
    const [first, second] = [await aTransfer(), await aTransfer()];
    const insertLeg = (transferId: string) => `INSERT INTO ledger.transfer_legs (id, transfer_id,
        position, asset_id, sender_wallet_id, receiver_wallet_id, amount, status)
      VALUES (gen_random_uuid(), '${transferId}', 9, 'eth', '${missing}', '${missing}', 1, 'approved')`;
    expect(await failure(insertLeg(missing))).toMatchObject({ code: '23503' });
    expect(await failure(insertLeg(first))).toBeUndefined();
    expect(
      await failure(
        `UPDATE ledger.transfer_legs SET transfer_id = '${second}' WHERE transfer_id = '${first}'`,
      ),
    ).toMatchObject({ code: '23503', message: expect.stringContaining('another transfer') });
    expect(
      await failure(
        `UPDATE ledger.transfer_legs SET status = status WHERE transfer_id = '${first}'`,
      ),
    ).toBeUndefined();
  });

  it('never delete or truncate accounts, transfers or journal entries, nor change their ids', async () => {
    const [account, transferId] = [await anAccount(), await aTransfer()];
    for (const statement of [
      `DELETE FROM ledger.accounts WHERE id = '${account}'`,
      'TRUNCATE ledger.accounts CASCADE',
      `UPDATE ledger.accounts SET id = gen_random_uuid() WHERE id = '${account}'`,
      `DELETE FROM ledger.transfers WHERE id = '${transferId}'`,
      'TRUNCATE ledger.transfers CASCADE',
      `UPDATE ledger.transfers SET id = gen_random_uuid() WHERE id = '${transferId}'`,
      'TRUNCATE ledger.journal_entries CASCADE',
      // As a foreign key did, also where ordinary triggers are off (replication, restores).
      'SET LOCAL session_replication_role = replica; TRUNCATE ledger.accounts CASCADE',
      `SET LOCAL session_replication_role = replica; DELETE FROM ledger.transfers WHERE id = '${transferId}'`,
    ]) {
      expect({ statement, error: await failure(statement) }).toMatchObject({
        statement,
        error: { code: '23503', message: expect.stringMatching(/never deleted|keeps its id/) },
      });
    }
    // A balance update (the hot path) does not touch the guards.
    expect(
      await failure(`UPDATE ledger.accounts SET updated_at = now() WHERE id = '${account}'`),
    ).toBeUndefined();
  });
});

describe('withdrawals', () => {
  const receiver = '0x000000000000000000000000000000000000bEEF';

  async function funded(amount: string) {
    const user = await newUser(tenant.token);
    const wallet = await openWallet(tenant.token, user);
    await fund(wallet, amount);
    return { user, wallet, path: `/v1/users/${user}/wallets/${wallet}/withdrawals` };
  }

  const withdraw = (path: string, body: Record<string, unknown>, token = tenant.token) =>
    api.post(path, {
      token,
      body: { assetId: 'eth', receiverAddress: receiver, ...device, ...body },
    });

  it('refuse a withdrawal once a block reached wallet-ledger, before identity has answered it', async () => {
    const w = await funded('5');
    await withDatabase(async (db) => {
      await waitFor(
        async () =>
          (await db.query('SELECT 1 FROM ledger.user_refs WHERE id = $1', [w.user])).rowCount === 1,
        { what: "wallet-ledger's copy of the user" },
      );
      // The moment inside a block: the copy has it (written before identity commits), identity
      // does not yet, so identity's answer still says "not blocked".
      // A later version, so that a user event still on its way cannot overwrite it.
      await db.query(
        "UPDATE ledger.user_refs SET blocked = true, updated_at = now() + interval '1 hour' WHERE id = $1",
        [w.user],
      );
    });
    const key = { 'idempotency-key': `blocked-withdrawal-${w.user}` };
    const refused = await api.post(w.path, {
      token: tenant.token,
      headers: key,
      body: { assetId: 'eth', receiverAddress: receiver, ...device, amount: '1' },
    });
    expectProblem(refused, 403, 'user_blocked');
    expect(await balanceOf(tenant.token, w.user, w.wallet)).toEqual({
      balance: '5',
      available: '5',
    });
    // Not kept under the key: once the copy says active again, the same request goes through.
    await withDatabase((db) =>
      db.query('UPDATE ledger.user_refs SET blocked = false WHERE id = $1', [w.user]),
    );
    const accepted = await api.post(w.path, {
      token: tenant.token,
      headers: key,
      body: { assetId: 'eth', receiverAddress: receiver, ...device, amount: '1' },
    });
    expect(accepted.status).toBe(201);
  });

  it('never commit a withdrawal after the block of its user was answered', async () => {
    const w = await funded('5');
    const held = () =>
      withDatabase(async (db) => {
        const { rows } = await db.query(
          'SELECT available_balance::text AS available FROM ledger.accounts WHERE wallet_id = $1',
          [w.wallet],
        );
        return (rows[0] as { available: string }).available !== '5';
      });
    // The withdrawal passes identity's check and its copy's, then waits for its account; the
    // block waits for the withdrawal that read the user unblocked.
    const race = await raceBlock(stack.databaseUrl, w.wallet, {
      command: () => withdraw(w.path, { amount: '1' }),
      block: () => setStatus(w.user, 'blocked'),
      committed: held,
    });
    expect(race.blockAnsweredWhileHeld).toBe(false);
    expect(race.command.status).toBe(201);
    expect(race.block.status).toBe(200);
    // The withdrawal's hold had committed before the block was answered.
    expect(race.committedWhenBlockAnswered).toBe(true);
    expectProblem(await withdraw(w.path, { amount: '1' }), 403, 'user_blocked');
  });

  it('hold the amount, then post the debit with the network fee when confirmed', async () => {
    const w = await funded('10');
    const created = await withdraw(w.path, {
      amount: '4',
      memo: 'rent',
      externalReference: 'wd-1',
    });
    expect(created.status).toBe(201);
    expect(await balanceOf(tenant.token, w.user, w.wallet)).toEqual({
      balance: '10',
      available: '6',
    });
    const read = await api.get(`${w.path}/${created.body.id}`, { token: tenant.token });
    expect(read.body).toMatchObject({
      status: 'prepared',
      amount: '4',
      asset: 'ETH',
      assetId: 'eth',
      receiverAddress: receiver,
      memo: 'rent',
      transactions: [],
    });
    expectProblem(
      await api.patch(`/v1/admin/withdrawals/${created.body.id}`, {
        token: admin,
        body: { status: 'broadcast' },
      }),
      400,
    );
    const broadcast = await api.patch(`/v1/admin/withdrawals/${created.body.id}`, {
      token: admin,
      body: { status: 'broadcast', blockchainTransactionId: '0xwd1' },
    });
    expect(broadcast.body.status).toBe('broadcast');
    expectProblem(
      await api.patch(`/v1/admin/withdrawals/${created.body.id}`, {
        token: admin,
        body: { status: 'cancelled' },
      }),
      409,
      'illegal_transition',
    );
    const confirmed = await api.patch(`/v1/admin/withdrawals/${created.body.id}`, {
      token: admin,
      body: { status: 'confirmed', fee: '0.01' },
    });
    expect(confirmed.body).toMatchObject({
      status: 'confirmed',
      fee: '0.01',
      blockchainTransactionId: '0xwd1',
    });
    expect(confirmed.body.transactions).toHaveLength(2);
    expect(await balanceOf(tenant.token, w.user, w.wallet)).toEqual({
      balance: '6',
      available: '6',
    });
    const moves = await api.get(
      `/v1/users/${w.user}/wallets/${w.wallet}/transactions?txLog=${created.body.id}&sort=amount`,
      { token: tenant.token },
    );
    expect(moves.body[0].sender).toMatchObject({
      walletId: w.wallet,
      userId: w.user,
      walletBalance: '6',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    });
    expect(moves.body.map((m: any) => [m.type, m.movementSubtype, m.amount])).toEqual([
      ['fee', 'fee', '0.01'],
      ['withdrawal', 'external', '3.99'],
    ]);
    // A page shows each withdrawal's own movements, as its read does (found for the page at
    // once): the confirmed one its two, a pending one none.
    const pending = await withdraw(w.path, { amount: '1' });
    const listed = (await api.get(w.path, { token: tenant.token })).body as {
      id: string;
      transactions: string[];
    }[];
    expect(Object.fromEntries(listed.map((x) => [x.id, x.transactions]))).toEqual({
      [created.body.id]: [...confirmed.body.transactions].sort(),
      [pending.body.id]: [],
    });
    // One payment is booked once: another withdrawal reported on the same transaction (its hash
    // in capitals) is refused and stays as it was, its amount held, not debited.
    expectProblem(
      await api.patch(`/v1/admin/withdrawals/${pending.body.id}`, {
        token: admin,
        body: { status: 'broadcast', blockchainTransactionId: '0xWD1' },
      }),
      409,
      'transaction_already_booked',
    );
    expect(
      (await api.get(`${w.path}/${pending.body.id}`, { token: tenant.token })).body,
    ).toMatchObject({ status: 'prepared', blockchainTransactionId: null });
    expect(await balanceOf(tenant.token, w.user, w.wallet)).toEqual({
      balance: '6',
      available: '5',
    });
    await ledgerIsSound();
  });

  it('release the hold when failed or cancelled', async () => {
    const w = await funded('5');
    const a = await withdraw(w.path, { amount: '2' });
    const b = await withdraw(w.path, { amount: '3' });
    expect(await balanceOf(tenant.token, w.user, w.wallet)).toEqual({
      balance: '5',
      available: '0',
    });
    expectProblem(await withdraw(w.path, { amount: '0.1' }), 400, 'insufficient_balance');
    await api.patch(`/v1/admin/withdrawals/${a.body.id}`, {
      token: admin,
      body: { status: 'cancelled' },
    });
    await api.patch(`/v1/admin/withdrawals/${b.body.id}`, {
      token: admin,
      body: { status: 'failed' },
    });
    expect(await balanceOf(tenant.token, w.user, w.wallet)).toEqual({
      balance: '5',
      available: '5',
    });
    expectProblem(
      await api.patch(`/v1/admin/withdrawals/${a.body.id}`, {
        token: admin,
        body: { status: 'confirmed' },
      }),
      409,
    );
    const failed = await api.get(`${w.path}?status=failed`, { token: tenant.token });
    expect(failed.body.map((x: { id: string }) => x.id)).toEqual([b.body.id]);
    await ledgerIsSound();
  });

  it('take the whole available balance when no amount is given', async () => {
    const w = await funded('2.75');
    const created = await withdraw(w.path, {});
    expect(
      (await api.get(`${w.path}/${created.body.id}`, { token: tenant.token })).body.amount,
    ).toBe('2.75');
    expectProblem(await withdraw(w.path, {}), 400, 'insufficient_balance');
    expectProblem(
      await api.delete(`/v1/users/${w.user}/wallets/${w.wallet}`, {
        token: tenant.token,
        body: device,
      }),
      403,
      'wallet_not_empty',
    );
  });

  it('answer 400 for a bad address, asset or amount, 403 for blocked users, 404 across tenants', async () => {
    const w = await funded('1');
    expectProblem(await withdraw(w.path, { receiverAddress: '0x1234' }), 400, 'validation_failed');
    expectProblem(
      await withdraw(w.path, { receiverAddress: '0x000000000000000000000000000000000000BeEF' }),
      400,
    );
    expectProblem(await withdraw(w.path, { assetId: 'usdc' }), 400);
    expectProblem(await withdraw(w.path, { amount: '2' }), 400, 'insufficient_balance');
    expectProblem(await withdraw(w.path, { amount: '0.0000000000000000001' }), 400);
    expectProblem(await withdraw(w.path, {}, other.token), 404);
    expectProblem(await api.get(w.path, { token: other.token }), 404);
    await api.patch(`/v1/users/${w.user}/individual-person`, {
      token: tenant.token,
      body: { status: 'blocked' },
    });
    expectProblem(await withdraw(w.path, { amount: '0.5' }), 403, 'user_blocked');
    expect(await balanceOf(tenant.token, w.user, w.wallet)).toEqual({
      balance: '1',
      available: '1',
    });
  });

  it('let exactly N of 200 concurrent withdrawals through when the balance covers N', async () => {
    const w = await funded('25');
    const results = await Promise.all(
      Array.from({ length: 200 }, () => withdraw(w.path, { amount: '1' })),
    );
    // Every answer by status and code, so that a failure says what the others were.
    const tally: Record<string, number> = {};
    for (const r of results) {
      const key = `${r.status} ${(r.body as { code?: string } | undefined)?.code ?? ''}`.trim();
      tally[key] = (tally[key] ?? 0) + 1;
    }
    expect(tally).toEqual({ '201': 25, '400 insufficient_balance': 175 });
    expect(await balanceOf(tenant.token, w.user, w.wallet)).toEqual({
      balance: '25',
      available: '0',
    });
    await ledgerIsSound();
  });
});

describe('fixes from review', () => {
  it('refuses to delete a wallet with a deposit waiting for confirmation', async () => {
    const user = await newUser(tenant.token);
    const wallet = await openWallet(tenant.token, user);
    await api.post('/v1/admin/incomes', {
      token: admin,
      body: {
        walletId: wallet,
        amount: '1',
        blockchainTransactionId: '0xwaiting',
        senderAddress: '0xb',
        transactionTimestamp: '2026-11-01T10:00:00Z',
      },
    });
    expectProblem(
      await api.delete(`/v1/users/${user}/wallets/${wallet}`, {
        token: tenant.token,
        body: device,
      }),
      403,
      'wallet_not_empty',
    );
  });

  it('shows a user-bound token only the transfers of its user', async () => {
    const a = await party();
    const b = await party();
    const c = await party();
    await fund(a.wallet, '3');
    const ab = (
      await api.post('/v1/transfers', {
        token: tenant.token,
        body: { requestedTransactions: [leg(a, b, '1')] },
      })
    ).body.id;
    const ac = (
      await api.post('/v1/transfers', {
        token: tenant.token,
        body: { requestedTransactions: [leg(a, c, '1')] },
      })
    ).body.id;
    const bound = (await api.login(tenant.email, tenant.password, { userId: b.user })).access_token;
    const listed = await api.get('/v1/transfers?limit=0', { token: bound });
    expect(listed.body.map((t: { id: string }) => t.id)).toEqual([ab]);
    expectProblem(await api.get(`/v1/transfers/${ac}`, { token: bound }), 404);
    expectProblem(await api.get('/v1/users/not-a-uuid/wallets/*/incomes', { token: admin }), 404);
  });
});
