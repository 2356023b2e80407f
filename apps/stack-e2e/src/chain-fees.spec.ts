import { parseEther, Wallet } from 'ethers';
import { sub } from '@custody/money';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { type LocalChain, startLocalChain } from './local-chain';
import { type Stack, startStack } from './stack';

// Stuck withdrawals on anvil with automine off: sped up at their nonce (by the adapter after
// EVM_SPEED_UP_AFTER_MS, or by an admin) and mined once with the fee booked once; cancelled by a
// zero-value replacement, leaving the funds in the wallet.
const CONFIRMATIONS = 2;
let chain: LocalChain;
let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;

beforeAll(async () => {
  chain = await startLocalChain();
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'],
    env: {
      signing: { SIGNING_MASTER_MNEMONIC: Wallet.createRandom().mnemonic!.phrase },
      'wallet-ledger': {
        EVM_RPC_URL: chain.url,
        EVM_CHAIN_ID: String(chain.chainId),
        EVM_CONFIRMATIONS: String(CONFIRMATIONS),
        EVM_REORG_DEPTH: '4',
        EVM_POLL_INTERVAL_MS: '200',
        EVM_TOKENS: `usdc=${chain.token}`,
        EVM_SPEED_UP_AFTER_MS: '3000',
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Fees tenant');
  await waitFor(
    async () => (await api.get('/v1/admin/chain', { token: admin })).body.mode === 'evm',
    { timeoutMs: 30_000, what: 'the EVM adapter to run' },
  );
}, 180_000);

afterAll(async () => {
  await stack?.cleanup();
  await chain?.stop();
});

type W = { user: string; id: string; address: string };

async function fundedEthWallet(): Promise<W> {
  await chain.setAutomine(true);
  const user = (
    await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id;
  const id = (
    await api.post(`/v1/users/${user}/wallets`, {
      token: tenant.token,
      body: { assetId: 'eth', device: 'Pixel 9', ip: '203.0.113.9' },
    })
  ).body.id;
  const address = (await api.get(`/v1/users/${user}/wallets/${id}`, { token: tenant.token })).body
    .address as string;
  await (await chain.funder.sendTransaction({ to: address, value: parseEther('1') })).wait();
  const w = { user, id, address };
  await mineUntil(async () => (await balance(w)) === '1', 'the deposit to be credited');
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

interface Attempt {
  hash: string;
  kind: string;
  nonce: number;
  maxFeePerGas: string;
  status: string;
}

/** A withdrawal of 0.1 ETH sent with automine off: broadcast, not mined. */
async function stuckWithdrawal(w: W) {
  await chain.setAutomine(false);
  const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
    token: tenant.token,
    body: {
      assetId: 'eth',
      receiverAddress: Wallet.createRandom().address,
      amount: '0.1',
      device: 'Pixel 9',
      ip: '203.0.113.9',
    },
  });
  expect(created.status).toBe(201);
  const path = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`;
  const read = async () =>
    (await api.get(path, { token: tenant.token })).body as {
      status: string;
      fee: string;
      blockchainTransactionId: string;
      attempts?: Attempt[];
    };
  await waitFor(async () => (await read()).status === 'broadcast', { what: 'the broadcast' });
  return { id: created.body.id as string, read };
}

it('speeds up a withdrawal stuck under a raised base fee and books the fee of the one mined', async () => {
  const w = await fundedEthWallet();
  const { read } = await stuckWithdrawal(w);
  const [first] = (await read()).attempts ?? [];
  expect(first).toMatchObject({ kind: 'send', nonce: 0, status: 'sent' });
  // The next block's base fee above what the transaction pays at most: it is not mined.
  await chain.provider.send('anvil_setNextBlockBaseFeePerGas', [
    `0x${(BigInt(first!.maxFeePerGas) + 1n).toString(16)}`,
  ]);
  await chain.mine(1);
  expect(await chain.provider.getTransactionReceipt(first!.hash)).toBeNull();
  // The adapter replaces it after EVM_SPEED_UP_AFTER_MS, 12.5 % higher at least.
  await waitFor(async () => ((await read()).attempts ?? []).length >= 2, {
    timeoutMs: 30_000,
    what: 'the automatic speed-up',
  });
  await chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'confirmed', 'the sped-up withdrawal');
  const done = await read();
  const attempts = done.attempts ?? [];
  const mined = attempts.filter((a) => a.status === 'mined');
  expect(mined).toHaveLength(1);
  expect(mined[0]).toMatchObject({ kind: 'speed-up', nonce: 0 });
  expect(BigInt(mined[0]!.maxFeePerGas)).toBeGreaterThanOrEqual(
    (BigInt(first!.maxFeePerGas) * 9n + 7n) / 8n,
  );
  expect(attempts.filter((a) => a.status === 'replaced').map((a) => a.hash)).toContain(first!.hash);
  expect(done.blockchainTransactionId).toBe(mined[0]!.hash);
  // Mined once at its nonce, its fee booked once: the balance is exactly what is left on chain.
  expect(await chain.provider.getTransactionCount(w.address, 'latest')).toBe(1);
  const receipt = await chain.provider.getTransactionReceipt(mined[0]!.hash);
  expect(parseEther(done.fee)).toBe(receipt!.fee);
  const onChain = await chain.provider.getBalance(w.address);
  expect(parseEther(await balance(w))).toBe(onChain);
  expect(await balance(w)).toBe(sub('0.9', done.fee));
});

it('cancels a stuck withdrawal by an admin: the funds stay in the wallet, less the fee', async () => {
  const w = await fundedEthWallet();
  const { id, read } = await stuckWithdrawal(w);
  const cancelled = await api.post(`/v1/admin/withdrawals/${id}/cancel`, { token: admin });
  expect(cancelled.status).toBe(200);
  expect((cancelled.body.attempts as Attempt[]).map((a) => a.kind)).toEqual(['send', 'cancel']);
  await chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'failed', 'the cancel to be mined');
  const done = await read();
  expect(done.attempts?.map((a) => [a.kind, a.status])).toEqual([
    ['send', 'replaced'],
    ['cancel', 'mined'],
  ]);
  // The 0.1 never left: the wallet paid only the cancel's fee, and the chain agrees.
  expect(await balance(w)).toBe(sub('1', done.fee));
  expect(parseEther(await balance(w))).toBe(await chain.provider.getBalance(w.address));
  expect(
    (await api.get(`/v1/users/${w.user}/wallets/${w.id}`, { token: tenant.token })).body
      .availableBalance,
  ).toBe(await balance(w));
});

it('answers the admin speed-up and cancel with their errors', async () => {
  const w = await fundedEthWallet();
  const { id, read } = await stuckWithdrawal(w);
  const sped = await api.post(`/v1/admin/withdrawals/${id}/speed-up`, { token: admin });
  expect(sped.status).toBe(200);
  expect((sped.body.attempts as Attempt[]).map((a) => a.kind)).toEqual(['send', 'speed-up']);
  expectProblem(await api.post(`/v1/admin/withdrawals/${id}/speed-up`), 401);
  expectProblem(
    await api.post(`/v1/admin/withdrawals/${id}/speed-up`, { token: tenant.token }),
    403,
  );
  expectProblem(
    await api.post(`/v1/admin/withdrawals/01900000-0000-7000-8000-000000000000/cancel`, {
      token: admin,
    }),
    404,
  );
  await chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'confirmed', 'the withdrawal');
  const late = await api.post(`/v1/admin/withdrawals/${id}/cancel`, { token: admin });
  expectProblem(late, 409);
  expect(late.body.code).toBe('withdrawal_not_replaceable');
});
