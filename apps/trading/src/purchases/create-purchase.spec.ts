import { v7 as uuidv7 } from 'uuid';
import type { AuthContext, CreatePurchaseRequest } from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  clientA,
  clientB,
  createPurchaseHarness,
  type PurchaseHarness,
  type PurchaseWorld,
  seedPurchaseWorld,
  TENANT_A,
} from './test-harness';

// Creating a purchase against a real PostgreSQL, with wallet-ledger and identity as stand-ins
// over real RPC: the quote written and settled to the last decimal, the ledger asked once per
// purchase (a retry with the same Idempotency-Key finishes the same purchase), and refusals that
// write nothing.

let h: PurchaseHarness;
let w: PurchaseWorld;

beforeAll(async () => {
  h = await createPurchaseHarness();
  w = await seedPurchaseWorld(h);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('a purchase', () => {
  it('buys exactly: fee, net and crypto to the last wei, booked once, with its event', async () => {
    const { id } = await h.createPurchase.create(clientA, w.request('eth', 'buy', '100'));

    // 100 EUR, 1.5 % fee: 98.5 EUR at 2500.5 EUR/ETH, rounded down to 18 decimals.
    const settled = h.settleCalls.filter((c) => c.purchaseId === id);
    expect(settled).toEqual([
      {
        purchaseId: id,
        tenantId: TENANT_A,
        userId: w.alice,
        walletId: w.walletOf['eth'],
        assetId: 'eth',
        operation: 'buy',
        cryptoAmount: '0.039392121575684863',
        rate: {
          id: w.ethRate,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          asset: expect.objectContaining({ id: 'eth', symbol: 'ETH' }),
          fiatPrice: 2500.5,
        },
      },
    ]);
    expect(h.booked.get(id)).toBe('0.039392121575684863');

    const view = await w.viewOf(w.walletOf['eth']!, id);
    expect(view).toEqual({
      id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      user: w.alice,
      wallet: w.walletOf['eth'],
      status: 'approved',
      operation: 'buy',
      asset: 'eth',
      amount: '100',
      purchased: '0.039392121575684863',
      netAmount: '98.5',
      fee: '1.5',
      feeBps: 150,
      fiatCurrency: 'EUR',
      rate: { id: w.ethRate, price: '2500.5' },
    });
    const events = (await h.events()).filter((e) => e.data['id'] === id);
    expect(events).toEqual([{ name: 'purchase.is-created', tenantId: TENANT_A, data: view }]);
  });

  it('sells exactly: proceeds, fee and net to the last decimal, the crypto asked debited', async () => {
    const before = h.wallets.get(w.walletOf['eth']!)!.balance;
    const { id } = await h.createPurchase.create(
      clientA,
      w.request('eth', 'sell', '0.123456789012345678', { externalReference: 'sell-1' }),
    );
    expect(h.booked.get(id)).toBe('0.123456789012345678');
    expect(await w.viewOf(w.walletOf['eth']!, id)).toMatchObject({
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
    expect(h.wallets.get(w.walletOf['eth']!)!.balance).toBe('0.915935332563339185');
  });
});
describe('a retry under the same Idempotency-Key', () => {
  it('is answered with the first purchase, settled once; another request under the key is 409', async () => {
    const asked = w.request('eth', 'buy', '10');
    const first = await h.createPurchase.create(clientA, asked, w.key('buy-once'));
    const calls = h.settleCalls.length;
    const again = await h.createPurchase.create(clientA, asked, w.key('buy-once'));
    expect(again).toEqual(first);
    expect(h.settleCalls.length).toBe(calls);
    const { rows } = await h.pool.query(
      `SELECT id FROM trading.purchases WHERE client_id = $1 AND idempotency_key = $2`,
      [clientA.clientId, 'buy-once'],
    );
    expect(rows).toEqual([{ id: first.id }]);

    const before = await w.traces();
    await expect(
      h.createPurchase.create(clientA, w.request('eth', 'buy', '11'), w.key('buy-once', 'hash-2')),
    ).rejects.toMatchObject({ status: 409, code: 'idempotency_conflict' });
    expect(await w.traces()).toEqual(before);
  });

  it('makes one purchase, booked once with one event, of twins racing under one key', async () => {
    const asked = w.request('eth', 'buy', '3');
    const [one, two] = await Promise.all([
      h.createPurchase.create(clientA, asked, w.key('twins')),
      h.createPurchase.create(clientA, asked, w.key('twins')),
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
    const old = await h.createPurchase.create(
      clientA,
      w.request('eth', 'buy', '2'),
      w.key('reused'),
    );
    await h.pool.query(
      `UPDATE trading.purchases SET created_at = now() - interval '25 hours' WHERE id = $1`,
      [old.id],
    );
    const fresh = await h.createPurchase.create(
      clientA,
      w.request('eth', 'buy', '4'),
      w.key('reused', 'hash-2'),
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
    const eth = w.walletOf['eth']!;
    h.ledgerFailures.set(eth, [Errors.unavailable('The ledger is restarting.')]);
    const asked = w.request('eth', 'buy', '20');
    await expect(
      h.createPurchase.create(clientA, asked, w.key('unknown-outcome')),
    ).rejects.toMatchObject({
      status: 503,
    });
    const {
      rows: [pending],
    } = await h.pool.query<{ id: string; status: string }>(
      `SELECT id, status FROM trading.purchases WHERE idempotency_key = 'unknown-outcome'`,
    );
    expect(pending!.status).toBe('pending');
    expect((await h.events()).filter((e) => e.data['id'] === pending!.id)).toEqual([]);

    expect(await h.createPurchase.create(clientA, asked, w.key('unknown-outcome'))).toEqual({
      id: pending!.id,
    });
    const asks = h.settleCalls.filter((c) => c.purchaseId === pending!.id);
    expect(asks).toHaveLength(2);
    expect(asks[1]).toEqual(asks[0]);
    expect((await w.viewOf(eth, pending!.id)).status).toBe('approved');
    expect((await h.events()).filter((e) => e.data['id'] === pending!.id)).toHaveLength(1);
  });

  it('is answered with the refusal the ledger gave the first time, without asking it again', async () => {
    const eth = w.walletOf['eth']!;
    h.ledgerFailures.set(eth, [
      Errors.badRequest('Not enough available balance.', 'insufficient_balance'),
    ]);
    const asked = w.request('eth', 'sell', '0.5');
    await expect(h.createPurchase.create(clientA, asked, w.key('refused'))).rejects.toMatchObject({
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
    await expect(h.createPurchase.create(clientA, asked, w.key('refused'))).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_balance',
    });
    expect(h.settleCalls.length).toBe(calls);
    expect(h.booked.has(row!.id)).toBe(false);
    expect((await w.viewOf(eth, row!.id)).failure).toEqual({
      code: 'insufficient_balance',
      message: 'Not enough available balance.',
    });
    expect((await h.events()).filter((e) => e.data['id'] === row!.id)).toEqual([]);
  });
});
describe('refusals', () => {
  it.each<[string, () => [AuthContext, CreatePurchaseRequest], number, string]>([
    [
      'of an unknown wallet',
      () => [clientA, w.request('eth', 'buy', '10', { walletId: uuidv7() })],
      404,
      'not_found',
    ],
    [
      'of an asset the catalog does not have',
      () => [clientA, w.request('doge', 'buy', '10')],
      404,
      'not_found',
    ],
    ['at a stale rate', () => [clientA, w.request('btc', 'buy', '10')], 503, 'rate_unavailable'],
    ['without any rate', () => [clientA, w.request('eurc', 'buy', '10')], 503, 'rate_unavailable'],
    [
      'of an asset whose trading is disabled',
      () => [clientA, w.request('qubic', 'buy', '10')],
      400,
      'asset_disabled',
    ],
    [
      'in fractions of a cent',
      () => [clientA, w.request('eth', 'buy', '10.001')],
      400,
      'validation_failed',
    ],
    [
      'in another currency',
      () => [clientA, w.request('eth', 'buy', '10', { fiatCurrency: 'USD' })],
      400,
      'validation_failed',
    ],
    [
      'buying less than the smallest unit',
      () => [clientA, w.request('wbtc', 'buy', '0.01')],
      400,
      'amount_too_small',
    ],
    [
      'buying more than a chain account holds',
      () => [clientA, w.request('usdc', 'buy', `1${'0'.repeat(75)}`)],
      400,
      'amount_too_large',
    ],
    [
      'selling more decimals than the asset has',
      () => [clientA, w.request('eth', 'sell', '0.0000000000000000001')],
      400,
      'validation_failed',
    ],
    [
      'selling more than the available balance',
      () => [clientA, w.request('eth', 'sell', '1000')],
      400,
      'insufficient_balance',
    ],
    [
      'for a blocked user',
      () => {
        const walletId = w.wallet(w.blockedUser, TENANT_A, 'eth', '1');
        return [clientA, w.request('eth', 'buy', '10', { userId: w.blockedUser, walletId })];
      },
      403,
      'user_blocked',
    ],
    [
      'with a token bound to another user',
      () => [{ ...clientA, userId: w.bob }, w.request('eth', 'buy', '10')],
      403,
      'user_forbidden',
    ],
    [
      "on another tenant's wallet",
      () => [clientB, w.request('eth', 'buy', '10')],
      404,
      'not_found',
    ],
  ])('refuse a purchase %s, writing and settling nothing', async (_what, make, status, code) => {
    const [caller, asked] = make();
    const before = await w.traces();
    await expect(h.createPurchase.create(caller, asked, w.key(uuidv7()))).rejects.toMatchObject({
      status,
      code,
    });
    expect(await w.traces()).toEqual(before);
  });
});
