import path from 'node:path';
import { parseEther, Wallet } from 'ethers';
import pg from 'pg';
import { type AppName, SERVICES } from '@custody/contracts';
import { expectProblem, testServiceUrls, waitFor, withLogin } from '@custody/testing';
import { Api } from './api';
import { approvalsWorld } from './approvals-world';
import {
  balanceOf,
  type ChainWorld,
  fundedEthWallet,
  incomesOf,
  mineUntil,
  newWallet,
  startChainWorld,
  stopChainWorld,
} from './chain-world';
import { FAULT_STACK_ENV, startWebhookSink } from './fault-kit';
import {
  archiveNow,
  baseBackup,
  createDrillCluster,
  type DrillCluster,
  dropDrillCluster,
  restoreTo,
  runAsync,
  serverTime,
  verifyBackup,
} from './restore-cluster';
import type { AppProcess } from './stack';
import { DEVICE } from './world';

// The restore drill (`npm run test:restore`, docs/operations/backup-and-restore.md): a stack on
// the drill's own PostgreSQL cluster, with WAL archiving, backed up while a withdrawal waits for
// its approval, then restored to a point before the approval, after the approved withdrawal was
// paid on chain. The restored deployment must pay the receiver once, issue no address twice,
// reconcile with the chain and pass the ledger check, with every event's effect once; the
// recovery time is measured and printed.

const ROOT = path.resolve(__dirname, '../../..');
const APPS: AppName[] = ['identity', 'wallet-ledger', 'trading', 'signing', 'policy', 'notifier'];

let cluster: DrillCluster | undefined;
let world: ChainWorld | undefined;
let sink: Awaited<ReturnType<typeof startWebhookSink>> | undefined;
const sharedDatabaseUrl = process.env['DATABASE_URL'];
/** Every delivery at the webhook receiver: its event id, name, and body. */
const delivered: { id: string; name: string; body: string }[] = [];

beforeAll(async () => {
  cluster = await createDrillCluster();
  // The stack's database, and its roles, on the drill's cluster (the test libs read this).
  process.env['DATABASE_URL'] = cluster.url;
  sink = await startWebhookSink((body) => {
    const event = body as unknown as { id: string; type?: string; event?: string };
    delivered.push({
      id: event.id,
      name: event.type ?? event.event ?? '',
      body: JSON.stringify(body),
    });
  });
  world = await startChainWorld({ tenantName: 'Restore drill', only: APPS, env: FAULT_STACK_ENV });
}, 300_000);

afterAll(async () => {
  await sink?.close();
  await stopChainWorld(world);
  dropDrillCluster(cluster);
  process.env['DATABASE_URL'] = sharedDatabaseUrl;
});

/** A service's command (`node dist/apps/<app>/main.js …`) with its own database login. */
async function command(app: AppName, args: string[]) {
  const databaseUrl = withLogin(world!.stack.databaseUrl, app, `dev-pg-${app}`);
  const out = await runAsync(
    process.execPath,
    [path.join(ROOT, 'dist', 'apps', app, 'main.js'), ...args],
    { DATABASE_URL: databaseUrl },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, any>;
}

/** The last log lines of each app, for a failure's message. */
function logTails(apps: Record<string, AppProcess>): string {
  return Object.values(apps)
    .map((p) => `${p.app}: ${JSON.stringify(p.logs.slice(-6))}`)
    .join('\n');
}

async function readyz(proc: AppProcess): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${proc.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

it('restores to before an approval: paid once, no address twice, books equal to the chain, each effect once', async () => {
  const w = world!;
  const { chain, admin, tenant } = w;
  let api = w.api;
  const types = (await api.get('/v1/notifications?limit=0', { token: tenant.token })).body as {
    id: string;
  }[];
  for (const type of types)
    await api.post(`/v1/notifications/${type.id}`, {
      token: tenant.token,
      body: { url: sink!.url },
    });
  const approvals = approvalsWorld(
    () => api,
    () => admin,
  );
  const approver = await approvals.member(tenant.id, [['approvals', 'decide']]);
  await approvals.policy(tenant.token, {
    name: 'Every withdrawal waits for one approval',
    activity: 'withdrawal',
    rule: { kind: 'always' },
    action: 'require_approval',
    approvers: { quorum: 1 },
  });

  // A funded wallet, and a withdrawal from it waiting for its approval.
  const a = await fundedEthWallet(w);
  const receiver = Wallet.createRandom().address;
  const created = await api.post(`/v1/users/${a.user}/wallets/${a.id}/withdrawals`, {
    token: tenant.token,
    body: { assetId: 'eth', receiverAddress: receiver, amount: '0.25', ...DEVICE },
  });
  expect(created.status).toBe(201);
  const withdrawalPath = `/v1/users/${a.user}/wallets/${a.id}/withdrawals/${created.body.id}`;
  const withdrawal = async () =>
    (await api.get(withdrawalPath, { token: tenant.token })).body as {
      id: string;
      status: string;
      approvalId: string;
      blockchainTransactionId: string | null;
      attempts?: { hash: string }[];
    };
  const held = await withdrawal();
  expect(held.status).toBe('pending_approval');

  // The base backup, taken while it waits (checked by pg_verifybackup before it is kept).
  expect(await baseBackup(cluster!)).toMatchObject({ id: expect.any(String) });

  // After the backup, in the WAL only: a wallet and a deposit to it. The restore point follows.
  const b = await newWallet(w, 'eth');
  await (await chain.funder.sendTransaction({ to: b.address, value: parseEther('0.5') })).wait();
  await mineUntil(w, async () => (await balanceOf(w, b)) === '0.5', 'the deposit after the backup');
  const target = await serverTime(cluster!);

  // After the restore point: a wallet the restore loses, and the approval, paid on chain.
  const lost = await newWallet(w, 'eth');
  expect((await approvals.decide(approver.token, held.approvalId)).status).toBe(201);
  await mineUntil(w, async () => (await withdrawal()).status === 'confirmed', 'the withdrawal');
  const paid = await withdrawal();
  expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.25'));
  const balanceBefore = await balanceOf(w, a);
  const movements = async () =>
    (
      await api.get(`/v1/users/${a.user}/wallets/${a.id}/transactions?txLog=${held.id}`, {
        token: tenant.token,
      })
    ).body as unknown[];
  const movementsBefore = (await movements()).length;
  await archiveNow(cluster!);
  expect(await verifyBackup(cluster!)).toMatchObject({ verified: true });

  // The database is lost. Every app stops; the clock of the recovery runs from here.
  const lostAt = Date.now();
  await w.db.end();
  await w.stack.stopAll();
  await restoreTo(cluster!, target);
  const databaseAt = Date.now();
  // Before any app starts: the broker's queues and the BullMQ keys purged, each service's step.
  const urls = testServiceUrls();
  // The credentials in the environment, as the runbook gives them: never on a command line.
  await runAsync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'tools', 'backup', 'purge.ts'),
      '--namespace',
      w.stack.namespace,
      '--redis-prefix',
      w.stack.namespace,
    ],
    { AMQP_URL: urls.amqpUrl, REDIS_URL: urls.redisUrl },
  );
  const prepared: Record<string, Record<string, unknown>> = {};
  for (const service of SERVICES.filter((s) => APPS.includes(s)))
    prepared[service] = await command(service, ['restore-prepare']);
  expect(prepared['policy']).toMatchObject({ frozenApprovals: 1 });
  expect(prepared['wallet-ledger']).toMatchObject({ restore: expect.any(String) });
  const preparedAt = Date.now();

  // The apps start again on the restored database, as they were.
  const apps = Object.fromEntries(
    ['gateway' as const, ...APPS].map((app) => [app, w.stack.spawnExtra(app, {})]),
  ) as Record<AppName, AppProcess>;
  // Each app up (wallet-ledger answering, though not ready: its restore runs).
  await waitFor(
    async () => {
      for (const proc of Object.values(apps)) {
        const probe = proc.app === 'gateway' || proc.app === 'wallet-ledger' ? 'healthz' : 'readyz';
        if (!proc.url || !(await fetch(`${proc.url}/${probe}`)).ok) return false;
      }
      return true;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'the apps on the restored database' },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${logTails(apps)}`);
  });
  api = new Api(apps.gateway.url);
  const ledger = apps['wallet-ledger'];
  // wallet-ledger holds every movement of money until the restore is done: it found the paid
  // transaction, which the restored books never sent, and waits for the operator.
  const waiting = await waitFor(
    async () => {
      if (!ledger.url) return undefined;
      const { status, body } = await readyz(ledger);
      const detail = String(body['checks']?.['restore']?.['detail'] ?? '');
      return status === 503 && detail.includes('unmatched') ? detail : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: 'the restore to find the unmatched payment' },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${logTails(apps)}`);
  });
  expect(waiting).toContain('1 chain transaction(s) unmatched');
  expectProblem(
    await api.post(`/v1/users/${a.user}/wallets/${a.id}/withdrawals`, {
      token: tenant.token,
      body: { assetId: 'eth', receiverAddress: receiver, amount: '0.1', ...DEVICE },
    }),
    503,
    'restore_in_progress',
  );
  expectProblem(await approvals.decide(approver.token, held.approvalId), 409, 'approval_frozen');
  expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.25'));

  // The operator reads what the restore found and answers it: that payment was this withdrawal.
  const status = await command('wallet-ledger', ['restore-status']);
  const unmatched = (status['report']['findings'] as { hash: string; finding: any }[]).filter(
    (f) => f.finding.kind === 'unmatched',
  );
  expect(unmatched).toEqual([
    {
      hash: paid.blockchainTransactionId!.toLowerCase(),
      from: expect.any(String),
      nonce: expect.any(Number),
      finding: expect.objectContaining({ candidates: [held.id] }),
    },
  ]);
  await command('wallet-ledger', [
    'restore-resolve',
    '--tx',
    paid.blockchainTransactionId!,
    '--withdrawal',
    held.id,
  ]);
  await waitFor(async () => (await readyz(ledger)).status === 200, {
    timeoutMs: 60_000,
    intervalMs: 250,
    what: 'the restore to complete',
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${logTails(apps)}`);
  });
  const readyAt = Date.now();
  expect(await command('policy', ['restore-release'])).toMatchObject({ cancelledApprovals: 1 });
  const recoveredAt = Date.now();
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `restore drill: recovery time ${seconds(recoveredAt - lostAt)} s (database restored to the ` +
      `point in ${seconds(databaseAt - lostAt)} s, purge and prepare ${seconds(preparedAt - databaseAt)} s, ` +
      `apps up and the restore matched, resolved and checked ${seconds(readyAt - preparedAt)} s, ` +
      `approvals released ${seconds(recoveredAt - readyAt)} s)`,
  );

  // Paid once: the withdrawal is the payment the chain shows, and nothing else is sent.
  w.db = new pg.Client({ connectionString: w.stack.databaseUrl });
  await w.db.connect();
  // The world's helpers through the restarted gateway.
  const r = { ...w, api };
  await waitFor(async () => (await withdrawal()).status === 'confirmed', {
    what: 'the restored withdrawal confirmed by its adopted payment',
  });
  expect(await withdrawal()).toMatchObject({
    status: 'confirmed',
    blockchainTransactionId: paid.blockchainTransactionId,
  });
  await chain.mine(5);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.25'));
  expect(await balanceOf(r, a)).toBe(balanceBefore);
  expect((await movements()).length).toBe(movementsBefore);

  // No address twice: the wallet the restore lost keeps its key index; a new one goes past it.
  expect(
    (await api.get(`/v1/users/${lost.user}/wallets/${lost.id}`, { token: tenant.token })).status,
  ).toBe(404);
  const next = await newWallet({ api, tenant }, 'eth');
  expect([a.address, b.address, lost.address]).not.toContain(next.address);
  const indexes = await w.db.query<{ owner_id: string; derivation_index: number }>(
    'SELECT owner_id, derivation_index FROM signing.keys',
  );
  expect(new Set(indexes.rows.map((r) => r.derivation_index)).size).toBe(indexes.rows.length);

  // The deposit after the backup, replayed from the WAL, is credited once.
  expect(await balanceOf(r, b)).toBe('0.5');
  expect(await incomesOf(r, b)).toHaveLength(1);

  // The books equal the chain, and the ledger holds.
  const reconciliation = (await api.get('/v1/admin/reconciliation', { token: admin })).body;
  expect(reconciliation).toMatchObject({ status: 'clean', deltaCount: 0 });
  expect((await api.get('/v1/admin/ledger/check', { token: admin })).body).toMatchObject({
    ok: true,
    violations: [],
  });

  // Each event's effect once: every delivery of one event id carries the same event, and the
  // notifier made one delivery per event and receiver.
  await mineUntil(
    r,
    async () =>
      delivered.some((d) => d.body.includes('"cancelled"') && d.body.includes(held.approvalId)),
    'the released approval at the webhook receiver',
  );
  const byId = new Map<string, Set<string>>();
  for (const d of delivered) byId.set(d.id, (byId.get(d.id) ?? new Set()).add(d.body));
  for (const [id, bodies] of byId) expect([id, bodies.size]).toEqual([id, 1]);
  const twice = await w.db.query(
    `SELECT event_id FROM notifier.deliveries GROUP BY event_id, receiver_id HAVING count(*) > 1`,
  );
  expect(twice.rows).toEqual([]);
}, 600_000);
