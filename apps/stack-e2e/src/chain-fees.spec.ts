import { parseEther } from 'ethers';
import { sub } from '@custody/money';
import { waitFor } from '@custody/testing';
import { expectProblem } from './api';
import {
  balanceOf,
  type ChainWorld,
  type CustodyWallet,
  mineUntil as mineUntilIn,
  newWallet,
  startChainWorld,
  stopChainWorld,
  withdrawalBody,
} from './chain-world';

// Stuck withdrawals on anvil with automine off: sped up at their nonce (by the adapter after
// EVM_SPEED_UP_AFTER_MS, or by an admin) and mined once with the fee booked once; cancelled by a
// zero-value replacement, leaving the funds in the wallet.
let world: ChainWorld;

beforeAll(async () => {
  world = await startChainWorld({
    tenantName: 'Fees tenant',
    walletLedger: { EVM_SPEED_UP_AFTER_MS: '3000' },
  });
}, 180_000);

afterAll(() => stopChainWorld(world));

const balance = (w: CustodyWallet) => balanceOf(world, w);
const mineUntil = (check: () => Promise<boolean>, what: string) => mineUntilIn(world, check, what);

async function fundedEthWallet(): Promise<CustodyWallet> {
  await world.chain.setAutomine(true);
  const w = await newWallet(world, 'eth');
  await (
    await world.chain.funder.sendTransaction({ to: w.address, value: parseEther('1') })
  ).wait();
  await mineUntil(async () => (await balance(w)) === '1', 'the deposit to be credited');
  return w;
}

interface Attempt {
  hash: string;
  kind: string;
  nonce: number;
  maxFeePerGas: string;
  status: string;
}

/** A withdrawal of 0.1 ETH sent with automine off: broadcast, not mined. */
async function stuckWithdrawal(w: CustodyWallet) {
  await world.chain.setAutomine(false);
  const created = await world.api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
    token: world.tenant.token,
    body: withdrawalBody('eth', '0.1'),
  });
  expect(created.status).toBe(201);
  const path = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`;
  const read = async () =>
    (await world.api.get(path, { token: world.tenant.token })).body as {
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
  await world.chain.provider.send('anvil_setNextBlockBaseFeePerGas', [
    `0x${(BigInt(first!.maxFeePerGas) + 1n).toString(16)}`,
  ]);
  await world.chain.mine(1);
  expect(await world.chain.provider.getTransactionReceipt(first!.hash)).toBeNull();
  // The adapter replaces it after EVM_SPEED_UP_AFTER_MS, 12.5 % higher at least.
  await waitFor(async () => ((await read()).attempts ?? []).length >= 2, {
    timeoutMs: 30_000,
    what: 'the automatic speed-up',
  });
  await world.chain.setAutomine(true);
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
  // Mined once at its nonce, its fee booked once: the balance is exactly what is left on world.chain.
  expect(await world.chain.provider.getTransactionCount(w.address, 'latest')).toBe(1);
  const receipt = await world.chain.provider.getTransactionReceipt(mined[0]!.hash);
  expect(parseEther(done.fee)).toBe(receipt!.fee);
  const onChain = await world.chain.provider.getBalance(w.address);
  expect(parseEther(await balance(w))).toBe(onChain);
  expect(await balance(w)).toBe(sub('0.9', done.fee));
});

it('cancels a stuck withdrawal by an admin: the funds stay in the wallet, less the fee', async () => {
  const w = await fundedEthWallet();
  const { id, read } = await stuckWithdrawal(w);
  const cancelled = await world.api.post(`/v1/admin/withdrawals/${id}/cancel`, {
    token: world.admin,
  });
  expect(cancelled.status).toBe(200);
  expect((cancelled.body.attempts as Attempt[]).map((a) => a.kind)).toEqual(['send', 'cancel']);
  await world.chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'failed', 'the cancel to be mined');
  const done = await read();
  expect(done.attempts?.map((a) => [a.kind, a.status])).toEqual([
    ['send', 'replaced'],
    ['cancel', 'mined'],
  ]);
  // The 0.1 never left: the wallet paid only the cancel's fee, and the chain agrees.
  expect(await balance(w)).toBe(sub('1', done.fee));
  expect(parseEther(await balance(w))).toBe(await world.chain.provider.getBalance(w.address));
  expect(
    (await world.api.get(`/v1/users/${w.user}/wallets/${w.id}`, { token: world.tenant.token })).body
      .availableBalance,
  ).toBe(await balance(w));
});

it('answers the admin speed-up and cancel with their errors', async () => {
  const w = await fundedEthWallet();
  const { id, read } = await stuckWithdrawal(w);
  const sped = await world.api.post(`/v1/admin/withdrawals/${id}/speed-up`, { token: world.admin });
  expect(sped.status).toBe(200);
  expect((sped.body.attempts as Attempt[]).map((a) => a.kind)).toEqual(['send', 'speed-up']);
  expectProblem(await world.api.post(`/v1/admin/withdrawals/${id}/speed-up`), 401);
  expectProblem(
    await world.api.post(`/v1/admin/withdrawals/${id}/speed-up`, { token: world.tenant.token }),
    403,
  );
  expectProblem(
    await world.api.post(`/v1/admin/withdrawals/01900000-0000-7000-8000-000000000000/cancel`, {
      token: world.admin,
    }),
    404,
  );
  await world.chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'confirmed', 'the withdrawal');
  const late = await world.api.post(`/v1/admin/withdrawals/${id}/cancel`, { token: world.admin });
  expectProblem(late, 409);
  expect(late.body.code).toBe('withdrawal_not_replaceable');
});
