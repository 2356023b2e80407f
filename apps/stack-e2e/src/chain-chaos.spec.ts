import { randomUUID } from 'node:crypto';
import { parseEther, parseUnits } from 'ethers';
import type pg from 'pg';
import { waitFor } from '@custody/testing';
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
import { FAULT_STACK_ENV, faultSeed, replayable, seededRandom, untilDefinitive } from './fault-kit';

// The chain adapter under chaos: concurrent ETH and USDC withdrawals and on-chain deposits while
// wallet-ledger (the adapter) and signing are SIGKILLed and restarted at random. Afterwards every
// withdrawal answered 201 is final exactly once, each wallet's books equal its address on chain,
// every address's stored next nonce equals its count on chain, the ledger check is clean, and the
// reconciliation of the books against the chain is clean. The run is seeded (FAULT_SEED,
// printed) so a failure can be replayed; CHAOS_SECONDS sets its length.
const CHAOS_MS = Number(process.env['CHAOS_SECONDS'] ?? 10) * 1000;
const SEED = faultSeed();
let world: ChainWorld;
let db: pg.Client;

beforeAll(async () => {
  console.log(`chain chaos: FAULT_SEED=${SEED}`);
  world = await startChainWorld({
    tenantName: 'Chain chaos',
    gasStationEth: '5',
    env: { gateway: FAULT_STACK_ENV.gateway },
    walletLedger: { EVM_RECONCILE_INTERVAL_MS: '300', EVM_SPEED_UP_AFTER_MS: '0' },
  });
  db = world.db;
}, 180_000);

afterAll(() => stopChainWorld(world));

const balance = (w: CustodyWallet) => balanceOf(world, w);
const mineUntil = (check: () => Promise<boolean>, what: string) => mineUntilIn(world, check, what);

async function deposit(w: CustodyWallet, assetId: 'eth' | 'usdc', amount: string) {
  const sent =
    assetId === 'eth'
      ? await world.chain.funder.sendTransaction({ to: w.address, value: parseEther(amount) })
      : await world.chain.tokenAs(world.chain.funder).getFunction('transfer')(
          w.address,
          parseUnits(amount, 6),
        );
  await sent.wait();
}

/** What the address holds on chain, in the asset's units. */
async function onChain(w: CustodyWallet, assetId: 'eth' | 'usdc'): Promise<bigint> {
  if (assetId === 'eth') return world.chain.provider.getBalance(w.address);
  return (await world.chain.tokenAs(world.chain.funder).getFunction('balanceOf')(
    w.address,
  )) as bigint;
}

it(
  `keeps the books equal to the chain through ${CHAOS_MS / 1000} s of adapter and signer crashes (seed ${SEED})`,
  replayable(SEED, 'chain-chaos.spec.ts', async () => {
    const seeded = seededRandom(SEED);
    const wallets = [
      ...(await Promise.all([1, 2, 3].map(() => newWallet(world, 'eth')))).map((w) => ({
        w,
        assetId: 'eth' as const,
      })),
      ...(await Promise.all([1, 2].map(() => newWallet(world, 'usdc')))).map((w) => ({
        w,
        assetId: 'usdc' as const,
      })),
    ];
    for (const { w, assetId } of wallets)
      await deposit(w, assetId, assetId === 'eth' ? '1' : '100');
    await mineUntil(
      async () => (await Promise.all(wallets.map(({ w }) => balance(w)))).every((b) => b !== '0'),
      'the first deposits to be credited',
    );

    const created: { w: CustodyWallet; id: string }[] = [];
    let refused = 0;
    let crashes = 0;
    const until = Date.now() + CHAOS_MS;
    const worker = async (n: number) => {
      const random = seeded.fork(`worker-${n}`);
      while (Date.now() < until) {
        const { w, assetId } = random.pick(wallets);
        if (random.chance(0.25)) {
          await deposit(w, assetId, assetId === 'eth' ? '0.05' : '5');
          continue;
        }
        const amount = assetId === 'eth' ? `0.0${1 + random.below(4)}` : `${1 + random.below(4)}`;
        // One body per key: a retry is the same request.
        const key = { 'idempotency-key': randomUUID() };
        const body = withdrawalBody(assetId, amount);
        const res = await untilDefinitive(() =>
          world.api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
            token: world.tenant.token,
            body,
            headers: key,
          }),
        );
        if (res.status === 201) created.push({ w, id: res.body.id as string });
        else refused += 1;
        // A client's pace, not a flood: the sender sends one withdrawal at a time.
        await new Promise((resolve) => setTimeout(resolve, random.between(150, 400)));
      }
    };
    const miner = async () => {
      while (Date.now() < until) {
        await world.chain.mine(1).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };
    const killer = async () => {
      const random = seeded.fork('faults');
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, random.between(1_500, 3_500)));
        if (Date.now() >= until) break;
        await world.stack.crashAndRestart(random.chance(0.6) ? 'wallet-ledger' : 'signing');
        crashes += 1;
      }
    };
    await Promise.all([worker(0), worker(1), miner(), killer()]);
    await adapterRunning(world);
    expect(created.length).toBeGreaterThan(0);
    expect(crashes).toBeGreaterThan(0);

    const statusOf = async ({ w, id }: { w: CustodyWallet; id: string }) =>
      (
        await world.api.get(`/v1/users/${w.user}/wallets/${w.id}/withdrawals/${id}`, {
          token: world.tenant.token,
        })
      ).body.status as string;
    // Every withdrawal answered 201 ends once: confirmed, or failed with nothing paid.
    const open = async () =>
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM ledger.withdrawals WHERE status NOT IN ('confirmed', 'failed', 'cancelled')",
        )
      ).rows[0]!.n;
    await waitFor(
      async () => {
        await world.chain.mine(1);
        return (await open()) === 0;
      },
      { timeoutMs: 180_000, intervalMs: 200, what: 'every withdrawal to be final' },
    ).catch(async (error: Error) => {
      // What is stuck, to replay with FAULT_SEED: each open withdrawal's step and its address.
      const { rows } = await db.query(
        `SELECT w.id, w.status, w.asset_id, w.from_address, w.chain_nonce, w.raw_tx IS NOT NULL AS signed,
              w.blockchain_transaction_id AS hash, n.next_nonce
         FROM ledger.withdrawals w
         LEFT JOIN ledger.chain_nonces n ON n.address = w.from_address
        WHERE w.status NOT IN ('confirmed', 'failed', 'cancelled') ORDER BY w.created_at`,
      );
      const counts = await Promise.all(
        rows.map(async (r: { from_address: string | null }) =>
          r.from_address
            ? `${await world.chain.provider.getTransactionCount(r.from_address, 'latest')}/${await world.chain.provider.getTransactionCount(r.from_address, 'pending')}`
            : '-',
        ),
      );
      throw new Error(
        `${error.message} (seed ${SEED}): ${JSON.stringify(rows.map((r, i) => ({ ...r, chain: counts[i] })))}`,
      );
    });
    const statuses = await Promise.all(created.map(statusOf));
    expect(statuses.filter((s) => s !== 'confirmed' && s !== 'failed')).toEqual([]);
    expect(statuses).toContain('confirmed');
    const listed = new Set<string>();
    for (const { w } of wallets) {
      const page = await world.api.get(
        `/v1/users/${w.user}/wallets/${w.id}/withdrawals?limit=100`,
        {
          token: world.tenant.token,
        },
      );
      for (const row of page.body as { id: string }[]) listed.add(row.id);
    }
    expect(listed).toEqual(new Set(created.map((c) => c.id)));

    // The books equal the chain, wallet by wallet, once every deposit is credited.
    await mineUntil(async () => {
      for (const { w, assetId } of wallets) {
        const books = parseUnits(await balance(w), assetId === 'eth' ? 18 : 6);
        if (books !== (await onChain(w, assetId))) return false;
      }
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM ledger.incomes WHERE status = 'pending'",
      );
      return rows[0]!.n === 0;
    }, 'the books to equal the chain');

    // Every sending address's stored next nonce is its count on chain: no gap, no reuse.
    const { rows: counters } = await db.query<{ address: string; next: string }>(
      'SELECT address, next_nonce AS next FROM ledger.chain_nonces',
    );
    expect(counters.length).toBeGreaterThan(0);
    for (const { address, next } of counters)
      expect([address, Number(next)]).toEqual([
        address,
        await world.chain.provider.getTransactionCount(address, 'latest'),
      ]);

    const check = await world.api.get('/v1/admin/ledger/check', { token: world.admin });
    expect(check.body).toMatchObject({ ok: true, violations: [] });

    // And the reconciliation of the books against the chain, at the confirmed block, is clean.
    const block = (await world.chain.provider.getBlockNumber()) - 1;
    let last: { status?: string; blockNumber?: number } = {};
    await waitFor(
      async () => {
        await world.chain.mine(1);
        last = (await world.api.get('/v1/admin/reconciliation', { token: world.admin })).body;
        return (last.blockNumber ?? 0) >= block && last.status === 'clean';
      },
      { timeoutMs: 30_000, intervalMs: 300, what: `a clean reconciliation (seed ${SEED})` },
    ).catch((error: Error) => {
      throw new Error(`${error.message}; the last run: ${JSON.stringify(last)}`);
    });
    console.log(
      `chain chaos (seed ${SEED}): ${created.length} withdrawals, ${refused} refused, ${crashes} crashes`,
    );
  }),
  300_000,
);
