import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { tapEvents } from './events-tap';
import { type Stack, startStack } from './stack';

// A purchase spans two services: trading records it, wallet-ledger moves the crypto. Each side is
// killed at the worst moment (failpoints); the client retries with its Idempotency-Key, as a
// production client does after a 5xx, and the purchase settles exactly once.
let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let tap: Awaited<ReturnType<typeof tapEvents>>;

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing'],
    env: {
      gateway: { RPC_TIMEOUT_MS: '4000' },
      trading: {
        FAILPOINTS: 'trading.purchase.after-pending',
        RPC_TIMEOUT_MS: '2000',
        PURCHASE_RECOVERY_INTERVAL_MS: '300',
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Crash trader');
  tap = await tapEvents(stack.namespace, 'purchase.*');
}, 120_000);

afterAll(async () => {
  await tap?.close();
  await stack?.cleanup();
});

const device = { device: 'Pixel 9', ip: '203.0.113.9' };

async function ethWallet(): Promise<{ user: string; wallet: string }> {
  const user = (
    await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id;
  const wallet = (
    await api.post(`/v1/users/${user}/wallets`, {
      token: tenant.token,
      body: { assetId: 'eth', ...device },
    })
  ).body.id;
  return { user, wallet };
}

function buy(party: { user: string; wallet: string }, key: string) {
  return api.post(`/v1/users/${party.user}/wallets/${party.wallet}/purchases`, {
    token: tenant.token,
    body: { operation: 'buy', amount: '100', ...device },
    headers: { 'idempotency-key': key },
  });
}

/** 100 EUR at the fixed provider's 2500.5, less 1.5 %: 98.5 / 2500.5 rounded down to 18 places. */
const PURCHASED = '0.039392121575684863';

async function settledExactlyOnce(party: { user: string; wallet: string }, purchaseId: string) {
  const wallet = await api.get(`/v1/users/${party.user}/wallets/${party.wallet}`, {
    token: tenant.token,
  });
  expect(wallet.body.balance).toBe(PURCHASED);
  const txs = await api.get(
    `/v1/users/${party.user}/wallets/${party.wallet}/transactions?txLog=${purchaseId}`,
    { token: tenant.token },
  );
  expect(txs.body).toHaveLength(1);
  const purchases = await api.get(`/v1/users/${party.user}/wallets/${party.wallet}/purchases`, {
    token: tenant.token,
  });
  expect(purchases.body).toEqual([
    expect.objectContaining({ id: purchaseId, status: 'approved', purchased: PURCHASED }),
  ]);
  await waitFor(() => tap.events.some((e) => e.data['id'] === purchaseId), {
    what: 'purchase.is-created',
  });
  expect(tap.events.filter((e) => e.data['id'] === purchaseId)).toHaveLength(1);
  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  expect(check.body).toMatchObject({ ok: true, violations: [] });
}

it('uses the fixed provider by default, so a stack without internet has rates', async () => {
  const eth = await api.get('/v1/assets/eth', { token: tenant.token });
  expect(eth.body.rate).toMatchObject({ type: 'fixed', fiatPrice: 2500.5, stale: false });
});

it('finishes a purchase whose trading process died before settling it', async () => {
  const party = await ethWallet();
  const key = `crash-trading-${party.user}`;
  // trading writes the pending purchase, then dies: the client sees a 5xx.
  const first = await buy(party, key);
  expect(first.status).toBeGreaterThanOrEqual(500);
  await stack.exited('trading');
  await stack.restart('trading', 'SIGKILL', { FAILPOINTS: '' });

  // The recovery loop settles it without any client action …
  await waitFor(
    async () =>
      (
        await api.get(`/v1/users/${party.user}/wallets/${party.wallet}/purchases`, {
          token: tenant.token,
        })
      ).body[0]?.status === 'approved',
    { timeoutMs: 15_000, what: 'the pending purchase to be settled by recovery' },
  );
  // … and the client's retry gets the same purchase, not a second one.
  const retry = await buy(party, key);
  expect(retry.status).toBe(201);
  await settledExactlyOnce(party, retry.body.id);
});

it('settles once when wallet-ledger dies after committing, before trading heard back', async () => {
  await stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: 'ledger.purchase.after-settle' });
  const party = await ethWallet();
  const key = `crash-ledger-${party.user}`;
  const first = await buy(party, key);
  expect(first.status).toBeGreaterThanOrEqual(500);
  await stack.exited('wallet-ledger');
  await stack.restart('wallet-ledger', 'SIGKILL', { FAILPOINTS: '' });

  const retry = await buy(party, key);
  expect(retry.status).toBe(201);
  await settledExactlyOnce(party, retry.body.id);
  // A different body under the same key is still a conflict, not a new purchase.
  expectProblem(
    await api.post(`/v1/users/${party.user}/wallets/${party.wallet}/purchases`, {
      token: tenant.token,
      body: { operation: 'buy', amount: '5', ...device },
      headers: { 'idempotency-key': key },
    }),
    409,
    'idempotency_conflict',
  );
});
