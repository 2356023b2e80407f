import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { add, sub } from '@custody/money';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { raceBlock, withDatabase } from './database';
import { tapEvents } from './events-tap';
import { type Stack, startStack } from './stack';

// Trading over real HTTP: the rate providers are a local server answering like CoinGecko and a
// Binance-style exchange, so prices are known to the last decimal and an outage can be staged.
let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let other: Awaited<ReturnType<Api['newClient']>>;
let provider: Server;
let providerUp = true;
let txCounter = 0;

const PRICES: Record<string, number> = {
  bitcoin: 58012.34567891,
  ethereum: 2501.4471029,
  'usd-coin': 0.9201843,
  'euro-coin': 1,
  'wrapped-bitcoin': 57999.87654321,
};

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Recorded shapes of the real APIs, with the prices above. */
function startProvider(): Promise<string> {
  provider = createServer((req, res) => {
    if (!providerUp) return void res.writeHead(503).end();
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname === '/simple/price') {
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      return send(
        res,
        200,
        Object.fromEntries(ids.filter((id) => PRICES[id]).map((id) => [id, { eur: PRICES[id] }])),
      );
    }
    if (url.pathname === '/coins/markets') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter((id) => PRICES[id]);
      return send(
        res,
        200,
        ids.map((id) => ({
          id,
          current_price: PRICES[id],
          total_volume: 1234567.5,
          circulating_supply: 19758421,
          total_supply: 19758421,
          max_supply: id === 'bitcoin' ? 21000000 : null,
          last_updated: new Date().toISOString(),
          price_change_percentage_1h_in_currency: 0.12,
          price_change_percentage_24h_in_currency: -1.5,
          price_change_percentage_7d_in_currency: 4.25,
        })),
      );
    }
    if (url.pathname === '/api/v3/ticker/bookTicker') {
      if (url.searchParams.get('symbol') === 'ETHEUR') {
        return send(res, 200, {
          symbol: 'ETHEUR',
          bidPrice: '2501.12000000',
          bidQty: '3.4',
          askPrice: '2501.48000000',
          askQty: '0.9',
        });
      }
      return send(res, 400, { code: -1121, msg: 'Invalid symbol.' });
    }
    send(res, 404, { error: 'not found' });
  });
  return new Promise((resolve) =>
    provider.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(provider.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  const providerUrl = await startProvider();
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing'],
    env: {
      trading: {
        RATES_PROVIDER: 'coingecko',
        COINGECKO_BASE_URL: providerUrl,
        EXCHANGE_PROVIDER: 'exchange',
        EXCHANGE_BASE_URL: providerUrl,
        RATES_INTERVAL_MS: '1000',
        RATE_MAX_AGE_SECONDS: '4',
        PROVIDER_RETRIES: '0',
        PROVIDER_TIMEOUT_MS: '500',
        PROVIDER_BREAKER_COOLDOWN_MS: '1000',
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Trading tenant');
  other = await api.newClient(admin, 'Other tenant');
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
  provider?.closeAllConnections();
  await new Promise((resolve) => provider?.close(resolve));
});

const device = { device: 'Pixel 9', ip: '203.0.113.9' };

async function newUser(token: string): Promise<string> {
  return (
    await api.post('/v1/users/individual-person', {
      token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id;
}

async function walletOf(token: string, user: string, assetId: string): Promise<string> {
  const res = await api.post(`/v1/users/${user}/wallets`, { token, body: { assetId, ...device } });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

async function fund(walletId: string, amount: string): Promise<void> {
  const income = await api.post('/v1/admin/incomes', {
    token: admin,
    body: {
      walletId,
      amount,
      blockchainTransactionId: `0xtrading${txCounter++}`,
      senderAddress: '0x000000000000000000000000000000000000bEEF',
      transactionTimestamp: '2026-11-01T10:00:00Z',
    },
  });
  await api.patch(`/v1/admin/incomes/${income.body.id}`, {
    token: admin,
    body: { status: 'confirmed' },
  });
}

function purchase(
  token: string,
  user: string,
  wallet: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return api.post(`/v1/users/${user}/wallets/${wallet}/purchases`, {
    token,
    body: { ...device, ...body },
    headers,
  });
}

async function balance(token: string, user: string, wallet: string): Promise<string> {
  return (await api.get(`/v1/users/${user}/wallets/${wallet}`, { token })).body.balance;
}

async function ledgerIsSound() {
  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  expect(check.body).toMatchObject({ ok: true, violations: [] });
}

describe('assets', () => {
  it('lists the catalog with each asset’s rate and market data, filtered and paged', async () => {
    const all = await api.get('/v1/assets', { token: tenant.token });
    expect(all.status).toBe(200);
    expect(all.body.map((a: { symbol: string }) => a.symbol)).toEqual([
      'BTC',
      'ETH',
      'EURC',
      'QUBIC',
      'USDC',
      'WBTC',
    ]);
    const eth = all.body.find((a: { id: string }) => a.id === 'eth');
    expect(eth).toMatchObject({
      name: 'Ether',
      symbol: 'ETH',
      chain: 'evm',
      decimals: 18,
      buyEnabled: true,
      sellEnabled: true,
      rate: { fiatPrice: 2501.4471029, fiatCurrency: 'EUR', type: 'coingecko', stale: false },
      marketData: { volume24h: '1234567.5', percentChange7d: '4.25', maxSupply: null },
    });
    expect(all.body.find((a: { id: string }) => a.id === 'usdc')).toMatchObject({
      decimals: 6,
      contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    });
    const byName = await api.get('/v1/assets?name=bitcoin&sort=-symbol', { token: tenant.token });
    expect(byName.body.map((a: { id: string }) => a.id)).toEqual(['wbtc', 'btc']);
    const bySymbol = await api.get('/v1/assets?symbol=usdc', { token: tenant.token });
    expect(bySymbol.body.map((a: { id: string }) => a.id)).toEqual(['usdc']);
    const page = await api.get('/v1/assets?limit=2&page=2', { token: tenant.token });
    expect(page.body.map((a: { id: string }) => a.id)).toEqual(['eurc', 'qubic']);
    expect(page.headers.get('x-total-count')).toBe('6');
  });

  it('reads one asset by id or symbol; unknown is 404, no token is 401, bad sort is 400', async () => {
    const asset = await api.get('/v1/assets/eth', { token: tenant.token });
    expect(asset.status).toBe(200);
    expect(asset.body.rate.asset).toMatchObject({ id: 'eth', symbol: 'ETH' });
    expect((await api.get('/v1/assets/WBTC', { token: tenant.token })).body.id).toBe('wbtc');
    expectProblem(await api.get('/v1/assets/doge', { token: tenant.token }), 404);
    expectProblem(await api.get('/v1/assets'), 401);
    expectProblem(await api.get('/v1/assets/eth'), 401);
    expectProblem(await api.get('/v1/assets?sort=price', { token: tenant.token }), 400);
  });

  it('tells whether an asset can be bought or sold now, and why not', async () => {
    const buy = await api.get('/v1/assets/eth/available?action=BUY', { token: tenant.token });
    expect(buy.status).toBe(200);
    expect(buy.body).toEqual({ assetId: 'eth', action: 'BUY', available: true });
    const qubic = await api.get('/v1/assets/qubic/available?action=SELL', { token: tenant.token });
    expect(qubic.body).toEqual({
      assetId: 'qubic',
      action: 'SELL',
      available: false,
      reason: 'disabled',
    });
    expectProblem(
      await api.get('/v1/assets/eth/available?action=HOLD', { token: tenant.token }),
      400,
      'validation_failed',
    );
    expectProblem(await api.get('/v1/assets/eth/available', { token: tenant.token }), 400);
    expectProblem(
      await api.get('/v1/assets/doge/available?action=BUY', { token: tenant.token }),
      404,
    );
    expectProblem(await api.get('/v1/assets/eth/available?action=BUY'), 401);
  });
});

describe('rates and market data', () => {
  it('keeps a history that interval queries return, newest first', async () => {
    // Ingestion runs every second: wait for a few snapshots of history.
    await waitFor(
      async () =>
        (await api.get('/v1/assets/eth/rates?type=coingecko', { token: tenant.token })).body
          .length >= 3,
      { timeoutMs: 15_000, what: 'three ingested ETH rates' },
    );
    const rates = await api.get('/v1/assets/eth/rates?type=coingecko&interval=1h', {
      token: tenant.token,
    });
    expect(rates.status).toBe(200);
    expect(rates.body.length).toBeGreaterThanOrEqual(3);
    for (const rate of rates.body) {
      expect(rate).toMatchObject({
        asset: { id: 'eth', symbol: 'ETH' },
        fiatPrice: 2501.4471029,
        fiatCurrency: 'EUR',
        type: 'coingecko',
      });
    }
    const times = rates.body.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // A window that ends before any rate existed is empty; 365d holds them all.
    const older = await api.get(
      `/v1/assets/eth/rates?interval=24h&createdBefore=2026-01-01T00:00:00Z`,
      { token: tenant.token },
    );
    expect(older.body).toEqual([]);
    const year = await api.get('/v1/assets/eth/rates?interval=365d&limit=1', {
      token: tenant.token,
    });
    expect(Number(year.headers.get('x-total-count'))).toBeGreaterThanOrEqual(rates.body.length);
    // The exchange quotes are stored beside the provider's prices, with their side.
    const exchange = await api.get('/v1/assets/eth/rates?type=exchange&limit=2', {
      token: tenant.token,
    });
    expect(exchange.body.map((r: { side: string }) => r.side).sort()).toEqual(['buy', 'sell']);
  });

  it('answers 400 for an interval outside 1–24h / 1–365d and for unknown enums', async () => {
    for (const interval of ['0h', '25h', '366d', '1w', 'h', '1.5h']) {
      expectProblem(
        await api.get(`/v1/assets/eth/rates?interval=${interval}`, { token: tenant.token }),
        400,
        'validation_failed',
      );
    }
    expectProblem(await api.get('/v1/assets/eth/rates?type=magic', { token: tenant.token }), 400);
    expectProblem(
      await api.get('/v1/assets/eth/rates?assetSymbol=DOGE', { token: tenant.token }),
      400,
    );
    expect(
      (await api.get('/v1/assets/eth/rates?assetSymbol=USDC', { token: tenant.token })).body,
    ).toEqual([]);
    expectProblem(await api.get('/v1/assets/eth/rates'), 401);
  });

  it('reads one rate with the asset’s current rate and market data inside it', async () => {
    const [rate] = (await api.get('/v1/assets/eth/rates?limit=1', { token: tenant.token })).body;
    const one = await api.get(`/v1/assets/eth/rates/${rate.id}`, { token: tenant.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: rate.id, fiatPrice: rate.fiatPrice });
    expect(one.body.asset).toMatchObject({
      id: 'eth',
      rate: { type: 'coingecko' },
      marketData: { asset: { id: 'eth' } },
    });
    expectProblem(await api.get(`/v1/assets/usdc/rates/${rate.id}`, { token: tenant.token }), 404);
    expectProblem(await api.get('/v1/assets/eth/rates/nope', { token: tenant.token }), 404);
    expectProblem(await api.get(`/v1/assets/eth/rates/${rate.id}`), 401);
  });

  it('quotes the exchange live: buy at the ask, sell at the bid', async () => {
    const buy = await api.get('/v1/assets/eth/rates/exchange?side=buy', { token: tenant.token });
    expect(buy.status).toBe(200);
    expect(buy.body).toEqual([
      expect.objectContaining({ fiatPrice: 2501.48, type: 'exchange', side: 'buy', stale: false }),
    ]);
    const sell = await api.get('/v1/assets/eth/rates/exchange?side=sell', { token: tenant.token });
    expect(sell.body[0]).toMatchObject({ fiatPrice: 2501.12, side: 'sell' });
    expectProblem(
      await api.get('/v1/assets/eth/rates/exchange?side=hold', { token: tenant.token }),
      400,
    );
    expectProblem(
      await api.get('/v1/assets/doge/rates/exchange?side=buy', { token: tenant.token }),
      404,
    );
    // The exchange does not list QUBIC and never did: nothing to fall back on.
    expectProblem(
      await api.get('/v1/assets/qubic/rates/exchange?side=buy', { token: tenant.token }),
      503,
      'rate_unavailable',
    );
    expectProblem(await api.get('/v1/assets/eth/rates/exchange?side=buy'), 401);
  });

  it('lists market data of one asset or all (*) in a required lastUpdated window', async () => {
    const window = `lastUpdatedAfter=2026-01-01T00:00:00Z&lastUpdatedBefore=2099-01-01T00:00:00Z`;
    const eth = await api.get(`/v1/assets/eth/market-data?${window}`, { token: tenant.token });
    expect(eth.status).toBe(200);
    expect(eth.body.length).toBeGreaterThan(0);
    expect(eth.body[0]).toMatchObject({
      asset: { id: 'eth', symbol: 'ETH' },
      volume24h: '1234567.5',
      percentChange1h: '0.12',
      percentChange24h: '-1.5',
      percentChange7d: '4.25',
      circulatingSupply: '19758421',
      totalSupply: '19758421',
      maxSupply: null,
      fiatCurrency: 'EUR',
      type: 'coingecko',
    });
    const all = await api.get(`/v1/assets/*/market-data?${window}&limit=0`, {
      token: tenant.token,
    });
    const assets = new Set(all.body.map((m: { asset: { id: string } }) => m.asset.id));
    expect([...assets].sort()).toEqual(['btc', 'eth', 'eurc', 'usdc', 'wbtc']);
    const btcOnly = await api.get(`/v1/assets/*/market-data?${window}&assetSymbol=BTC`, {
      token: tenant.token,
    });
    expect(new Set(btcOnly.body.map((m: { asset: { id: string } }) => m.asset.id))).toEqual(
      new Set(['btc']),
    );
    const none = await api.get(
      '/v1/assets/eth/market-data?lastUpdatedAfter=2020-01-01&lastUpdatedBefore=2020-01-02',
      { token: tenant.token },
    );
    expect(none.body).toEqual([]);

    const one = await api.get(`/v1/assets/eth/market-data/${eth.body[0].id}`, {
      token: tenant.token,
    });
    expect(one.body).toEqual(eth.body[0]);
    expectProblem(
      await api.get(`/v1/assets/btc/market-data/${eth.body[0].id}`, { token: tenant.token }),
      404,
    );
    expectProblem(await api.get(`/v1/assets/eth/market-data/${eth.body[0].id}`), 401);
  });

  it('requires both lastUpdated bounds, as dates', async () => {
    const token = tenant.token;
    expectProblem(await api.get('/v1/assets/eth/market-data', { token }), 400, 'validation_failed');
    expectProblem(
      await api.get('/v1/assets/eth/market-data?lastUpdatedAfter=2026-01-01', { token }),
      400,
    );
    expectProblem(
      await api.get(
        '/v1/assets/eth/market-data?lastUpdatedAfter=yesterday&lastUpdatedBefore=2026-01-01',
        { token },
      ),
      400,
    );
    expectProblem(
      await api.get(
        '/v1/assets/doge/market-data?lastUpdatedAfter=2026-01-01&lastUpdatedBefore=2026-01-02',
        { token },
      ),
      404,
    );
    expectProblem(
      await api.get(
        '/v1/assets/eth/market-data?lastUpdatedAfter=2026-01-01&lastUpdatedBefore=2026-01-02',
      ),
      401,
    );
  });
});

describe('purchases', () => {
  it('buys assets of 18, 6 and 8 decimals: fee on fiat, the rest rounded down to the asset', async () => {
    const user = await newUser(tenant.token);
    const cases = [
      {
        asset: 'eth',
        amount: '100',
        fee: '1.5',
        netAmount: '98.5',
        purchased: '0.039377206851908281',
      },
      {
        asset: 'usdc',
        amount: '250.75',
        fee: '3.76125',
        netAmount: '246.98875',
        purchased: '268.412262',
      },
      { asset: 'wbtc', amount: '1000', fee: '15', netAmount: '985', purchased: '0.01698279' },
    ];
    for (const c of cases) {
      const wallet = await walletOf(tenant.token, user, c.asset);
      const created = await purchase(tenant.token, user, wallet, {
        operation: 'buy',
        amount: c.amount,
        fiatCurrency: 'EUR',
        externalReference: `buy-${c.asset}`,
      });
      expect(created.status).toBe(201);
      expect(Object.keys(created.body)).toEqual(['id']);
      const read = await api.get(
        `/v1/users/${user}/wallets/${wallet}/purchases/${created.body.id}`,
        { token: tenant.token },
      );
      expect(read.body).toMatchObject({
        id: created.body.id,
        user,
        wallet,
        status: 'approved',
        operation: 'buy',
        asset: c.asset,
        amount: c.amount,
        fee: c.fee,
        netAmount: c.netAmount,
        purchased: c.purchased,
        feeBps: 150,
        fiatCurrency: 'EUR',
        externalReference: `buy-${c.asset}`,
      });
      expect(await balance(tenant.token, user, wallet)).toBe(c.purchased);
      // The ledger's transaction names the purchase and the rate it used.
      const txs = await api.get(
        `/v1/users/${user}/wallets/${wallet}/transactions?txLog=${created.body.id}`,
        { token: tenant.token },
      );
      expect(txs.body).toEqual([
        expect.objectContaining({
          type: 'purchase',
          movement: 'in',
          movementSubtype: 'buy',
          amount: c.purchased,
          rates: expect.objectContaining({ id: read.body.rate.id }),
        }),
      ]);
    }
    await ledgerIsSound();
  });

  it('sells: proceeds = amount × price, fee on proceeds, the crypto leaves the wallet', async () => {
    const user = await newUser(tenant.token);
    const cases = [
      {
        asset: 'eth',
        funded: '1',
        amount: '0.012345678901234567',
        purchased: '30.8820627208268628554859443',
        fee: '0.4632309408124029428322891645',
        netAmount: '30.4188317800144599126536551355',
        left: '0.987654321098765433',
      },
      {
        asset: 'usdc',
        funded: '500',
        amount: '100.123456',
        purchased: '92.1320322729408',
        fee: '1.381980484094112',
        netAmount: '90.750051788846688',
        left: '399.876544',
      },
      {
        asset: 'wbtc',
        funded: '0.01',
        amount: '0.00123456',
        purchased: '71.6043275851853376',
        fee: '1.074064913777780064',
        netAmount: '70.530262671407557536',
        left: '0.00876544',
      },
    ];
    for (const c of cases) {
      const wallet = await walletOf(tenant.token, user, c.asset);
      await fund(wallet, c.funded);
      const created = await purchase(tenant.token, user, wallet, {
        operation: 'sell',
        amount: c.amount,
      });
      expect(created.status).toBe(201);
      const read = await api.get(
        `/v1/users/${user}/wallets/${wallet}/purchases/${created.body.id}`,
        { token: tenant.token },
      );
      expect(read.body).toMatchObject({
        status: 'approved',
        operation: 'sell',
        amount: c.amount,
        purchased: c.purchased,
        fee: c.fee,
        netAmount: c.netAmount,
      });
      expect(await balance(tenant.token, user, wallet)).toBe(c.left);
      const txs = await api.get(
        `/v1/users/${user}/wallets/${wallet}/transactions?txLog=${created.body.id}`,
        { token: tenant.token },
      );
      expect(txs.body).toEqual([
        expect.objectContaining({ type: 'sale', movement: 'out', movementSubtype: 'sell' }),
      ]);
    }
    await ledgerIsSound();
  });

  it('refuses bad input with 400 and moves nothing', async () => {
    const user = await newUser(tenant.token);
    const wallet = await walletOf(tenant.token, user, 'usdc');
    await fund(wallet, '10');
    const bad: [Record<string, unknown>, string][] = [
      [{ operation: 'hold', amount: '1' }, 'validation_failed'],
      [{ operation: 'buy', amount: '-1' }, 'validation_failed'],
      [{ operation: 'buy', amount: '1e3' }, 'validation_failed'],
      [{ operation: 'buy', amount: '10.001' }, 'validation_failed'],
      [{ operation: 'buy', amount: '10', fiatCurrency: 'USD' }, 'validation_failed'],
      [{ operation: 'buy', amount: '10', extra: true }, 'validation_failed'],
      [{ operation: 'sell', amount: '0.0000001' }, 'validation_failed'],
      [{ operation: 'sell', amount: '10.000001' }, 'insufficient_balance'],
      [{ operation: 'buy', amount: '0.01', device: undefined }, 'validation_failed'],
    ];
    for (const [body, code] of bad) {
      expectProblem(await purchase(tenant.token, user, wallet, body), 400, code);
    }
    expect(await balance(tenant.token, user, wallet)).toBe('10');
    const list = await api.get(`/v1/users/${user}/wallets/${wallet}/purchases`, {
      token: tenant.token,
    });
    expect(list.body).toEqual([]);
  });

  it('refuses a disabled asset (400), a blocked user (403), other tenants (404), no token (401)', async () => {
    const user = await newUser(tenant.token);
    const qubic = await walletOf(tenant.token, user, 'qubic');
    expectProblem(
      await purchase(tenant.token, user, qubic, { operation: 'buy', amount: '10' }),
      400,
      'asset_disabled',
    );
    const eth = await walletOf(tenant.token, user, 'eth');
    expectProblem(await purchase(other.token, user, eth, { operation: 'buy', amount: '10' }), 404);
    expectProblem(
      await purchase(tenant.token, user, '0190a0a0-0000-7000-8000-000000000000', {
        operation: 'buy',
        amount: '10',
      }),
      404,
    );
    const bound = (
      await api.login(tenant.email, tenant.password, { userId: await newUser(tenant.token) })
    ).access_token;
    expectProblem(await purchase(bound, user, eth, { operation: 'buy', amount: '10' }), 403);
    expectProblem(
      await api.post(`/v1/users/${user}/wallets/${eth}/purchases`, {
        body: { ...device, operation: 'buy', amount: '10' },
      }),
      401,
    );
    await api.patch(`/v1/users/${user}/individual-person`, {
      token: tenant.token,
      body: { status: 'blocked' },
    });
    expectProblem(
      await purchase(tenant.token, user, eth, { operation: 'buy', amount: '10' }),
      403,
      'user_blocked',
    );
    expect(await balance(tenant.token, user, eth)).toBe('0');
  });

  it('never settles a purchase after the block of its user was answered', async () => {
    const user = await newUser(tenant.token);
    const wallet = await walletOf(tenant.token, user, 'eth');
    const settled = () =>
      withDatabase(stack.databaseUrl, async (db) => {
        const { rows } = await db.query(
          'SELECT balance::text AS balance FROM ledger.accounts WHERE wallet_id = $1',
          [wallet],
        );
        return (rows[0] as { balance: string }).balance !== '0';
      });
    // The settlement passes the checks, then waits for the wallet's account; the block waits
    // for the settlement that read the user unblocked. (The purchase's own answer comes after
    // trading records it, so the answers' order proves nothing.)
    const race = await raceBlock(stack.databaseUrl, wallet, {
      command: () => purchase(tenant.token, user, wallet, { operation: 'buy', amount: '10' }),
      block: () =>
        api.patch(`/v1/users/${user}/individual-person`, {
          token: tenant.token,
          body: { status: 'blocked' },
        }),
      committed: settled,
    });
    expect(race.blockAnsweredWhileHeld).toBe(false);
    expect(race.command.status).toBe(201);
    expect(race.block.status).toBe(200);
    expect(race.committedWhenBlockAnswered).toBe(true);
    expectProblem(
      await purchase(tenant.token, user, wallet, { operation: 'buy', amount: '10' }),
      403,
      'user_blocked',
    );
  });

  it('replays a retried purchase (same Idempotency-Key) instead of buying twice', async () => {
    const user = await newUser(tenant.token);
    const wallet = await walletOf(tenant.token, user, 'eth');
    const key = { 'idempotency-key': `buy-${user}` };
    const body = { operation: 'buy', amount: '100' };
    const [a, b] = await Promise.all([
      purchase(tenant.token, user, wallet, body, key),
      purchase(tenant.token, user, wallet, body, key),
    ]);
    const c = await purchase(tenant.token, user, wallet, body, key);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);
    expect(await balance(tenant.token, user, wallet)).toBe('0.039377206851908281');
    expectProblem(
      await purchase(tenant.token, user, wallet, { operation: 'buy', amount: '99' }, key),
      409,
      'idempotency_conflict',
    );
  });

  it('never lets a buy make the house owe more than the treasury limit an admin set', async () => {
    const user = await newUser(tenant.token);
    const wallet = await walletOf(tenant.token, user, 'eth');
    const treasury = async () =>
      (
        (await api.get('/v1/admin/treasury', { token: admin })).body as {
          assetId: string;
          balance: string;
          maxShort: string | null;
        }[]
      ).find((t) => t.assetId === 'eth')!;
    const before = await treasury();
    expect(before.maxShort).toBeNull();
    // Room for one buy of 100 (0.039377206851908281 ETH), not two.
    const maxShort = add(before.balance.startsWith('-') ? before.balance.slice(1) : '0', '0.05');
    const set = await api.put('/v1/admin/treasury/eth', { token: admin, body: { maxShort } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ assetId: 'eth', maxShort });
    expect(
      (await purchase(tenant.token, user, wallet, { operation: 'buy', amount: '100' })).status,
    ).toBe(201);
    const refused = await purchase(tenant.token, user, wallet, { operation: 'buy', amount: '100' });
    expectProblem(refused, 409, 'treasury_insufficient');
    // Nothing booked: the wallet has the first buy only, the treasury moved once, the books hold.
    expect(await balance(tenant.token, user, wallet)).toBe('0.039377206851908281');
    expect((await treasury()).balance).toBe(sub(before.balance, '0.039377206851908281'));
    await ledgerIsSound();
    // A sale still settles (it pays the house back), and lifting the bound lets buys through.
    expect(
      (await purchase(tenant.token, user, wallet, { operation: 'sell', amount: '0.01' })).status,
    ).toBe(201);
    expect(
      (await api.put('/v1/admin/treasury/eth', { token: admin, body: { maxShort: null } })).body
        .maxShort,
    ).toBeNull();
    expect(
      (await purchase(tenant.token, user, wallet, { operation: 'buy', amount: '100' })).status,
    ).toBe(201);
  });

  it('answers the treasury routes with their errors', async () => {
    expectProblem(await api.get('/v1/admin/treasury', { token: tenant.token }), 403);
    expectProblem(await api.get('/v1/admin/treasury'), 401);
    expectProblem(
      await api.put('/v1/admin/treasury/eth', { token: tenant.token, body: { maxShort: '1' } }),
      403,
    );
    expectProblem(
      await api.put('/v1/admin/treasury/nocoin', { token: admin, body: { maxShort: '1' } }),
      404,
      'not_found',
    );
    expectProblem(
      await api.put('/v1/admin/treasury/eth', { token: admin, body: { maxShort: '-1' } }),
      400,
      'validation_failed',
    );
    expectProblem(
      await api.put('/v1/admin/treasury/usdc', {
        token: admin,
        body: { maxShort: '1.0000001' },
      }),
      400,
      'validation_failed',
    );
    expect((await api.get('/v1/admin/treasury', { token: admin })).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ assetId: 'usdc', maxShort: null })]),
    );
  });

  it('lists purchases with filters and paging; * is for admins only', async () => {
    const user = await newUser(tenant.token);
    const wallet = await walletOf(tenant.token, user, 'usdc');
    for (const amount of ['10', '20', '30']) {
      expect(
        (
          await purchase(tenant.token, user, wallet, {
            operation: 'buy',
            amount,
            externalReference: `r${amount}`,
          })
        ).status,
      ).toBe(201);
    }
    const path = `/v1/users/${user}/wallets/${wallet}/purchases`;
    const all = await api.get(`${path}?sort=amount`, { token: tenant.token });
    expect(all.body.map((p: { amount: string }) => p.amount)).toEqual(['10', '20', '30']);
    const page = await api.get(`${path}?limit=1&page=2&sort=-amount`, { token: tenant.token });
    expect(page.body.map((p: { amount: string }) => p.amount)).toEqual(['20']);
    expect(page.headers.get('x-total-count')).toBe('3');
    const ref = await api.get(`${path}?externalReference=r30`, { token: tenant.token });
    expect(ref.body.map((p: { amount: string }) => p.amount)).toEqual(['30']);
    expect((await api.get(`${path}?assetId=eth`, { token: tenant.token })).body).toEqual([]);
    expect(
      (await api.get(`${path}?createdBefore=2026-01-01`, { token: tenant.token })).body,
    ).toEqual([]);
    expectProblem(await api.get(`${path}?sort=fee`, { token: tenant.token }), 400);
    expectProblem(await api.get(`/v1/users/*/wallets/*/purchases`, { token: tenant.token }), 403);
    expectProblem(await api.get(path, { token: other.token }), 404);
    expectProblem(await api.get(path), 401);
    const everyone = await api.get(
      `/v1/users/*/wallets/*/purchases?externalReference=r20&limit=0`,
      {
        token: admin,
      },
    );
    expect(everyone.body.map((p: { wallet: string }) => p.wallet)).toContain(wallet);
    expectProblem(await api.get(`${path}/${all.body[0].id}`, { token: other.token }), 404);
    expectProblem(await api.get(`${path}/nope`, { token: tenant.token }), 404);
    expectProblem(await api.get(`${path}/${all.body[0].id}`), 401);
  });

  it('publishes purchase.is-created with the purchase record once it settles', async () => {
    const tap = await tapEvents(stack.namespace, 'purchase.*');
    try {
      const user = await newUser(tenant.token);
      const wallet = await walletOf(tenant.token, user, 'eurc');
      const created = await purchase(tenant.token, user, wallet, {
        operation: 'buy',
        amount: '50',
      });
      await waitFor(() => tap.events.some((e) => e.data['id'] === created.body.id), {
        what: 'purchase.is-created',
      });
      const event = tap.events.find((e) => e.data['id'] === created.body.id);
      expect(event).toMatchObject({
        name: 'purchase.is-created',
        data: { status: 'approved', operation: 'buy', purchased: '49.25', asset: 'eurc' },
      });
    } finally {
      await tap.close();
    }
  });
});

describe('a provider outage', () => {
  it('keeps the last rates readable, marks them stale and refuses purchases with 503', async () => {
    const user = await newUser(tenant.token);
    const wallet = await walletOf(tenant.token, user, 'eth');
    providerUp = false;
    try {
      await waitFor(
        async () =>
          (await api.get('/v1/assets/eth/available?action=BUY', { token: tenant.token })).body
            .reason === 'rate_unavailable',
        { timeoutMs: 20_000, what: 'the ETH rate to turn stale' },
      );
      expectProblem(
        await purchase(tenant.token, user, wallet, { operation: 'buy', amount: '100' }),
        503,
        'rate_unavailable',
      );
      const asset = await api.get('/v1/assets/eth', { token: tenant.token });
      expect(asset.status).toBe(200);
      expect(asset.body.rate).toMatchObject({ fiatPrice: 2501.4471029, stale: true });
      expect((await api.get('/v1/assets/eth/rates', { token: tenant.token })).status).toBe(200);
      // The exchange is down too: the last stored quote answers, marked stale once it is older
      // than the maximum age. An earlier test may have stored one after the last ingestion, so
      // it can turn stale a little after the asset's rate did.
      const exchangeQuote = () =>
        api.get('/v1/assets/eth/rates/exchange?side=buy', { token: tenant.token });
      await waitFor(async () => (await exchangeQuote()).body[0]?.stale === true, {
        timeoutMs: 20_000,
        what: 'the stored exchange quote to turn stale',
      });
      const quote = await exchangeQuote();
      expect(quote.status).toBe(200);
      expect(quote.body[0]).toMatchObject({ fiatPrice: 2501.48, stale: true });
      expect(await balance(tenant.token, user, wallet)).toBe('0');
    } finally {
      providerUp = true;
    }
    // Back up: the next ingestion makes purchases possible again.
    await waitFor(
      async () =>
        (await api.get('/v1/assets/eth/available?action=BUY', { token: tenant.token })).body
          .available === true,
      { timeoutMs: 20_000, what: 'fresh rates after the outage' },
    );
    expect(
      (await purchase(tenant.token, user, wallet, { operation: 'buy', amount: '100' })).status,
    ).toBe(201);
  });
});
