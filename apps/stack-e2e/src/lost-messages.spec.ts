import amqp from 'amqplib';
import { parseEther } from 'ethers';
import { Redis } from 'ioredis';
import { testServiceUrls, waitFor } from '@custody/testing';
import { approvalsWorld } from './approvals-world';
import {
  balanceOf,
  type ChainWorld,
  fundedEthWallet,
  mineUntil,
  newWallet,
  startChainWorld,
  stopChainWorld,
  withdrawalBody,
} from './chain-world';

/**
 * What a lost message or a lost schedule costs, with a real broker and a real Redis and the
 * chain adapter on anvil (docs/decisions/sweeps.md): an approval decided while wallet-ledger's
 * event queue was gone still moves its withdrawal out of `pending_approval` within one sweep of
 * its outcomes; and the chain jobs' schedulers, lost with Redis's data, are back within three
 * checks, so a deposit is still confirmed. Short intervals keep it fast.
 */

const SWEEP_MS = 1_500;
const CHECK_MS = 2_000;
let world: ChainWorld;
let admin: string;

const approvals = approvalsWorld(
  () => world.api,
  () => admin,
);

beforeAll(async () => {
  world = await startChainWorld({
    tenantName: 'Lost messages',
    walletLedger: {
      APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS: String(SWEEP_MS),
      JOB_SCHEDULES_CHECK_INTERVAL_MS: String(CHECK_MS),
    },
    env: { trading: { JOB_SCHEDULES_CHECK_INTERVAL_MS: String(CHECK_MS) } },
  });
  admin = world.admin;
}, 180_000);

afterAll(async () => {
  await stopChainWorld(world);
});

/** Deletes a queue of the stack's namespace as an operator would (the test's broker login). */
async function deleteQueue(name: string): Promise<void> {
  const connection = await amqp.connect(testServiceUrls().amqpUrl);
  try {
    const channel = await connection.createChannel();
    await channel.deleteQueue(`${world.stack.namespace}.${name}`);
  } finally {
    await connection.close();
  }
}

async function queueExists(name: string): Promise<boolean> {
  const connection = await amqp.connect(testServiceUrls().amqpUrl);
  try {
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    return await channel.checkQueue(`${world.stack.namespace}.${name}`).then(
      () => true,
      () => false,
    );
  } finally {
    await connection.close().catch(() => undefined);
  }
}

it("moves a withdrawal whose approval was decided while wallet-ledger's queue was gone, within one sweep", async () => {
  const { api, tenant, stack, db } = world;
  const wallet = await fundedEthWallet(world);
  await approvals.policy(tenant.token, {
    name: 'Every withdrawal waits for one approval',
    activity: 'withdrawal',
    rule: { kind: 'always' },
    action: 'require_approval',
    approvers: { quorum: 1 },
  });
  const approver = await approvals.member(tenant.id);
  const path = `/v1/users/${wallet.user}/wallets/${wallet.id}/withdrawals`;
  const created = await api.post(path, { token: tenant.token, body: withdrawalBody('eth', '0.1') });
  expect(created.status).toBe(201);
  const read = async () =>
    (await api.get(`${path}/${created.body.id}`, { token: tenant.token })).body as {
      status: string;
      approvalId: string;
    };
  const { status, approvalId } = await read();
  expect(status).toBe('pending_approval');

  // wallet-ledger stopped and its event queue deleted: the decision's event reaches the other
  // consumers (so the broker takes it and returns nothing), never wallet-ledger.
  const ledger = stack.apps['wallet-ledger'];
  ledger.child.kill('SIGTERM');
  await ledger.exited;
  await deleteQueue('wallet-ledger.events');
  expect((await approvals.decide(approver.token, approvalId)).status).toBe(201);
  await waitFor(
    async () =>
      // Its row is marked sent (events no queue is bound for, like approval.is-pending
      // without the notifier in this stack, stay unsent).
      (
        await db.query(
          `SELECT 1 FROM policy.outbox WHERE name = 'approval.is-decided'
              AND envelope->'data'->>'id' = $1 AND sent_at IS NOT NULL`,
          [approvalId],
        )
      ).rowCount === 1,
    { what: 'the approval.is-decided published (and lost for wallet-ledger)' },
  );

  // The queue restored as wallet-ledger starts (its consumer declares it, empty).
  await stack.restart('wallet-ledger');
  expect(await queueExists('wallet-ledger.events')).toBe(true);
  await waitFor(async () => (await read()).status !== 'pending_approval', {
    timeoutMs: SWEEP_MS + 2_000,
    intervalMs: 100,
    what: 'the withdrawal out of pending_approval within one sweep',
  });
  expect(['prepared', 'broadcast', 'confirmed']).toContain((await read()).status);
  // The sweep logs after its transaction commits: the line may come a moment after the status.
  await waitFor(
    () =>
      stack.apps['wallet-ledger'].logs.some(
        (line) =>
          line['approvalId'] === approvalId &&
          String(line['msg']).startsWith('approval outcome applied by the sweep'),
      ),
    { timeoutMs: 5_000, what: 'the sweep to say it applied the outcome' },
  );
}, 60_000);

it("confirms a deposit after Redis lost the chain jobs' schedulers, within three checks", async () => {
  const { chain, stack } = world;
  const wallet = await newWallet(world, 'eth');
  await chain.setAutomine(true);
  // Only this stack's keys (its prefix is its namespace), not FLUSHALL: other test files share
  // this Redis server. To the stack it is the same: every key it had is gone.
  const redis = new Redis(testServiceUrls().redisUrl);
  try {
    const chainSchedulers = `${stack.namespace}:bull:wallet-ledger-chain:repeat`;
    const ratesSchedulers = `${stack.namespace}:bull:trading-rates:repeat`;
    expect(await redis.zcard(chainSchedulers)).toBeGreaterThanOrEqual(2);
    const lost = Date.now();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${stack.namespace}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
    expect(await redis.zcard(chainSchedulers)).toBe(0);

    await (
      await chain.funder.sendTransaction({ to: wallet.address, value: parseEther('1') })
    ).wait();
    await mineUntil(world, async () => (await balanceOf(world, wallet)) === '1', 'the deposit');
    expect(Date.now() - lost).toBeLessThan(3 * CHECK_MS);
    expect(await redis.zcard(chainSchedulers)).toBeGreaterThanOrEqual(2);
    // The rate ingestion's scheduler is back too (trading's own check).
    await waitFor(async () => (await redis.zcard(ratesSchedulers)) === 1, {
      timeoutMs: 3 * CHECK_MS,
      intervalMs: 100,
      what: "trading's rate ingestion scheduler re-created",
    });
  } finally {
    redis.disconnect();
  }
}, 60_000);
