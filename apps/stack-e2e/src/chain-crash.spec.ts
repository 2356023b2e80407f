import { parseEther, Wallet } from 'ethers';
import pg from 'pg';
import { sub } from '@custody/money';
import { waitFor } from '@custody/testing';
import { Api } from './api';
import { type LocalChain, startLocalChain } from './local-chain';
import { type Stack, startStack } from './stack';

// Withdrawals survive a crash of wallet-ledger between any two of their steps (nonce reserved,
// signed, stored, broadcast; a gas top-up's nonce reserved): after the restart each is sent once,
// with the nonce it had, and the stored next nonce of every address equals the chain's count.
const CONFIRMATIONS = 2;
let chain: LocalChain;
let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let db: pg.Client;

const chainEnv = () => ({
  EVM_RPC_URL: chain.url,
  EVM_CHAIN_ID: String(chain.chainId),
  EVM_CONFIRMATIONS: String(CONFIRMATIONS),
  EVM_REORG_DEPTH: '4',
  EVM_POLL_INTERVAL_MS: '200',
  EVM_TOKENS: `usdc=${chain.token}`,
});

beforeAll(async () => {
  chain = await startLocalChain();
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'],
    env: {
      signing: { SIGNING_MASTER_MNEMONIC: Wallet.createRandom().mnemonic!.phrase },
      'wallet-ledger': chainEnv(),
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Crash-safe withdrawals');
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  await adapterRunning();
  const status = await api.get('/v1/admin/chain', { token: admin });
  await (
    await chain.funder.sendTransaction({
      to: status.body.gasStation.address,
      value: parseEther('5'),
    })
  ).wait();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await stack?.cleanup();
  await chain?.stop();
});

async function adapterRunning() {
  await waitFor(
    async () => (await api.get('/v1/admin/chain', { token: admin })).body.mode === 'evm',
    { timeoutMs: 30_000, what: 'the EVM adapter to run' },
  );
}

type W = { user: string; id: string; address: string };

async function fundedWallet(assetId: 'eth' | 'usdc'): Promise<W> {
  const user = (
    await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id;
  const id = (
    await api.post(`/v1/users/${user}/wallets`, {
      token: tenant.token,
      body: { assetId, device: 'Pixel 9', ip: '203.0.113.9' },
    })
  ).body.id;
  const address = (await api.get(`/v1/users/${user}/wallets/${id}`, { token: tenant.token })).body
    .address as string;
  const sent =
    assetId === 'eth'
      ? await chain.funder.sendTransaction({ to: address, value: parseEther('1') })
      : await chain.tokenAs(chain.funder).getFunction('transfer')(address, 100_000_000n);
  await sent.wait();
  const w = { user, id, address };
  await mineUntil(async () => (await balance(w)) !== '0', 'the deposit to be credited');
  return w;
}

async function balance(w: W): Promise<string> {
  return (await api.get(`/v1/users/${w.user}/wallets/${w.id}`, { token: tenant.token })).body
    .balance;
}

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

/** The stored next nonce of an address and its count on chain (all mined). */
async function nonces(address: string) {
  const { rows } = await db.query<{ next: string }>(
    'SELECT next_nonce AS next FROM ledger.chain_nonces WHERE address = $1',
    [address],
  );
  return {
    stored: Number(rows[0]?.next),
    chain: await chain.provider.getTransactionCount(address, 'latest'),
  };
}

it.each([
  ['its nonce is reserved', 'chain.sender.after-nonce', 'eth'],
  ['it is signed', 'chain.sender.after-sign', 'eth'],
  ['its signed transaction is stored', 'chain.sender.after-store', 'eth'],
  ['it is broadcast', 'chain.sender.after-broadcast', 'eth'],
  ["its gas top-up's nonce is reserved", 'chain.sender.top-up-after-nonce', 'usdc'],
] as const)(
  'sends a withdrawal once when wallet-ledger is killed after %s',
  async (_step, failpoint, assetId) => {
    const w = await fundedWallet(assetId);
    const gasStation = (await api.get('/v1/admin/chain', { token: admin })).body.gasStation
      .address as string;
    const stationBefore = await chain.provider.getTransactionCount(gasStation, 'latest');
    await stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: failpoint });
    await adapterRunning();
    const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
      token: tenant.token,
      body: {
        assetId,
        receiverAddress: Wallet.createRandom().address,
        amount: assetId === 'eth' ? '0.1' : '10',
        device: 'Pixel 9',
        ip: '203.0.113.9',
      },
    });
    expect(created.status).toBe(201);
    // The failpoint kills the process (SIGKILL) at that step.
    expect((await stack.exited('wallet-ledger')).signal).toBe('SIGKILL');
    await stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: '' });
    await adapterRunning();
    const path = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`;
    await mineUntil(
      async () => (await api.get(path, { token: tenant.token })).body.status === 'confirmed',
      'the withdrawal to be confirmed',
    );
    expect(await nonces(w.address)).toEqual({ stored: 1, chain: 1 });
    if (assetId === 'usdc') {
      const station = await nonces(gasStation);
      expect(station.stored).toBe(station.chain);
      expect(station.chain).toBe(stationBefore + 1);
    }
    // Debited once: the amount, and (native coin) the fee of the one transaction mined.
    const { fee } = (await api.get(path, { token: tenant.token })).body as { fee: string };
    expect(await balance(w)).toBe(assetId === 'eth' ? sub('0.9', fee) : '90');
    const check = await api.get('/v1/admin/ledger/check', { token: admin });
    expect(check.body).toMatchObject({ ok: true, violations: [] });
  },
  120_000,
);

it('gives 50 concurrent withdrawals from one address contiguous nonces', async () => {
  const w = await fundedWallet('eth');
  const created = await Promise.all(
    Array.from({ length: 50 }, () =>
      api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
        token: tenant.token,
        body: {
          assetId: 'eth',
          receiverAddress: Wallet.createRandom().address,
          amount: '0.001',
          device: 'Pixel 9',
          ip: '203.0.113.9',
        },
      }),
    ),
  );
  expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
  const read = (id: string) =>
    api.get(`/v1/users/${w.user}/wallets/${w.id}/withdrawals/${id}`, { token: tenant.token });
  await mineUntil(
    async () =>
      (await Promise.all(created.map(async (r) => (await read(r.body.id)).body.status))).every(
        (s) => s === 'confirmed',
      ),
    'all 50 withdrawals to be confirmed',
  );
  const hashes = await Promise.all(
    created.map(async (r) => (await read(r.body.id)).body.blockchainTransactionId as string),
  );
  const used = await Promise.all(
    hashes.map(async (hash) => (await chain.provider.getTransaction(hash))!.nonce),
  );
  expect([...used].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  expect(await nonces(w.address)).toEqual({ stored: 50, chain: 50 });
}, 180_000);
