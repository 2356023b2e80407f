import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatEther, parseEther, parseUnits, toQuantity, Wallet } from 'ethers';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { launchBrowser } from './browser';
import { type LocalChain, startLocalChain } from './local-chain';
import { BOOTSTRAP, type Stack, startStack } from './stack';

// The books against the chain (docs/decisions/reconciliation.md) on a real anvil network: after
// deposits, withdrawals and an internal transfer of ETH and USDC the reconciliation is clean;
// coin put on a custody address out of band (anvil_setBalance) is named exactly, address and
// amount, over HTTP, in the admin's event feed and on /metrics; taken away, the next run is clean.
const CONFIRMATIONS = 3;
const SCREENSHOTS = path.resolve(__dirname, '../../..', 'tmp', 'console-screenshots');
const CONSOLE_APP = { id: 'e2e-console', secret: 'e2e-console-api-client-secret' };
let chain: LocalChain;
let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;

beforeAll(async () => {
  chain = await startLocalChain();
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier'],
    env: {
      gateway: {
        CONSOLE_API_CLIENT_ID: CONSOLE_APP.id,
        CONSOLE_API_CLIENT_SECRET: CONSOLE_APP.secret,
      },
      // Not anvil's mnemonic: custody addresses hold exactly what the test sends them.
      signing: { SIGNING_MASTER_MNEMONIC: Wallet.createRandom().mnemonic!.phrase },
      'wallet-ledger': {
        EVM_RPC_URL: chain.url,
        EVM_CHAIN_ID: String(chain.chainId),
        EVM_CONFIRMATIONS: String(CONFIRMATIONS),
        EVM_REORG_DEPTH: '6',
        EVM_POLL_INTERVAL_MS: '200',
        EVM_RECONCILE_INTERVAL_MS: '300',
        EVM_TOKENS: `usdc=${chain.token}`,
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Reconciliation tenant');
  await waitFor(
    async () => (await api.get('/v1/admin/chain', { token: admin })).body.mode === 'evm',
    { timeoutMs: 30_000, what: 'the EVM adapter to start' },
  );
  const status = await api.get('/v1/admin/chain', { token: admin });
  const funding = await chain.funder.sendTransaction({
    to: status.body.gasStation.address,
    value: parseEther('10'),
  });
  await funding.wait();
}, 180_000);

afterAll(async () => {
  await stack?.cleanup();
  await chain?.stop();
});

const device = { device: 'Pixel 9', ip: '203.0.113.9' };
type W = { user: string; id: string; address: string };

async function wallet(assetId: string, user?: string): Promise<W> {
  const owner =
    user ??
    (
      await api.post('/v1/users/individual-person', {
        token: tenant.token,
        body: { generalConditions: '2026-01-01' },
      })
    ).body.id;
  const id = (
    await api.post(`/v1/users/${owner}/wallets`, {
      token: tenant.token,
      body: { assetId, ...device },
    })
  ).body.id;
  const read = await api.get(`/v1/users/${owner}/wallets/${id}`, { token: tenant.token });
  return { user: owner, id, address: read.body.address };
}

async function balance(w: W): Promise<string> {
  return (await api.get(`/v1/users/${w.user}/wallets/${w.id}`, { token: tenant.token })).body
    .balance;
}

/** Mines a block at a time until `check` holds (each block is one more confirmation). */
async function mineUntil(check: () => Promise<boolean>, what: string) {
  await waitFor(
    async () => {
      if (await check()) return true;
      await chain.mine(1);
      return false;
    },
    { timeoutMs: 60_000, intervalMs: 300, what },
  );
}

async function deposit(w: W, amount: string, token = false) {
  const sent = token
    ? await chain.tokenAs(chain.funder).getFunction('transfer')(w.address, parseUnits(amount, 6))
    : await chain.funder.sendTransaction({ to: w.address, value: parseEther(amount) });
  await sent.wait();
  await mineUntil(async () => {
    const incomes = await api.get(`/v1/users/${w.user}/wallets/${w.id}/incomes`, {
      token: tenant.token,
    });
    return (incomes.body as { blockchainTransactionId: string; status: string }[]).some(
      (i) => i.blockchainTransactionId === sent.hash && i.status === 'confirmed',
    );
  }, `the deposit to ${w.address}`);
}

async function withdraw(w: W, assetId: string, amount: string) {
  const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
    token: tenant.token,
    body: { assetId, receiverAddress: Wallet.createRandom().address, amount, ...device },
  });
  expect(created.status).toBe(201);
  await mineUntil(
    async () =>
      (
        await api.get(`/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`, {
          token: tenant.token,
        })
      ).body.status === 'confirmed',
    'the withdrawal to be confirmed',
  );
}

/**
 * The first run that read the chain at the block the adapter now counts as confirmed and the
 * books after this call: a run begun earlier reads them before what the test last saw settled
 * (clean too, with it in flight, but not the sums the test expects).
 */
async function runAtHead(status: 'clean' | 'broken') {
  const since = Date.now();
  const block = (await chain.provider.getBlockNumber()) - CONFIRMATIONS + 1;
  let last: any;
  await waitFor(
    async () => {
      last = (await api.get('/v1/admin/reconciliation', { token: admin })).body;
      return (
        last.status === status && last.blockNumber >= block && Date.parse(last.checkedAt) >= since
      );
    },
    { timeoutMs: 30_000, intervalMs: 200, what: `a ${status} run at block ${block}` },
  ).catch((error: Error) => {
    throw new Error(`${error.message}; the last run: ${JSON.stringify(last)}`);
  });
  return last;
}

async function feed(token: string, type: string) {
  const res = await api.get(`/v1/events?types=${type}&limit=100`, { token });
  expect(res.status).toBe(200);
  return res.body as { id: string; event: string; tenantId: string | null; data: any }[];
}

/** Signs in to the console as the bootstrap admin and reads its Reconciliation page. */
async function consoleShows(address: string, difference: string): Promise<boolean> {
  const app = await api.post('/v1/api-clients', {
    token: admin,
    body: {
      id: CONSOLE_APP.id,
      name: 'Operator console',
      secret: CONSOLE_APP.secret,
      audience: 'admin',
      accessTokenExpiresIn: 900,
      refreshTokenExpiresIn: 3600,
    },
  });
  expect(app.status).toBe(201);
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${stack.gatewayUrl}/console/`);
    await page.getByLabel('E-mail').fill(BOOTSTRAP.adminEmail);
    await page
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill(BOOTSTRAP.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Reconciliation' }).click();
    await page.getByRole('heading', { name: 'Reconciliation', level: 1 }).waitFor();
    await page.getByTestId('reconciliation').getByText('broken').waitFor();
    const row = page.getByRole('table', { name: /^Custody addresses/ }).getByRole('row', {
      name: new RegExp(address),
    });
    await row.waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'reconciliation-broken.png'),
      fullPage: true,
    });
    return (await row.locator(`[data-amount="${difference}"]`).count()) === 1;
  } finally {
    await browser.close();
  }
}

const eth = (wei: bigint) => formatEther(wei).replace(/\.0$/, '');

let ethA: W;
let ethB: W;
let usdcA: W;

it('answers none before the first run, and only to admins', async () => {
  for (const path of ['/v1/admin/reconciliation', '/v1/admin/reconciliation/deltas']) {
    expectProblem(await api.get(path), 401);
    expectProblem(await api.get(path, { token: tenant.token }), 403);
  }
  expectProblem(
    await api.get('/v1/admin/reconciliation/deltas?sort=difference', { token: admin }),
    400,
    'validation_failed',
  );
  const first = await api.get('/v1/admin/reconciliation', { token: admin });
  expect(first.status).toBe(200);
  expect(['none', 'clean']).toContain(first.body.status);
});

it('is clean after deposits, withdrawals and an internal transfer of ETH and USDC', async () => {
  ethA = await wallet('eth');
  ethB = await wallet('eth');
  usdcA = await wallet('usdc', ethA.user);
  await deposit(ethA, '2');
  await deposit(ethB, '1');
  await deposit(usdcA, '100', true);
  await withdraw(ethA, 'eth', '0.5');
  await withdraw(usdcA, 'usdc', '40.25');
  // An internal transfer moves no coin on chain: A's liability drops, B's grows, their
  // addresses keep what their deposits and withdrawals left there.
  const transfer = await api.post('/v1/transfers', {
    token: tenant.token,
    body: {
      requestedTransactions: [
        {
          assetId: 'eth',
          senderUserId: ethA.user,
          senderWalletId: ethA.id,
          receiverUserId: ethB.user,
          receiverWalletId: ethB.id,
          amount: '0.3',
        },
      ],
    },
  });
  expect(transfer.status).toBe(201);

  const run = await runAtHead('clean');
  expect(run.deltaCount).toBe(0);
  const onChainA = await chain.provider.getBalance(ethA.address);
  const onChainB = await chain.provider.getBalance(ethB.address);
  const station = (await api.get('/v1/admin/chain', { token: admin })).body.gasStation;
  const assets = Object.fromEntries(run.assets.map((a: { assetId: string }) => [a.assetId, a]));
  expect(assets['eth']).toMatchObject({
    addresses: 2,
    liabilities: eth(onChainA + onChainB),
    treasury: '0',
    booked: eth(onChainA + onChainB),
    inFlight: '0',
    onChain: eth(onChainA + onChainB),
    difference: '0',
  });
  // The gas station's and the gas left at the token address are the house's, not compared.
  const gasAtToken = await chain.provider.getBalance(usdcA.address);
  expect(assets['eth'].house).toBe(eth(parseEther(station.balance) + gasAtToken));
  expect(assets['usdc']).toMatchObject({
    addresses: 1,
    liabilities: '59.75',
    booked: '59.75',
    onChain: '59.75',
    difference: '0',
    house: '0',
  });
  expect(await balance(ethB)).toBe('1.3');
  const deltas = await api.get('/v1/admin/reconciliation/deltas', { token: admin });
  expect(deltas.status).toBe(200);
  expect(deltas.body).toEqual([]);
  expect(deltas.headers.get('x-total-count')).toBe('0');
});

it('names exactly the address and the amount after an out-of-band anvil_setBalance', async () => {
  const before = await chain.provider.getBalance(ethB.address);
  await chain.provider.send('anvil_setBalance', [
    ethB.address,
    toQuantity(before + parseEther('1.25')),
  ]);
  await chain.mine(CONFIRMATIONS);
  const run = await runAtHead('broken');
  expect(run.deltaCount).toBe(1);
  expect(run.assets.find((a: { assetId: string }) => a.assetId === 'eth').difference).toBe('1.25');

  const deltas = await api.get('/v1/admin/reconciliation/deltas', { token: admin });
  expect(deltas.status).toBe(200);
  expect(deltas.headers.get('x-total-count')).toBe('1');
  expect(deltas.body).toEqual([
    {
      id: expect.any(String),
      createdAt: expect.any(String),
      runId: run.id,
      assetId: 'eth',
      address: ethB.address,
      walletId: ethB.id,
      booked: '1',
      inFlight: '0',
      onChain: eth(before + parseEther('1.25')),
      difference: '1.25',
      liability: '1.3',
    },
  ]);
  const usdcOnly = await api.get('/v1/admin/reconciliation/deltas?assetId=usdc', {
    token: admin,
  });
  expect(usdcOnly.body).toEqual([]);

  // Told once to admins (tenant null): in the admin's feed, never in a tenant's.
  let told: Awaited<ReturnType<typeof feed>> = [];
  await waitFor(
    async () => {
      told = await feed(admin, 'reconciliation.is-broken');
      return told.length > 0;
    },
    { what: 'reconciliation.is-broken in the event feed' },
  );
  expect(told).toHaveLength(1);
  expect(told[0]).toMatchObject({
    event: 'reconciliation.is-broken',
    tenantId: null,
    data: {
      runId: expect.any(String),
      network: 'ethereum',
      deltaCount: 1,
      deltas: [
        expect.objectContaining({ assetId: 'eth', address: ethB.address, difference: '1.25' }),
      ],
    },
  });
  expect(await feed(tenant.token, 'reconciliation.is-broken')).toEqual([]);

  // For alerts: the last run's deltas and time on wallet-ledger's /metrics.
  const metrics = await (await fetch(`${stack.apps['wallet-ledger'].opsUrl}/metrics`)).text();
  expect(metrics).toMatch(/^reconciliation_deltas\{[^}]*network="ethereum"[^}]*\} 1$/m);
  expect(metrics).toMatch(/^reconciliation_last_run_timestamp_seconds\{[^}]*\} \d+/m);
  // And the node's head and the deposit scan's cursor, for the chain lag alerts.
  expect(metrics).toMatch(/^chain_head_block\{[^}]*network="ethereum"[^}]*\} \d+$/m);
  expect(metrics).toMatch(/^chain_scan_cursor_block\{[^}]*network="ethereum"[^}]*\} \d+$/m);

  // The console's page shows the run and names the address, for an admin in a browser.
  await expect(consoleShows(ethB.address, '1.25')).resolves.toBe(true);

  // Later runs that find the same break tell nothing new.
  await chain.mine(1);
  await runAtHead('broken');
  expect(await feed(admin, 'reconciliation.is-broken')).toHaveLength(1);
});

it('is clean again once the address holds what the books say, and says so once', async () => {
  const now = await chain.provider.getBalance(ethB.address);
  await chain.provider.send('anvil_setBalance', [
    ethB.address,
    toQuantity(now - parseEther('1.25')),
  ]);
  await chain.mine(CONFIRMATIONS);
  await runAtHead('clean');
  expect((await api.get('/v1/admin/reconciliation/deltas', { token: admin })).body).toEqual([]);
  await waitFor(async () => (await feed(admin, 'reconciliation.is-clean')).length === 1, {
    what: 'reconciliation.is-clean in the event feed',
  });
  expect((await feed(admin, 'reconciliation.is-clean'))[0]?.data).toMatchObject({
    deltaCount: 0,
    deltas: [],
  });
});
