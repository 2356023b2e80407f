import { parseEther } from 'ethers';
import type pg from 'pg';
import { sub } from '@custody/money';
import {
  adapterRunning,
  balanceOf,
  type ChainWorld,
  type CustodyWallet,
  mineUntil as mineUntilIn,
  newWallet,
  startChainWorld,
  stopChainWorld,
  withdrawalBody,
} from './chain-world';

// Withdrawals survive a crash of wallet-ledger between any two of their steps (nonce reserved,
// signed, stored, broadcast; a gas top-up's nonce reserved): after the restart each is sent once,
// with the nonce it had, and the stored next nonce of every address equals the chain's count.
let world: ChainWorld;
let db: pg.Client;

beforeAll(async () => {
  world = await startChainWorld({ tenantName: 'Crash-safe withdrawals', gasStationEth: '5' });
  db = world.db;
}, 180_000);

afterAll(() => stopChainWorld(world));

const balance = (w: CustodyWallet) => balanceOf(world, w);
const mineUntil = (check: () => Promise<boolean>, what: string) => mineUntilIn(world, check, what);

/** A wallet of the asset with 1 ETH or 100 USDC deposited on chain and credited. */
async function fundedWallet(assetId: 'eth' | 'usdc'): Promise<CustodyWallet> {
  const w = await newWallet(world, assetId);
  const sent =
    assetId === 'eth'
      ? await world.chain.funder.sendTransaction({ to: w.address, value: parseEther('1') })
      : await world.chain.tokenAs(world.chain.funder).getFunction('transfer')(
          w.address,
          100_000_000n,
        );
  await sent.wait();
  await mineUntil(async () => (await balance(w)) !== '0', 'the deposit to be credited');
  return w;
}

/** The stored next nonce of an address and its count on chain (all mined). */
async function nonces(address: string) {
  const { rows } = await db.query<{ next: string }>(
    'SELECT next_nonce AS next FROM ledger.chain_nonces WHERE address = $1',
    [address],
  );
  return {
    stored: Number(rows[0]?.next),
    chain: await world.chain.provider.getTransactionCount(address, 'latest'),
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
    const gasStation = (await world.api.get('/v1/admin/chain', { token: world.admin })).body
      .gasStation.address as string;
    const stationBefore = await world.chain.provider.getTransactionCount(gasStation, 'latest');
    await world.stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: failpoint });
    await adapterRunning(world);
    const created = await world.api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
      token: world.tenant.token,
      body: withdrawalBody(assetId, assetId === 'eth' ? '0.1' : '10'),
    });
    expect(created.status).toBe(201);
    // The failpoint kills the process (SIGKILL) at that step.
    expect((await world.stack.exited('wallet-ledger')).signal).toBe('SIGKILL');
    await world.stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: '' });
    await adapterRunning(world);
    const path = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`;
    await mineUntil(
      async () =>
        (await world.api.get(path, { token: world.tenant.token })).body.status === 'confirmed',
      'the withdrawal to be confirmed',
    );
    expect(await nonces(w.address)).toEqual({ stored: 1, chain: 1 });
    if (assetId === 'usdc') {
      const station = await nonces(gasStation);
      expect(station.stored).toBe(station.chain);
      expect(station.chain).toBe(stationBefore + 1);
    }
    // Debited once: the amount, and (native coin) the fee of the one transaction mined.
    const { fee } = (await world.api.get(path, { token: world.tenant.token })).body as {
      fee: string;
    };
    expect(await balance(w)).toBe(assetId === 'eth' ? sub('0.9', fee) : '90');
    const check = await world.api.get('/v1/admin/ledger/check', { token: world.admin });
    expect(check.body).toMatchObject({ ok: true, violations: [] });
  },
  120_000,
);

it('gives 50 concurrent withdrawals from one address contiguous nonces', async () => {
  const w = await fundedWallet('eth');
  const created = await Promise.all(
    Array.from({ length: 50 }, () =>
      world.api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
        token: world.tenant.token,
        body: withdrawalBody('eth', '0.001'),
      }),
    ),
  );
  expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
  const read = (id: string) =>
    world.api.get(`/v1/users/${w.user}/wallets/${w.id}/withdrawals/${id}`, {
      token: world.tenant.token,
    });
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
    hashes.map(async (hash) => (await world.chain.provider.getTransaction(hash))!.nonce),
  );
  expect([...used].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  expect(await nonces(w.address)).toEqual({ stored: 50, chain: 50 });
}, 180_000);
