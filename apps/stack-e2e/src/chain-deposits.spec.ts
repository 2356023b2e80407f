import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ContractFactory, parseEther, parseUnits, Transaction, Wallet } from 'ethers';
import { waitFor } from '@custody/testing';
import type { Api } from './api';
import {
  balanceOf,
  type ChainWorld,
  type CustodyWallet,
  incomesOf,
  mineUntil as mineUntilIn,
  newWallet,
  startChainWorld,
  stopChainWorld,
} from './chain-world';
import type { LocalChain } from './local-chain';

// Deposits exactly once on a real anvil network, through what reorgs do to blocks: each chain
// event (a transaction, its log's position in the receipt) is credited once, whatever block it
// lands in, and a deposit that appears only in a replacement block below the scan is found.
const CONFIRMATIONS = 3;
const REORG_DEPTH = 6;
let world: ChainWorld;
let chain: LocalChain;
let api: Api;
let admin: string;
let proxy: Server;
/** The node's answers the proxy replaces with `null`: method → how many more times. */
const nulls = new Map<string, number>();
/** A second node (a proxy too): it lies about block hashes, or serves another chain, when told. */
let liar: Server;
const lies = { blockHashes: false, otherChain: false };

/**
 * A JSON-RPC proxy in front of the node that answers `null` to the methods in `nulls` as often
 * as they say (a lagging or failing node); everything else passes through.
 */
async function startProxy(target: string): Promise<string> {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as
        { id: unknown; method: string } | { id: unknown; method: string }[];
      const one = (call: { id: unknown; method: string }) => (nulls.get(call.method) ?? 0) > 0;
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      if (calls.some(one)) {
        const answers = await Promise.all(
          calls.map(async (call) => {
            if (one(call)) {
              nulls.set(call.method, (nulls.get(call.method) ?? 1) - 1);
              return { jsonrpc: '2.0', id: call.id, result: null };
            }
            const upstream = await fetch(target, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(call),
            });
            return upstream.json();
          }),
        );
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
        return;
      }
      const upstream = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      res.setHeader('content-type', 'application/json');
      res.end(await upstream.text());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

/**
 * The second node: passes everything through, but while `lies.blockHashes` names another hash
 * for every block, and while `lies.otherChain` answers chain id 1.
 */
async function startLiar(target: string): Promise<string> {
  liar = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as
        | { id: unknown; method: string; params: unknown[] }
        | { id: unknown; method: string; params: unknown[] }[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const answers = await Promise.all(
        calls.map(async (call) => {
          if (call.method === 'eth_chainId' && lies.otherChain)
            return { jsonrpc: '2.0', id: call.id, result: '0x1' };
          const upstream = (await (
            await fetch(target, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(call),
            })
          ).json()) as { result?: { hash?: string } | null };
          if (call.method === 'eth_getBlockByNumber' && lies.blockHashes && upstream.result?.hash)
            upstream.result.hash = `0x${'ab'.repeat(32)}`;
          return upstream;
        }),
      );
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
    });
  });
  await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  world = await startChainWorld({
    tenantName: 'Deposits tenant',
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier'],
    walletLedger: {
      EVM_CONFIRMATIONS: String(CONFIRMATIONS),
      EVM_REORG_DEPTH: String(REORG_DEPTH),
    },
    // Two nodes, both needed to confirm (a majority of two).
    nodeUrls: async (chain) => [await startProxy(chain.url), await startLiar(chain.url)],
  });
  ({ chain, api, admin } = world);
}, 180_000);

afterAll(async () => {
  await stopChainWorld(world);
  await new Promise((resolve) => proxy?.close(resolve));
  await new Promise((resolve) => liar?.close(resolve));
});

const wallet = (assetId: string) => newWallet(world, assetId);
const incomes = (w: CustodyWallet) => incomesOf(world, w);
const balance = (w: CustodyWallet) => balanceOf(world, w);
const mineUntil = (check: () => Promise<boolean>, what: string) => mineUntilIn(world, check, what);

const allConfirmed = (w: CustodyWallet, count: number) => async () => {
  const found = await incomes(w);
  return found.length === count && found.every((i) => i.status === 'confirmed');
};

/** A fresh account funded with `eth` from the funder, buried deeper than any reorg here. */
async function fundedAccount(eth: string): Promise<Wallet> {
  const account = new Wallet(Wallet.createRandom().privateKey, chain.provider);
  await (
    await chain.funder.sendTransaction({ to: account.address, value: parseEther(eth) })
  ).wait();
  await chain.mine(REORG_DEPTH + 2);
  return account;
}

/** A signed ETH transfer from `from` (its nonce given), as raw bytes for anvil_reorg. */
async function signedTransfer(from: Wallet, to: string, eth: string, nonce: number) {
  return from.signTransaction({
    to,
    value: parseEther(eth),
    nonce,
    chainId: chain.chainId,
    gasLimit: 21_000n,
    maxFeePerGas: parseUnits('20', 'gwei'),
    maxPriorityFeePerGas: parseUnits('1', 'gwei'),
    type: 2,
  });
}

it('credits each payment of a batch payout that pays one wallet twice in one transaction', async () => {
  const w = await wallet('usdc');
  const artifact = JSON.parse(
    readFileSync(path.resolve(__dirname, '../../../tools/chain/multi-send.json'), 'utf8'),
  ) as { abi: []; bytecode: string };
  const multiSend = await new ContractFactory(
    artifact.abi,
    artifact.bytecode,
    chain.funder,
  ).deploy();
  await multiSend.waitForDeployment();
  const spender = await multiSend.getAddress();
  await (await chain.tokenAs(chain.funder).getFunction('approve')(spender, 3_000_000n)).wait();
  const payout = await multiSend.getFunction('send')(
    chain.token,
    [w.address, w.address],
    [1_000_000n, 2_000_000n],
  );
  const receipt = await payout.wait();
  expect(receipt?.logs).toHaveLength(2);
  await mineUntil(allConfirmed(w, 2), 'both payments of the payout to be confirmed');
  const found = await incomes(w);
  expect(found.map((i) => i.amount).sort()).toEqual(['1', '2']);
  expect(new Set(found.map((i) => i.blockchainTransactionId))).toEqual(new Set([payout.hash]));
  expect(await balance(w)).toBe('3');
});

it('credits ETH paid from inside a contract, each payment once, and nothing a reverted call paid', async () => {
  const w = await wallet('eth');
  const other = await wallet('eth');
  const artifact = JSON.parse(
    readFileSync(path.resolve(__dirname, '../../../tools/chain/multi-send.json'), 'utf8'),
  ) as { abi: []; bytecode: string };
  const multiSend = await new ContractFactory(
    artifact.abi,
    artifact.bytecode,
    chain.funder,
  ).deploy();
  await multiSend.waitForDeployment();
  // Two payments to one wallet, a third made inside a call that reverts (the transaction itself
  // succeeds): no log and no top-level value names any of them.
  const payout = await multiSend.getFunction('sendEth')(
    [w.address, w.address, other.address],
    [parseEther('0.1'), parseEther('0.2'), parseEther('0.3')],
    true,
    { value: parseEther('0.6'), gasLimit: 500_000n },
  );
  const receipt = await payout.wait();
  expect(receipt?.status).toBe(1);
  expect(await chain.provider.getBalance(other.address)).toBe(0n);
  await mineUntil(allConfirmed(w, 2), 'both internal payments to be confirmed');
  const found = await incomes(w);
  expect(found.map((i) => i.amount).sort()).toEqual(['0.1', '0.2']);
  expect(new Set(found.map((i) => i.blockchainTransactionId))).toEqual(new Set([payout.hash]));
  expect(await balance(w)).toBe('0.3');
  expect(await incomes(other)).toEqual([]);
  expect(await balance(other)).toBe('0');
});

it('credits once a deposit reorged out before its confirmations and mined again later', async () => {
  const w = await wallet('eth');
  const from = await fundedAccount('1');
  const raw = await signedTransfer(from, w.address, '0.25', 0);
  const hash = Transaction.from(raw).hash as string;
  await chain.provider.send('eth_sendRawTransaction', [raw]);
  await waitFor(async () => (await incomes(w)).length === 1, { what: 'the pending deposit' });
  // Its block replaced by an empty one: the transaction is off the chain for a while…
  await chain.reorg(1, []);
  await chain.mine(1);
  expect(await chain.provider.getTransactionReceipt(hash)).toBeNull();
  // …then mined again, in a later block.
  await chain.provider.send('eth_sendRawTransaction', [raw]);
  await mineUntil(allConfirmed(w, 1), 'the re-mined deposit to be confirmed');
  await chain.mine(REORG_DEPTH);
  await mineUntil(async () => (await incomes(w)).length === 1, 'the rescans to settle');
  expect(await incomes(w)).toEqual([
    expect.objectContaining({ status: 'confirmed', amount: '0.25', blockchainTransactionId: hash }),
  ]);
  expect(await balance(w)).toBe('0.25');
});

it('finds a deposit that appears only in a replacement block below the scan', async () => {
  const w = await wallet('eth');
  const from = await fundedAccount('1');
  // The watcher has scanned past these blocks before the reorg puts the deposit into one.
  // Asked of the node itself (ethers caches the block number for a while).
  const scannedTo = Number(await chain.provider.send('eth_blockNumber', []));
  await waitFor(
    async () => (await api.get('/v1/admin/chain', { token: admin })).body.cursor >= scannedTo,
    { what: 'the scan to pass the head' },
  );
  const raw = await signedTransfer(from, w.address, '0.4', 0);
  await chain.reorg(3, [[raw, 0]]);
  const receipt = await chain.provider.getTransactionReceipt(Transaction.from(raw).hash as string);
  expect(receipt?.blockNumber).toBeLessThanOrEqual(scannedTo);
  await mineUntil(allConfirmed(w, 1), 'the deposit in the replacement block to be confirmed');
  expect(await balance(w)).toBe('0.4');
});

it('leaves a deposit pending while the node answers null for its block and receipt', async () => {
  const w = await wallet('eth');
  const sent = await chain.funder.sendTransaction({ to: w.address, value: parseEther('0.3') });
  await sent.wait();
  await waitFor(async () => (await incomes(w)).length === 1, { what: 'the pending deposit' });
  // From now on the node answers null three times to blocks and receipts (a lagging node),
  // past the confirmations and as deep as a reorg reaches.
  nulls.set('eth_getBlockByNumber', 3);
  nulls.set('eth_getTransactionReceipt', 3);
  await chain.mine(CONFIRMATIONS + REORG_DEPTH + 2);
  await waitFor(() => (nulls.get('eth_getBlockByNumber') ?? 0) === 0, {
    what: 'the adapter to read through the nulls',
  });
  // Never failed on the node's word: credited once it answers again.
  await mineUntil(allConfirmed(w, 1), 'the deposit to be confirmed once the node answers');
  expect(await incomes(w)).toEqual([
    expect.objectContaining({ status: 'confirmed', amount: '0.3' }),
  ]);
  expect(await balance(w)).toBe('0.3');
});

it('flags and holds a deposit reorged off the chain after its confirmations until an admin reverses it', async () => {
  const w = await wallet('eth');
  const from = await fundedAccount('1');
  const raw = await signedTransfer(from, w.address, '0.5', 0);
  const hash = Transaction.from(raw).hash as string;
  await chain.provider.send('eth_sendRawTransaction', [raw]);
  await mineUntil(allConfirmed(w, 1), 'the deposit to be confirmed');
  expect(await balance(w)).toBe('0.5');
  const [income] = await incomes(w);
  // Its block and those above it replaced by empty ones: deeper than its confirmations, within
  // the depth a reorg may reach.
  const mined = await chain.provider.getTransactionReceipt(hash);
  const head = Number(await chain.provider.send('eth_blockNumber', []));
  const depth = head - (mined?.blockNumber as number) + 1;
  expect(depth).toBeGreaterThanOrEqual(CONFIRMATIONS);
  expect(depth).toBeLessThan(REORG_DEPTH);
  await chain.reorg(depth, []);
  // Asked of the node itself (ethers answers the same request from its cache for a while).
  expect(await chain.provider.send('eth_getTransactionReceipt', [hash])).toBeNull();

  const read = () =>
    api.get(`/v1/users/${w.user}/wallets/${w.id}/incomes/${income!.id}`, {
      token: world.tenant.token,
    });
  await waitFor(async () => (await read()).body.reorged === true, {
    what: 'the confirmed deposit to be flagged reorged',
  });
  expect((await read()).body).toMatchObject({
    status: 'confirmed',
    reorged: true,
    reorg: { held: '0.5' },
  });
  expect((await read()).body.reorg.resolution).toBeUndefined();
  const walletRead = await api.get(`/v1/users/${w.user}/wallets/${w.id}`, {
    token: world.tenant.token,
  });
  expect(walletRead.body).toMatchObject({ balance: '0.5', availableBalance: '0' });
  const told = await waitFor(
    async () => {
      const res = await api.get('/v1/events?types=income.is-reorged&limit=100', {
        token: world.tenant.token,
      });
      return (res.body as { data: { id: string } }[]).find((e) => e.data.id === income!.id);
    },
    { what: 'income.is-reorged in the tenant’s event feed' },
  );
  expect(told.data).toMatchObject({ reorged: true, reorg: { held: '0.5' } });

  // Only an admin resolves, with a resolution it knows.
  const resolve = (token: string, body: unknown, id = income!.id) =>
    api.post(`/v1/admin/incomes/${id}/reorg-resolution`, { token, body });
  expect((await resolve(world.tenant.token, { resolution: 'reversed' })).status).toBe(403);
  expect((await resolve('', { resolution: 'reversed' })).status).toBe(401);
  expect(await resolve(admin, { resolution: 'refunded' })).toMatchObject({
    status: 400,
    body: { code: 'validation_failed' },
  });
  expect(
    await resolve(admin, { resolution: 'reversed' }, '01900000-0000-7000-8000-000000000000'),
  ).toMatchObject({ status: 404, body: { code: 'not_found' } });
  expect(await balance(w)).toBe('0.5');

  const reversed = await resolve(admin, { resolution: 'reversed' });
  expect(reversed.status).toBe(200);
  expect(reversed.body).toMatchObject({
    reorged: true,
    reorg: { held: '0.5', resolution: 'reversed' },
  });
  expect(await resolve(admin, { resolution: 'released' })).toMatchObject({
    status: 409,
    body: { code: 'illegal_transition' },
  });
  expect(await balance(w)).toBe('0');
  const movements = await api.get(
    `/v1/users/${w.user}/wallets/${w.id}/transactions?movementSubtype=reversal`,
    { token: world.tenant.token },
  );
  expect(movements.body).toEqual([
    expect.objectContaining({
      type: 'deposit',
      movement: 'out',
      amount: '0.5',
      walletBalance: '0',
    }),
  ]);
  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  expect(check.body).toMatchObject({ ok: true });
});

it('lets a reorged deposit stand when an admin releases it: the hold goes, the credit stays', async () => {
  const w = await wallet('eth');
  const from = await fundedAccount('1');
  const raw = await signedTransfer(from, w.address, '0.2', 0);
  const hash = Transaction.from(raw).hash as string;
  await chain.provider.send('eth_sendRawTransaction', [raw]);
  await mineUntil(allConfirmed(w, 1), 'the deposit to be confirmed');
  const [income] = await incomes(w);
  const mined = (await chain.provider.send('eth_getTransactionReceipt', [hash])) as {
    blockNumber: string;
  };
  const head = Number(await chain.provider.send('eth_blockNumber', []));
  await chain.reorg(head - Number(mined.blockNumber) + 1, []);
  const readWallet = () =>
    api.get(`/v1/users/${w.user}/wallets/${w.id}`, { token: world.tenant.token });
  await waitFor(async () => (await readWallet()).body.availableBalance === '0', {
    what: 'the reorged deposit to be held',
  });
  const released = await api.post(`/v1/admin/incomes/${income!.id}/reorg-resolution`, {
    token: admin,
    body: { resolution: 'released' },
  });
  expect(released).toMatchObject({
    status: 200,
    body: { status: 'confirmed', reorg: { held: '0.2', resolution: 'released' } },
  });
  expect((await readWallet()).body).toMatchObject({ balance: '0.2', availableBalance: '0.2' });
});

it('answers 409 to a resolution of a deposit that was never reorged', async () => {
  const w = await wallet('eth');
  await (await chain.funder.sendTransaction({ to: w.address, value: parseEther('0.1') })).wait();
  await mineUntil(allConfirmed(w, 1), 'the deposit to be confirmed');
  const [income] = await incomes(w);
  expect(
    await api.post(`/v1/admin/incomes/${income!.id}/reorg-resolution`, {
      token: admin,
      body: { resolution: 'released' },
    }),
  ).toMatchObject({ status: 409, body: { code: 'illegal_transition' } });
  expect(await balance(w)).toBe('0.1');
});

it('confirms nothing while one of two nodes lies about the block, and reports that node', async () => {
  const w = await wallet('eth');
  lies.blockHashes = true;
  try {
    await (await chain.funder.sendTransaction({ to: w.address, value: parseEther('0.7') })).wait();
    await waitFor(async () => (await incomes(w)).length === 1, { what: 'the pending deposit' });
    const nodes = async () =>
      (await api.get('/v1/admin/chain', { token: admin })).body.nodes as {
        label: string;
        up: boolean;
        disagreements: number;
      }[];
    await mineUntil(
      async () => ((await nodes())[1]?.disagreements ?? 0) > 0,
      'the lying node to be reported',
    );
    // Deep past its confirmations: still not credited on the word of one node.
    await chain.mine(CONFIRMATIONS + 2);
    await waitFor(async () => ((await nodes())[1]?.disagreements ?? 0) > 1, {
      what: 'the deposit to be checked again',
    });
    expect(await incomes(w)).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await balance(w)).toBe('0');
    expect((await nodes())[0]).toMatchObject({ label: 'node-0', up: true, disagreements: 0 });
  } finally {
    lies.blockHashes = false;
  }
  await mineUntil(allConfirmed(w, 1), 'the deposit to be confirmed once the nodes agree');
  expect(await balance(w)).toBe('0.7');
});

it('drops a node that serves another chain, and confirms nothing without the quorum', async () => {
  const w = await wallet('eth');
  lies.otherChain = true;
  try {
    const status = async () => (await api.get('/v1/admin/chain', { token: admin })).body;
    await waitFor(async () => (await status()).nodes[1].up === false, {
      what: 'the node on another chain to be dropped',
    });
    await (await chain.funder.sendTransaction({ to: w.address, value: parseEther('0.6') })).wait();
    await waitFor(async () => (await incomes(w)).length === 1, { what: 'the pending deposit' });
    await chain.mine(CONFIRMATIONS + 2);
    const head = Number(await chain.provider.send('eth_blockNumber', []));
    // Two polls past the confirmation depth (the second one's confirmations follow the first).
    await waitFor(async () => (await status()).cursor >= head, { what: 'the scan to pass' });
    await chain.mine(1);
    await waitFor(async () => (await status()).cursor >= head + 1, { what: 'another poll' });
    expect(await incomes(w)).toEqual([expect.objectContaining({ status: 'pending' })]);
  } finally {
    lies.otherChain = false;
  }
  await mineUntil(allConfirmed(w, 1), 'the deposit to be confirmed once the node is back');
  expect(await balance(w)).toBe('0.6');
});
