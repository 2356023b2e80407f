import { parseEther, Wallet } from 'ethers';
import pg from 'pg';
import type { AppName } from '@custody/contracts';
import { waitFor } from '@custody/testing';
import { Api } from './api';
import { type LocalChain, startLocalChain } from './local-chain';
import { type Stack, startStack, type StackOptions } from './stack';

/** A stack whose wallet-ledger follows a local anvil network, with an admin and a tenant. */
export interface ChainWorld {
  chain: LocalChain;
  stack: Stack;
  api: Api;
  admin: string;
  tenant: Awaited<ReturnType<Api['newClient']>>;
  /** A connection of the test's own to the stack's database (to read what the API does not show). */
  db: pg.Client;
}

export type CustodyWallet = { user: string; id: string; address: string };

const DEVICE = { device: 'Pixel 9', ip: '203.0.113.9' };

/**
 * Starts anvil and a stack on it: wallet-ledger's chain adapter on (its env merged over the
 * defaults below), signing with a random mnemonic (anvil's is funded: custody addresses must hold
 * exactly what a test sends them), and the gas station funded with `gasStationEth` when given.
 */
export async function startChainWorld(options: {
  tenantName: string;
  only?: AppName[];
  walletLedger?: Record<string, string>;
  env?: StackOptions['env'];
  gasStationEth?: string;
  /** In front of the node (a proxy of the test's): wallet-ledger's EVM_RPC_URL. */
  nodeUrl?: (chain: LocalChain) => Promise<string>;
  /** Several nodes (the test's proxies of the one node): wallet-ledger's EVM_RPC_URLS. */
  nodeUrls?: (chain: LocalChain) => Promise<string[]>;
}): Promise<ChainWorld> {
  const chain = await startLocalChain();
  const stack = await startStack({
    only: options.only ?? ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'],
    env: {
      ...options.env,
      signing: {
        ...options.env?.signing,
        SIGNING_MASTER_MNEMONIC: Wallet.createRandom().mnemonic!.phrase,
      },
      'wallet-ledger': {
        ...(options.nodeUrls
          ? { EVM_RPC_URLS: (await options.nodeUrls(chain)).join(',') }
          : { EVM_RPC_URL: options.nodeUrl ? await options.nodeUrl(chain) : chain.url }),
        EVM_CHAIN_ID: String(chain.chainId),
        EVM_CONFIRMATIONS: '2',
        EVM_REORG_DEPTH: '4',
        EVM_POLL_INTERVAL_MS: '200',
        EVM_TOKENS: `usdc=${chain.token}`,
        ...options.walletLedger,
      },
    },
  });
  const api = new Api(stack.gatewayUrl);
  const admin = await api.adminToken();
  const tenant = await api.newClient(admin, options.tenantName);
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const world = { chain, stack, api, admin, tenant, db };
  await adapterRunning(world);
  if (options.gasStationEth) {
    const status = await api.get('/v1/admin/chain', { token: admin });
    await (
      await chain.funder.sendTransaction({
        to: status.body.gasStation.address,
        value: parseEther(options.gasStationEth),
      })
    ).wait();
  }
  return world;
}

export async function stopChainWorld(world: ChainWorld | undefined): Promise<void> {
  await world?.db.end();
  await world?.stack.cleanup();
  await world?.chain.stop();
}

/** Waits until wallet-ledger's chain adapter runs (after a start or a restart). */
export async function adapterRunning({ api, admin }: ChainWorld): Promise<void> {
  await waitFor(
    async () => (await api.get('/v1/admin/chain', { token: admin })).body.mode === 'evm',
    { timeoutMs: 30_000, what: 'the EVM adapter to run' },
  );
}

/** A new user of the tenant with a wallet of `assetId`, and its custody address. */
export async function newWallet(
  { api, tenant }: Pick<ChainWorld, 'api' | 'tenant'>,
  assetId: string,
): Promise<CustodyWallet> {
  const user = (
    await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id;
  const id = (
    await api.post(`/v1/users/${user}/wallets`, {
      token: tenant.token,
      body: { assetId, ...DEVICE },
    })
  ).body.id;
  const read = await api.get(`/v1/users/${user}/wallets/${id}`, { token: tenant.token });
  return { user, id, address: read.body.address };
}

export async function balanceOf({ api, tenant }: ChainWorld, w: CustodyWallet): Promise<string> {
  return (await api.get(`/v1/users/${w.user}/wallets/${w.id}`, { token: tenant.token })).body
    .balance;
}

export async function incomesOf({ api, tenant }: ChainWorld, w: CustodyWallet) {
  return (await api.get(`/v1/users/${w.user}/wallets/${w.id}/incomes`, { token: tenant.token }))
    .body as { id: string; status: string; amount: string; blockchainTransactionId: string }[];
}

/** Mines a block at a time until `check` holds (each block one more confirmation). */
export async function mineUntil(
  { chain }: ChainWorld,
  check: () => Promise<boolean>,
  what: string,
): Promise<void> {
  await waitFor(
    async () => {
      if (await check()) return true;
      await chain.mine(1);
      return false;
    },
    { timeoutMs: 60_000, intervalMs: 300, what },
  );
}

/** A withdrawal request of the tenant's user, as the API takes it. */
export function withdrawalBody(assetId: string, amount: string) {
  return { assetId, receiverAddress: Wallet.createRandom().address, amount, ...DEVICE };
}

/** A new wallet of ETH with 1 ETH deposited (automine on) and credited. */
export async function fundedEthWallet(world: ChainWorld): Promise<CustodyWallet> {
  await world.chain.setAutomine(true);
  const w = await newWallet(world, 'eth');
  await (
    await world.chain.funder.sendTransaction({ to: w.address, value: parseEther('1') })
  ).wait();
  await mineUntil(world, async () => (await balanceOf(world, w)) === '1', 'the deposit');
  return w;
}

/** A transaction sent for a withdrawal at its nonce, as the API shows it. */
export interface Attempt {
  hash: string;
  kind: string;
  nonce: number;
  maxFeePerGas: string;
  status: string;
}

/** What `withdrawal.is-replaced` says of a speed-up or cancel: which attempt replaced which. */
interface Replacement {
  hash: string;
  kind: 'speed-up' | 'cancel';
  replaces: string;
}

/** A withdrawal of 0.1 ETH from `w` sent with automine off: broadcast, not mined. */
export async function stuckWithdrawal(world: ChainWorld, w: CustodyWallet) {
  await world.chain.setAutomine(false);
  const created = await world.api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
    token: world.tenant.token,
    body: withdrawalBody('eth', '0.1'),
  });
  if (created.status !== 201) throw new Error(`withdrawal refused: ${created.status}`);
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

/**
 * The tenant's events of `type` about withdrawal `id` in its feed (the notifier must run),
 * oldest first, once there are at least `count`: the notifier consumes them after the commit.
 */
export async function withdrawalEvents(
  { api, tenant }: ChainWorld,
  type: string,
  id: string,
  count = 1,
): Promise<Record<string, unknown>[]> {
  return waitFor(
    async () => {
      const res = await api.get(`/v1/events?types=${type}&limit=100`, { token: tenant.token });
      const about = (res.body as { data: { id: string } & Record<string, unknown> }[])
        .filter((e) => e.data.id === id)
        .map((e) => e.data);
      return about.length >= count ? about : undefined;
    },
    { what: `${count} ${type} of ${id} in the tenant's event feed` },
  );
}

/**
 * What the tenant was told of a withdrawal's speed-ups and cancels (`withdrawal.is-replaced`),
 * once there are `count`: each replacement's kind, its hash and the hash it replaced.
 */
export async function replacementsOf(
  world: ChainWorld,
  id: string,
  count = 1,
): Promise<[string, string, string][]> {
  const told = await withdrawalEvents(world, 'withdrawal.is-replaced', id, count);
  return told.map((e) => {
    const r = e['replacement'] as Replacement;
    return [r.kind, r.hash, r.replaces];
  });
}
