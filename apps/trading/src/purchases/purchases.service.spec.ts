import { v7 as uuidv7 } from 'uuid';
import type {
  AuthContext,
  CreatePurchaseRequest,
  ListPurchasesRequest,
  ListQuery,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { IdempotencyKey } from '@custody/persistence';
import { createPurchaseHarness, type PurchaseHarness } from '../test-harness';

// Purchases against a real PostgreSQL, with wallet-ledger and identity as stand-ins over real
// RPC: the quote written and settled to the last decimal, the ledger asked once per purchase
// (a retry with the same Idempotency-Key finishes the same purchase), refusals that write
// nothing, and each tenant's purchases its own.

let h: PurchaseHarness;

const A = 'tenant-a';
const B = 'tenant-b';
const clientA: AuthContext = { clientId: 'client-a', tenantId: A, audience: 'general' };
const clientB: AuthContext = { clientId: 'client-b', tenantId: B, audience: 'general' };
const admin: AuthContext = { clientId: 'admin', tenantId: 'platform', audience: 'admin' };
const page: ListQuery = { page: 1, limit: 100, sort: { field: 'createdAt', direction: 'asc' } };

const alice = uuidv7();
const blockedUser = uuidv7();
const bob = uuidv7();
/** Alice's wallets by asset (`doge` is no asset of the catalog), Bob's ether wallet. */
const walletOf: Record<string, string> = {};
let bobEth: string;
/** The rates the purchases use. */
let ethRate: string;

function wallet(userId: string, tenantId: string, assetId: string, balance = '0'): string {
  const id = uuidv7();
  h.wallets.set(id, { id, userId, tenantId, assetId, balance });
  return id;
}

function request(
  assetId: string,
  operation: 'buy' | 'sell',
  amount: string,
  fields: Partial<CreatePurchaseRequest> = {},
): CreatePurchaseRequest {
  return {
    userId: alice,
    walletId: walletOf[assetId]!,
    operation,
    amount,
    device: 'test-device',
    ip: '203.0.113.7',
    ...fields,
  };
}

const key = (name: string, requestHash = 'hash-1'): IdempotencyKey => ({
  clientId: clientA.clientId,
  key: name,
  requestHash,
});

const viewOf = (walletId: string, id: string, auth = clientA, userId = alice) =>
  h.purchases.get(auth, { userId, walletId, id });

/** What a refusal must leave as it was: the purchases, the outbox, the ledger's calls. */
async function traces() {
  return {
    purchases: await h.count('purchases'),
    outbox: await h.count('outbox'),
    settlements: h.settleCalls.length,
  };
}

beforeAll(async () => {
  h = await createPurchaseHarness();
  h.users.set(alice, { tenantId: A, blocked: false });
  h.users.set(blockedUser, { tenantId: A, blocked: true });
  h.users.set(bob, { tenantId: B, blocked: false });
  for (const assetId of ['eth', 'btc', 'usdc', 'eurc', 'wbtc', 'qubic', 'doge'])
    walletOf[assetId] = wallet(alice, A, assetId, assetId === 'eth' ? '1' : '0');
  bobEth = wallet(bob, B, 'eth');
  ethRate = await h.rate('eth', '2500.5');
  // usdc at a fresh rate; btc's only rate is past RATE_MAX_AGE; eurc has none.
  await h.rate('usdc', '0.92');
  await h.rate('btc', '58000.12', { ageMs: 61_000 });
  // A price at which a cent buys less than wbtc's smallest unit.
  await h.rate('wbtc', '2000000');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('a purchase', () => {
  it('buys exactly: fee, net and crypto to the last wei, booked once, with its event', async () => {
    const { id } = await h.purchases.create(clientA, request('eth', 'buy', '100'));

    // 100 EUR, 1.5 % fee: 98.5 EUR at 2500.5 EUR/ETH, rounded down to 18 decimals.
    const settled = h.settleCalls.filter((c) => c.purchaseId === id);
    expect(settled).toEqual([
      {
        purchaseId: id,
        tenantId: A,
        userId: alice,
        walletId: walletOf['eth'],
        assetId: 'eth',
        operation: 'buy',
        cryptoAmount: '0.039392121575684863',
        rate: {
          id: ethRate,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          asset: expect.objectContaining({ id: 'eth', symbol: 'ETH' }),
          fiatPrice: 2500.5,
        },
      },
    ]);
    expect(h.booked.get(id)).toBe('0.039392121575684863');

    const view = await viewOf(walletOf['eth']!, id);
    expect(view).toEqual({
      id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      user: alice,
      wallet: walletOf['eth'],
      status: 'approved',
      operation: 'buy',
      asset: 'eth',
      amount: '100',
      purchased: '0.039392121575684863',
      netAmount: '98.5',
      fee: '1.5',
      feeBps: 150,
      fiatCurrency: 'EUR',
      rate: { id: ethRate, price: '2500.5' },
    });
    const events = (await h.events()).filter((e) => e.data['id'] === id);
    expect(events).toEqual([{ name: 'purchase.is-created', tenantId: A, data: view }]);
  });

  it('sells exactly: proceeds, fee and net to the last decimal, the crypto asked debited', async () => {
    const before = h.wallets.get(walletOf['eth']!)!.balance;
    const { id } = await h.purchases.create(
      clientA,
      request('eth', 'sell', '0.123456789012345678', { externalReference: 'sell-1' }),
    );
    expect(h.booked.get(id)).toBe('0.123456789012345678');
    expect(await viewOf(walletOf['eth']!, id)).toMatchObject({
      status: 'approved',
      operation: 'sell',
      amount: '0.123456789012345678',
      // 0.123456789012345678 × 2500.5, its 1.5 % fee, and what is left.
      purchased: '308.703700925370367839',
      fee: '4.630555513880555517585',
      netAmount: '304.073145411489812321415',
      externalReference: 'sell-1',
    });
    expect(before).toBe('1.039392121575684863');
    expect(h.wallets.get(walletOf['eth']!)!.balance).toBe('0.915935332563339185');
  });
});

describe('a retry under the same Idempotency-Key', () => {
  it('is answered with the first purchase, settled once; another request under the key is 409', async () => {
    const asked = request('eth', 'buy', '10');
    const first = await h.purchases.create(clientA, asked, key('buy-once'));
    const calls = h.settleCalls.length;
    const again = await h.purchases.create(clientA, asked, key('buy-once'));
    expect(again).toEqual(first);
    expect(h.settleCalls.length).toBe(calls);
    const { rows } = await h.pool.query(
      `SELECT id FROM trading.purchases WHERE client_id = $1 AND idempotency_key = $2`,
      [clientA.clientId, 'buy-once'],
    );
    expect(rows).toEqual([{ id: first.id }]);

    const before = await traces();
    await expect(
      h.purchases.create(clientA, request('eth', 'buy', '11'), key('buy-once', 'hash-2')),
    ).rejects.toMatchObject({ status: 409, code: 'idempotency_conflict' });
    expect(await traces()).toEqual(before);
  });

  it('makes one purchase, booked once with one event, of twins racing under one key', async () => {
    const asked = request('eth', 'buy', '3');
    const [one, two] = await Promise.all([
      h.purchases.create(clientA, asked, key('twins')),
      h.purchases.create(clientA, asked, key('twins')),
    ]);
    expect(two).toEqual(one);
    const { rows } = await h.pool.query(
      `SELECT id, status FROM trading.purchases WHERE idempotency_key = 'twins'`,
    );
    expect(rows).toEqual([{ id: one.id, status: 'approved' }]);
    expect(h.booked.get(one.id)).toBe('0.001181763647270545');
    expect((await h.events()).filter((e) => e.data['id'] === one.id)).toHaveLength(1);
  });

  it('frees a key after 24 hours: a new request under it makes a new purchase', async () => {
    const old = await h.purchases.create(clientA, request('eth', 'buy', '2'), key('reused'));
    await h.pool.query(
      `UPDATE trading.purchases SET created_at = now() - interval '25 hours' WHERE id = $1`,
      [old.id],
    );
    const fresh = await h.purchases.create(
      clientA,
      request('eth', 'buy', '4'),
      key('reused', 'hash-2'),
    );
    expect(fresh.id).not.toBe(old.id);
    const { rows } = await h.pool.query(
      `SELECT id, idempotency_key, amount::text FROM trading.purchases
        WHERE id = ANY($1::uuid[]) ORDER BY created_at`,
      [[old.id, fresh.id]],
    );
    expect(rows).toEqual([
      { id: old.id, idempotency_key: null, amount: '2' },
      { id: fresh.id, idempotency_key: 'reused', amount: '4' },
    ]);
  });

  it('finishes a purchase whose settlement had no known outcome, asking the ledger again with the same purchase', async () => {
    const eth = walletOf['eth']!;
    h.ledgerFailures.set(eth, [Errors.unavailable('The ledger is restarting.')]);
    const asked = request('eth', 'buy', '20');
    await expect(h.purchases.create(clientA, asked, key('unknown-outcome'))).rejects.toMatchObject({
      status: 503,
    });
    const {
      rows: [pending],
    } = await h.pool.query<{ id: string; status: string }>(
      `SELECT id, status FROM trading.purchases WHERE idempotency_key = 'unknown-outcome'`,
    );
    expect(pending!.status).toBe('pending');
    expect((await h.events()).filter((e) => e.data['id'] === pending!.id)).toEqual([]);

    expect(await h.purchases.create(clientA, asked, key('unknown-outcome'))).toEqual({
      id: pending!.id,
    });
    const asks = h.settleCalls.filter((c) => c.purchaseId === pending!.id);
    expect(asks).toHaveLength(2);
    expect(asks[1]).toEqual(asks[0]);
    expect((await viewOf(eth, pending!.id)).status).toBe('approved');
    expect((await h.events()).filter((e) => e.data['id'] === pending!.id)).toHaveLength(1);
  });

  it('is answered with the refusal the ledger gave the first time, without asking it again', async () => {
    const eth = walletOf['eth']!;
    h.ledgerFailures.set(eth, [
      Errors.badRequest('Not enough available balance.', 'insufficient_balance'),
    ]);
    const asked = request('eth', 'sell', '0.5');
    await expect(h.purchases.create(clientA, asked, key('refused'))).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_balance',
    });
    const {
      rows: [row],
    } = await h.pool.query<{ id: string; status: string; failure: unknown }>(
      `SELECT id, status, failure FROM trading.purchases WHERE idempotency_key = 'refused'`,
    );
    expect(row).toMatchObject({
      status: 'rejected',
      failure: { status: 400, code: 'insufficient_balance' },
    });
    const calls = h.settleCalls.length;
    await expect(h.purchases.create(clientA, asked, key('refused'))).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_balance',
    });
    expect(h.settleCalls.length).toBe(calls);
    expect(h.booked.has(row!.id)).toBe(false);
    expect((await viewOf(eth, row!.id)).failure).toEqual({
      code: 'insufficient_balance',
      message: 'Not enough available balance.',
    });
    expect((await h.events()).filter((e) => e.data['id'] === row!.id)).toEqual([]);
  });
});

describe('the recovery loop', () => {
  it('settles a purchase left pending without an Idempotency-Key, once', async () => {
    const eth = walletOf['eth']!;
    h.ledgerFailures.set(eth, [Errors.timeout('No answer.')]);
    await expect(h.purchases.create(clientA, request('eth', 'buy', '5'))).rejects.toMatchObject({
      status: 504,
    });
    const {
      rows: [stuck],
    } = await h.pool.query<{ id: string }>(
      `SELECT id FROM trading.purchases WHERE status = 'pending'`,
    );
    expect(await h.purchases.recoverPending(0)).toBe(1);
    expect((await viewOf(eth, stuck!.id)).status).toBe('approved');
    expect(h.booked.has(stuck!.id)).toBe(true);
    expect(await h.purchases.recoverPending(0)).toBe(0);
  });
});

describe('refusals', () => {
  it.each<[string, () => [AuthContext, CreatePurchaseRequest], number, string]>([
    [
      'of an unknown wallet',
      () => [clientA, request('eth', 'buy', '10', { walletId: uuidv7() })],
      404,
      'not_found',
    ],
    [
      'of an asset the catalog does not have',
      () => [clientA, request('doge', 'buy', '10')],
      404,
      'not_found',
    ],
    ['at a stale rate', () => [clientA, request('btc', 'buy', '10')], 503, 'rate_unavailable'],
    ['without any rate', () => [clientA, request('eurc', 'buy', '10')], 503, 'rate_unavailable'],
    [
      'of an asset whose trading is disabled',
      () => [clientA, request('qubic', 'buy', '10')],
      400,
      'asset_disabled',
    ],
    [
      'in fractions of a cent',
      () => [clientA, request('eth', 'buy', '10.001')],
      400,
      'validation_failed',
    ],
    [
      'in another currency',
      () => [clientA, request('eth', 'buy', '10', { fiatCurrency: 'USD' })],
      400,
      'validation_failed',
    ],
    [
      'buying less than the smallest unit',
      () => [clientA, request('wbtc', 'buy', '0.01')],
      400,
      'amount_too_small',
    ],
    [
      'buying more than a chain account holds',
      () => [clientA, request('usdc', 'buy', `1${'0'.repeat(75)}`)],
      400,
      'amount_too_large',
    ],
    [
      'selling more decimals than the asset has',
      () => [clientA, request('eth', 'sell', '0.0000000000000000001')],
      400,
      'validation_failed',
    ],
    [
      'selling more than the available balance',
      () => [clientA, request('eth', 'sell', '1000')],
      400,
      'insufficient_balance',
    ],
    [
      'for a blocked user',
      () => {
        const walletId = wallet(blockedUser, A, 'eth', '1');
        return [clientA, request('eth', 'buy', '10', { userId: blockedUser, walletId })];
      },
      403,
      'user_blocked',
    ],
    [
      'with a token bound to another user',
      () => [{ ...clientA, userId: bob }, request('eth', 'buy', '10')],
      403,
      'user_forbidden',
    ],
    ["on another tenant's wallet", () => [clientB, request('eth', 'buy', '10')], 404, 'not_found'],
  ])('refuse a purchase %s, writing and settling nothing', async (_what, make, status, code) => {
    const [caller, asked] = make();
    const before = await traces();
    await expect(h.purchases.create(caller, asked, key(uuidv7()))).rejects.toMatchObject({
      status,
      code,
    });
    expect(await traces()).toEqual(before);
  });
});

describe("a tenant's purchases", () => {
  it('belong to the tenant of their user; another tenant reads none of them', async () => {
    const mine = await h.purchases.create(clientA, request('eth', 'buy', '1'));
    const theirs = await h.purchases.create(clientB, {
      ...request('eth', 'buy', '1'),
      userId: bob,
      walletId: bobEth,
    });
    expect((await viewOf(bobEth, theirs.id, clientB, bob)).wallet).toBe(bobEth);
    const { rows } = await h.pool.query<{ id: string; tenant_id: string }>(
      'SELECT id, tenant_id FROM trading.purchases WHERE id = ANY($1::uuid[]) ORDER BY id',
      [[mine.id, theirs.id]],
    );
    expect(rows).toEqual([
      { id: mine.id, tenant_id: A },
      { id: theirs.id, tenant_id: B },
    ]);

    await expect(viewOf(walletOf['eth']!, mine.id, clientB)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const aliceEth: ListPurchasesRequest = {
      userId: alice,
      walletId: walletOf['eth']!,
      list: page,
      filters: {},
    };
    await expect(h.purchases.list(clientB, aliceEth)).rejects.toMatchObject({ status: 404 });
    const listed = await h.purchases.list(clientA, aliceEth);
    expect(listed.items.map((p) => p.id)).toContain(mine.id);
    expect(listed.items.every((p) => p.wallet === walletOf['eth'])).toBe(true);
    await expect(
      h.purchases.list(clientA, { ...aliceEth, userId: '*', walletId: '*' }),
    ).rejects.toMatchObject({ status: 403, code: 'wildcard_forbidden' });

    const all = await h.purchases.list(admin, { ...aliceEth, userId: '*', walletId: '*' });
    expect(all.items.map((p) => p.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(all.total).toBe(await h.count('purchases'));
  });
});
