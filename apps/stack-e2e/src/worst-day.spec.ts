import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatUnits, parseUnits } from 'ethers';
import pg from 'pg';
import type { AppName } from '@custody/contracts';
import { waitFor } from '@custody/testing';
import { Api, type ApiResponse } from './api';
import {
  adapterRunning,
  type ChainWorld,
  type CustodyWallet,
  newWallet,
  startChainWorld,
  stopChainWorld,
  withdrawalBody,
} from './chain-world';
import { closeBrokerConnections } from './chaos';
import {
  type Fault,
  faultSchedule,
  faultSeed,
  replayable,
  replayHint,
  seededRandom,
} from './fault-kit';
import {
  createPgCluster,
  dropPgCluster,
  type PgCluster,
  requireClusterTools,
  runAsync,
} from './pg-cluster';
import type { AppProcess } from './stack';
import { DEVICE } from './world';

// The worst day (docs/reliability.md, "The worst day"): a whole stack, its chain adapter on
// anvil, its database on a PostgreSQL cluster of its own, under seeded work (transfers,
// withdrawals paid on chain, deposits sent on chain, purchases) while seeded faults hit it one
// after another: the server restarted in immediate mode (a crash), the apps' sessions terminated
// mid-transaction, an app paused (SIGSTOP) past every RPC deadline (and, half the time, its
// sessions cut meanwhile, as a lease that runs out), apps SIGKILLed and restarted (signing,
// identity and the gateway always among them), the broker's connections closed. A sampler reads
// every balance and the treasury in one snapshot four times a second: per asset, the wallets and
// the treasury add up to the deposits credited less the withdrawals and fees debited (the books
// start empty), the ledger sums to zero and every hold is counted. Then every request answered
// 2xx has exactly one effect, every withdrawal is final and paid at most once on chain, every
// deposit is credited once, and the ledger check and the reconciliation are clean.
// CHAOS_SECONDS (15) and FAULT_REPLICAS (1; `npm run test:faults`: 2 of every app) size it;
// FAULT_SEED replays a run.
const SPEC = 'worst-day.spec.ts';
const SEED = faultSeed();
const CHAOS_MS = Number(process.env['CHAOS_SECONDS'] ?? 15) * 1000;
const REPLICAS = Number(process.env['FAULT_REPLICAS'] ?? 1);
const WORKERS = REPLICAS > 1 ? 4 : 3;
/** The cluster of this test alone: never the shared one, nor the restore drill's (5433). */
const CLUSTER = { name: 'worstday', port: 5434 } as const;
/** Every app's RPC deadline here; a pause outlasts it. */
const RPC_TIMEOUT_MS = 2_500;
const PAUSE_MS = RPC_TIMEOUT_MS + 1_500;
const SERVICES = ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'] as const;
const FLEET: AppName[] = ['gateway', ...SERVICES];
const MUST_KILL = ['signing', 'identity', 'gateway'];
const SAMPLE_EVERY_MS = 250;
const DECIMALS = { eth: 18, usdc: 6 } as const;

let cluster: PgCluster | undefined;
let world: ChainWorld | undefined;
let sampler: Sampler | undefined;
const sharedDatabaseUrl = process.env['DATABASE_URL'];
/** Every app's second replica (FAULT_REPLICAS=2); the first is the stack's own. */
const extras = new Map<AppName, AppProcess>();
/** Every process the test killed (their logs are kept for a failure's report). */
const killed: AppProcess[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(
  replayable(SEED, SPEC, async () => {
    console.log(`worst day: FAULT_SEED=${SEED}, ${CHAOS_MS / 1000} s, ${REPLICAS} replica(s)`);
    requireClusterTools('The worst-day chaos test');
    cluster = await createPgCluster({
      ...CLUSTER,
      settings: [
        'max_connections = 300',
        // An immediate restart ends the server's processes, not the machine: what they wrote is
        // in the kernel's cache either way, so flushing it to the disk would only cost time here.
        'fsync = off',
      ],
    });
    // The stack's database and its roles on this cluster (the test libs read DATABASE_URL).
    process.env['DATABASE_URL'] = cluster.url;
    const rpc = { RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS) };
    world = await startChainWorld({
      tenantName: 'Worst day',
      only: [...SERVICES],
      gasStationEth: '20',
      env: {
        gateway: { ...rpc, RATE_LIMIT_PER_MINUTE: '0' },
        identity: rpc,
        signing: rpc,
        policy: rpc,
        trading: { ...rpc, PURCHASE_RECOVERY_INTERVAL_MS: '500' },
      },
      walletLedger: {
        ...rpc,
        EVM_RECONCILE_INTERVAL_MS: '500',
        EVM_SPEED_UP_AFTER_MS: '3000',
        APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS: '1000',
      },
    });
    // The test's own connection dies with every restart of the server: not used after the start.
    world.db.on('error', () => undefined);
    if (REPLICAS > 1) {
      for (const app of FLEET) extras.set(app, world.stack.spawnExtra(app, {}));
      await Promise.all([...extras.values()].map((proc) => ready(proc)));
    }
  }),
  240_000,
);

afterAll(async () => {
  await sampler?.stop();
  await stopChainWorld(world).catch(() => undefined);
  if (cluster) dropPgCluster(cluster.version, cluster.name);
  process.env['DATABASE_URL'] = sharedDatabaseUrl;
}, 60_000);

/**
 * Until a process is ready: a service's /readyz; a gateway's /healthz (its /readyz wants every
 * service of the platform, and this stack runs those the chain needs).
 */
async function ready(proc: AppProcess | (() => AppProcess)): Promise<void> {
  const current = () => (typeof proc === 'function' ? proc() : proc);
  const probe = () => (current().app === 'gateway' ? 'healthz' : 'readyz');
  await waitFor(
    async () => current().url !== '' && (await fetch(`${current().url}/${probe()}`)).status === 200,
    { timeoutMs: 30_000, intervalMs: 100, what: `${current().app} to be ready` },
  );
}

/** The last errors each running process logged (and its stderr), for a failure's message. */
function logTails(): string {
  const w = world!;
  return [...Object.values(w.stack.apps), ...extras.values()]
    .map((p) => {
      const lines = p.logs.filter((l) => 'stderr' in l || 'raw' in l || l['level'] === 'error');
      return `${p.app} (pid ${p.child.pid}): ${JSON.stringify(lines.slice(-4))}`;
    })
    .join('\n');
}

/**
 * Each process's warnings, errors and stderr (the killed ones' too), written to
 * tmp/worst-day-<seed>/ for a failure: the directory.
 */
function writeLogs(): string {
  const w = world!;
  const dir = path.resolve(__dirname, '../../..', 'tmp', `worst-day-${SEED}`);
  mkdirSync(dir, { recursive: true });
  for (const p of [...killed, ...Object.values(w.stack.apps), ...extras.values()]) {
    const lines = p.logs.filter(
      (l) => 'stderr' in l || 'raw' in l || l['level'] === 'warn' || l['level'] === 'error',
    );
    writeFileSync(
      path.join(dir, `${p.app}-${p.child.pid}.log`),
      lines.map((l) => JSON.stringify(l)).join('\n'),
    );
  }
  return dir;
}

/** The process of `app` in slot `replica`. */
function replicaOf(app: AppName, replica: number): AppProcess {
  const w = world!;
  return replica === 0 || !extras.has(app) ? w.stack.apps[app] : extras.get(app)!;
}

/** The gateways that listen now (one was killed: its successor listens on another port). */
function gatewayUrls(): string[] {
  const all = [
    world!.stack.apps.gateway,
    ...(extras.has('gateway') ? [extras.get('gateway')!] : []),
  ];
  return all
    .filter((p) => p.url && p.child.exitCode === null && !p.child.signalCode)
    .map((p) => p.url);
}

/**
 * The local ports of a process's connections to the cluster (from /proc): its sessions in
 * pg_stat_activity, for a pause that cuts them as a lease running out would.
 */
function clusterPortsOf(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const lines = readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const [local, remote, inode] = [fields[1], fields[2], fields[9]];
      if (!local || !remote || !inode || !inodes.has(inode)) continue;
      if (parseInt(remote.split(':')[1] ?? '', 16) === CLUSTER.port)
        ports.push(parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  return ports;
}

/** A short-lived superuser connection to the stack's database on the cluster. */
async function withDb<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({
    connectionString: world!.stack.databaseUrl,
    application_name: 'worst-day-test',
    connectionTimeoutMillis: 5_000,
  });
  db.on('error', () => undefined);
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end().catch(() => undefined);
  }
}

/**
 * Terminates the sessions of `app` ('*': every app) that are inside a transaction, waiting up to
 * 2 s for one to be; none by then: every session of the app. Answers how many, and whether they
 * were mid-transaction.
 */
async function terminateSessions(
  app: string,
): Promise<{ sessions: number; midTransaction: boolean }> {
  const apps = app === '*' ? FLEET.filter((a) => a !== 'gateway') : [app];
  return withDb(async (db) => {
    const database = new URL(world!.stack.databaseUrl).pathname.slice(1);
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE datname = $1 AND application_name = ANY($2) AND xact_start IS NOT NULL
            AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
        [database, apps],
      );
      if (rows[0]!.n > 0) return { sessions: rows[0]!.n, midTransaction: true };
      await sleep(10);
    }
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = $1 AND application_name = ANY($2) AND pid <> pg_backend_pid()`,
      [database, apps],
    );
    return { sessions: rows[0]!.n, midTransaction: false };
  });
}

/** One snapshot's reading of an asset. */
interface AssetReading {
  asset_id: string;
  wallets: string;
  available: string;
  treasury: string;
  held: string;
  everything: string;
  credited: string;
  withdrawn: string;
  total_ok: boolean;
  zero_ok: boolean;
  holds_ok: boolean;
  negative: number;
}

/**
 * Every balance and the treasury, with the booked external movements, read in one REPEATABLE
 * READ snapshot: per asset, wallets + treasury against deposits credited − (withdrawals'
 * amounts + network fees debited); the sum of every account (zero: the fees and external
 * accounts included); available + open holds against the wallets' balances; negative wallets.
 */
const SNAPSHOT = `
  WITH books AS (
    SELECT asset_id,
           coalesce(sum(balance) FILTER (WHERE kind = 'wallet'), 0) AS wallets,
           coalesce(sum(available_balance) FILTER (WHERE kind = 'wallet'), 0) AS available,
           coalesce(sum(balance) FILTER (WHERE kind = 'treasury'), 0) AS treasury,
           sum(balance) AS everything,
           count(*) FILTER (WHERE kind = 'wallet' AND (balance < 0 OR available_balance < 0)) AS negative
      FROM ledger.accounts GROUP BY asset_id),
  held AS (
    SELECT a.asset_id, sum(h.amount) AS held
      FROM ledger.holds h JOIN ledger.accounts a ON a.id = h.account_id
     WHERE h.status = 'open' GROUP BY a.asset_id),
  credited AS (
    SELECT asset_id, sum(amount) AS credited FROM ledger.incomes
     WHERE status = 'confirmed' GROUP BY asset_id),
  withdrawn AS (
    SELECT asset_id,
           coalesce(sum(amount) FILTER (WHERE status = 'confirmed'), 0)
             + coalesce(sum(fee) FILTER (WHERE status IN ('confirmed', 'failed')), 0) AS withdrawn
      FROM ledger.withdrawals GROUP BY asset_id)
  SELECT b.asset_id, b.wallets::text, b.available::text, b.treasury::text, b.everything::text,
         coalesce(h.held, 0)::text AS held, coalesce(c.credited, 0)::text AS credited,
         coalesce(w.withdrawn, 0)::text AS withdrawn, b.negative::int AS negative,
         b.wallets + b.treasury = coalesce(c.credited, 0) - coalesce(w.withdrawn, 0) AS total_ok,
         b.everything = 0 AS zero_ok,
         b.available + coalesce(h.held, 0) = b.wallets AS holds_ok
    FROM books b
    LEFT JOIN held h USING (asset_id)
    LEFT JOIN credited c USING (asset_id)
    LEFT JOIN withdrawn w USING (asset_id)`;

interface Sampler {
  /** Times (ms since the epoch) of the snapshots read. */
  taken: number[];
  failedReads: number;
  violations: string[];
  stop(): Promise<void>;
}

/** Reads a snapshot every SAMPLE_EVERY_MS, reconnecting after the server's restarts. */
function startSampler(url: string, started: number): Sampler {
  const state: Sampler = { taken: [], failedReads: 0, violations: [], stop: async () => undefined };
  let running = true;
  let client: pg.Client | undefined;
  const read = async () => {
    if (!client) {
      const fresh = new pg.Client({
        connectionString: url,
        application_name: 'worst-day-sampler',
        connectionTimeoutMillis: 2_000,
        statement_timeout: 5_000,
      });
      fresh.on('error', () => undefined);
      await fresh.connect();
      client = fresh;
    }
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const { rows } = await client.query<AssetReading>(SNAPSHOT);
      state.taken.push(Date.now());
      const at = `+${((Date.now() - started) / 1000).toFixed(1)} s`;
      for (const r of rows) {
        if (!r.total_ok)
          state.violations.push(
            `seed ${SEED} ${at} ${r.asset_id}: wallets ${r.wallets} + treasury ${r.treasury} ≠ credited ${r.credited} − withdrawn ${r.withdrawn}`,
          );
        if (!r.zero_ok)
          state.violations.push(
            `seed ${SEED} ${at} ${r.asset_id}: the accounts sum to ${r.everything}`,
          );
        if (!r.holds_ok)
          state.violations.push(
            `seed ${SEED} ${at} ${r.asset_id}: available ${r.available} + held ${r.held} ≠ wallets ${r.wallets}`,
          );
        if (r.negative > 0)
          state.violations.push(
            `seed ${SEED} ${at} ${r.asset_id}: ${r.negative} negative wallet(s)`,
          );
      }
    } finally {
      await client.query('COMMIT');
    }
  };
  const loop = (async () => {
    while (running) {
      const began = Date.now();
      await read().catch(async () => {
        // The server restarting, or this session terminated: a new connection next time.
        state.failedReads += 1;
        await client?.end().catch(() => undefined);
        client = undefined;
      });
      await sleep(Math.max(0, began + SAMPLE_EVERY_MS - Date.now()));
    }
  })();
  state.stop = async () => {
    running = false;
    await loop;
    await client?.end().catch(() => undefined);
  };
  return state;
}

let sends = 0;

/**
 * Sends until the answer is definitive, as a client with its Idempotency-Key does (a 5xx, a
 * dropped connection, 409 idempotency_in_progress: again, through the gateways in turn), for a
 * minute at most; then undefined: no answer.
 */
async function definitive(
  send: (api: Api) => Promise<ApiResponse>,
): Promise<ApiResponse | undefined> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const urls = gatewayUrls();
    sends += 1;
    const res =
      urls.length > 0
        ? await send(new Api(urls[sends % urls.length]!)).catch(() => undefined)
        : undefined;
    if (res && res.status < 500 && res.body?.code !== 'idempotency_in_progress') return res;
    await sleep(200);
  }
  return undefined;
}

interface Wallets {
  eth: CustodyWallet[];
  usdc: CustodyWallet[];
}

async function sendOnChain(w: CustodyWallet, assetId: 'eth' | 'usdc', amount: string) {
  const { chain } = world!;
  const sent =
    assetId === 'eth'
      ? await chain.funder.sendTransaction({ to: w.address, value: parseUnits(amount, 18) })
      : await chain.tokenAs(chain.funder).getFunction('transfer')(w.address, parseUnits(amount, 6));
  await sent.wait();
  return sent.hash as string;
}

async function onChainBalance(address: string, assetId: 'eth' | 'usdc'): Promise<bigint> {
  const { chain } = world!;
  if (assetId === 'eth') return chain.provider.getBalance(address);
  return (await chain.tokenAs(chain.funder).getFunction('balanceOf')(address)) as bigint;
}

it(
  `keeps the total constant and every effect once through ${CHAOS_MS / 1000} s of the worst day (seed ${SEED}, ${REPLICAS} replica(s))`,
  replayable(SEED, SPEC, async () => {
    try {
      await worstDay();
    } catch (error) {
      if (error instanceof Error) error.message += `\n(the apps' warnings: ${writeLogs()})`;
      throw error;
    }
  }),
  600_000,
);

async function worstDay(): Promise<void> {
  const w = world!;
  const random = seededRandom(SEED);
  const started = Date.now();
  sampler = startSampler(w.stack.databaseUrl, started);
  const admin = () => new Api(gatewayUrls()[0] ?? w.stack.gatewayUrl);
  const token = w.tenant.token;

  // Arrange: funded wallets of ETH and of the token, by deposits on chain.
  const wallets: Wallets = {
    eth: await Promise.all(Array.from({ length: 2 + REPLICAS * 2 }, () => newWallet(w, 'eth'))),
    usdc: await Promise.all(Array.from({ length: 1 + REPLICAS }, () => newWallet(w, 'usdc'))),
  };
  const deposits: { hash: string; wallet: string }[] = [];
  for (const wallet of wallets.eth)
    deposits.push({ hash: await sendOnChain(wallet, 'eth', '1'), wallet: wallet.id });
  for (const wallet of wallets.usdc)
    deposits.push({ hash: await sendOnChain(wallet, 'usdc', '100'), wallet: wallet.id });
  const credited = async () =>
    withDb(async (db) => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger.incomes WHERE status = 'confirmed' AND blockchain_transaction_id = ANY($1)`,
        [deposits.map((d) => d.hash)],
      );
      return rows[0]!.n === deposits.length;
    });
  await waitFor(
    async () => {
      await w.chain.mine(1);
      return credited();
    },
    { timeoutMs: 60_000, intervalMs: 300, what: 'the first deposits to be credited' },
  );

  const ok = {
    transfer: [] as string[],
    purchase: [] as string[],
    withdrawal: [] as {
      id: string;
      wallet: CustodyWallet;
      assetId: 'eth' | 'usdc';
      amount: string;
      receiver: string;
    }[],
  };
  const refused = new Map<string, number>();
  const undecided: string[] = [];
  const faults = new Map<string, number>();
  const until = Date.now() + CHAOS_MS;
  /** The faults end after CHAOS_SECONDS, and after one of each kind: the work goes on till then. */
  let chaosDone = false;
  let faultsUntil = until;

  const tally = (what: string, res: ApiResponse | undefined) => {
    if (!res) undecided.push(what);
    else if (res.status >= 300) {
      const code = `${what} ${res.status} ${String(res.body?.code)}`;
      refused.set(code, (refused.get(code) ?? 0) + 1);
    }
  };

  const worker = async (n: number) => {
    const choices = random.fork(`worker-${n}`);
    while (!chaosDone) {
      const key = { 'idempotency-key': randomUUID() };
      const roll = choices.next();
      const assetId = choices.chance(0.7) ? 'eth' : 'usdc';
      const from = choices.pick(wallets[assetId]);
      const small = (max: number) =>
        assetId === 'eth'
          ? formatUnits(BigInt(1 + choices.below(max)) * 10n ** 15n, 18)
          : formatUnits(BigInt(1 + choices.below(max)) * 10n ** 5n, 6);
      if (roll < 0.4) {
        let to = choices.pick(wallets[assetId]);
        while (to === from) to = choices.pick(wallets[assetId]);
        const body = {
          requestedTransactions: [
            {
              assetId,
              senderUserId: from.user,
              senderWalletId: from.id,
              receiverUserId: to.user,
              receiverWalletId: to.id,
              amount: small(10),
            },
          ],
        };
        const res = await definitive((api) =>
          api.post('/v1/transfers', { token, body, headers: key }),
        );
        if (res?.status === 201) ok.transfer.push(res.body.id);
        tally('transfer', res);
      } else if (roll < 0.65) {
        const amount = small(5);
        const body = withdrawalBody(assetId, amount);
        const res = await definitive((api) =>
          api.post(`/v1/users/${from.user}/wallets/${from.id}/withdrawals`, {
            token,
            body,
            headers: key,
          }),
        );
        if (res?.status === 201)
          ok.withdrawal.push({
            id: res.body.id,
            wallet: from,
            assetId,
            amount,
            receiver: body.receiverAddress,
          });
        tally('withdrawal', res);
      } else if (roll < 0.8 && assetId === 'eth') {
        const buy = choices.chance(0.5);
        const body = { operation: buy ? 'buy' : 'sell', amount: buy ? '5' : small(3), ...DEVICE };
        const res = await definitive((api) =>
          api.post(`/v1/users/${from.user}/wallets/${from.id}/purchases`, {
            token,
            body,
            headers: key,
          }),
        );
        if (res?.status === 201) ok.purchase.push(res.body.id);
        tally('purchase', res);
      } else {
        const amount = assetId === 'eth' ? '0.01' : '1';
        deposits.push({ hash: await sendOnChain(from, assetId, amount), wallet: from.id });
      }
      await sleep(choices.between(50, 250));
    }
  };

  const miner = async () => {
    while (!chaosDone) {
      await w.chain.mine(1).catch(() => undefined);
      await sleep(300);
    }
  };

  const inject = async (fault: Fault) => {
    switch (fault.kind) {
      case 'pg-restart':
        await runAsync('pg_ctlcluster', [
          cluster!.version,
          cluster!.name,
          'restart',
          '-m',
          'immediate',
        ]);
        return fault.kind;
      case 'pg-terminate': {
        const cut = await terminateSessions(fault.app);
        return `${fault.kind}${cut.midTransaction ? '' : ' (idle)'}`;
      }
      case 'pause': {
        const proc = replicaOf(fault.app as AppName, fault.replica);
        proc.child.kill('SIGSTOP');
        try {
          await sleep(fault.cutSessions ? RPC_TIMEOUT_MS : fault.ms);
          if (fault.cutSessions) {
            const ports = clusterPortsOf(proc.child.pid!);
            await withDb((db) =>
              db.query(
                'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE client_port = ANY($1)',
                [ports],
              ),
            );
            await sleep(fault.ms - RPC_TIMEOUT_MS);
          }
        } finally {
          proc.child.kill('SIGCONT');
        }
        return `pause${fault.cutSessions ? ' + sessions cut' : ''}`;
      }
      case 'kill': {
        const app = fault.app as AppName;
        if (fault.replica === 0 || !extras.has(app)) {
          killed.push(w.stack.apps[app]);
          await w.stack.crashAndRestart(app);
        } else {
          const old = extras.get(app)!;
          killed.push(old);
          old.child.kill('SIGKILL');
          await old.exited;
          extras.set(app, w.stack.spawnExtra(app, {}));
          await ready(() => extras.get(app)!);
        }
        return `kill ${app}`;
      }
      case 'broker-cut':
        await closeBrokerConnections(w.stack.namespace);
        return 'broker-cut';
    }
  };

  const chaos = async () => {
    const firstRound = 3 + MUST_KILL.length;
    let n = 0;
    for (const fault of faultSchedule(random.fork('faults'), {
      apps: FLEET,
      mustKill: MUST_KILL,
      replicas: REPLICAS,
      pauseMs: PAUSE_MS,
    })) {
      if (n >= firstRound && Date.now() >= until) break;
      await sleep(fault.gapMs);
      const began = Date.now();
      const kind = await inject(fault).catch((error: Error) => {
        throw new Error(`${JSON.stringify(fault)}: ${error.message}\n${logTails()}`, {
          cause: error,
        });
      });
      faults.set(kind, (faults.get(kind) ?? 0) + 1);
      console.log(
        `worst day (seed ${SEED}) fault ${n + 1} at +${((began - started) / 1000).toFixed(1)} s (${new Date(began).toISOString()}): ${JSON.stringify(fault)} (${Date.now() - began} ms)`,
      );
      n += 1;
    }
    faultsUntil = Date.now();
    chaosDone = true;
  };

  // Act. A task that fails ends the others' loops too, and the test waits for them to end:
  // none may still be at work when the chain and the stack stop.
  const faultsFrom = Date.now();
  const stopping = (error: unknown) => {
    chaosDone = true;
    throw error;
  };
  const ended = await Promise.allSettled(
    [...Array.from({ length: WORKERS }, (_, n) => () => worker(n)), miner, chaos].map((task) =>
      task().catch(stopping),
    ),
  );
  for (const task of ended) if (task.status === 'rejected') throw task.reason;
  const faultWindow = [faultsFrom, faultsUntil] as const;
  expect(undecided).toEqual([]);
  // A refusal is one the request would have had without a fault: a balance too small.
  expect([...refused.keys()].filter((r) => !r.endsWith(' insufficient_balance'))).toEqual([]);

  // Every app back (a replica of each answers its /readyz), and the adapter running.
  for (const app of FLEET) await ready(() => replicaOf(app, 0));
  await adapterRunning({ ...w, api: admin() });

  // Every withdrawal final: confirmed, or failed with nothing paid.
  await waitFor(
    async () => {
      await w.chain.mine(1);
      return withDb(async (db) => {
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM ledger.withdrawals WHERE status NOT IN ('confirmed', 'failed', 'cancelled')",
        );
        return rows[0]!.n === 0;
      });
    },
    { timeoutMs: 120_000, intervalMs: 250, what: 'every withdrawal to be final' },
  ).catch(async (error: Error) => {
    const stuck = await withDb(
      async (db) =>
        (
          await db.query(
            `SELECT id, status, asset_id, from_address, chain_nonce, raw_tx IS NOT NULL AS signed, blockchain_transaction_id AS hash
                 FROM ledger.withdrawals WHERE status NOT IN ('confirmed', 'failed', 'cancelled') ORDER BY created_at`,
          )
        ).rows,
    );
    // The oldest first (the sender goes in that order), and what wallet-ledger says of itself.
    const readiness = await Promise.all(
      [replicaOf('wallet-ledger', 0), ...(REPLICAS > 1 ? [replicaOf('wallet-ledger', 1)] : [])].map(
        async (p) =>
          await fetch(`${p.url}/readyz`)
            .then((r) => r.text())
            .catch(String),
      ),
    );
    // The gas station's top-ups not mined, and each sending address's counter against the chain.
    const { topUps, counters } = await withDb(async (db) => ({
      topUps: (
        await db.query<{ withdrawal: string; station: string; nonce: string; hash: string | null }>(
          'SELECT withdrawal_id AS withdrawal, station, nonce, hash FROM ledger.gas_topups ORDER BY nonce',
        )
      ).rows,
      counters: (
        await db.query<{ address: string; next: string }>(
          'SELECT address, next_nonce AS next FROM ledger.chain_nonces',
        )
      ).rows,
    }));
    const unmined = [];
    for (const t of topUps)
      if (!t.hash || !(await w.chain.provider.getTransactionReceipt(t.hash))) unmined.push(t);
    const chainCounts = await Promise.all(
      counters.map(
        async (c) =>
          `${c.address} ${c.next} ${await w.chain.provider.getTransactionCount(c.address, 'latest')}/${await w.chain.provider.getTransactionCount(c.address, 'pending')}`,
      ),
    );
    throw new Error(
      `${error.message}: ${stuck.length} open, the first: ${JSON.stringify(stuck.slice(0, 12))}; ` +
        `top-ups not mined: ${JSON.stringify(unmined.slice(0, 10))}; ` +
        `counters (stored, mined/pending): ${chainCounts.join(', ')}; wallet-ledger: ${readiness.map((r) => r.slice(0, 300)).join(' ')}`,
    );
  });
  // Every deposit credited, every purchase settled.
  await waitFor(
    async () => {
      await w.chain.mine(1);
      if (!(await credited())) return false;
      return withDb(async (db) => {
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM trading.purchases WHERE status = 'pending'",
        );
        return rows[0]!.n === 0;
      });
    },
    { timeoutMs: 60_000, intervalMs: 250, what: 'every deposit credited and purchase settled' },
  );

  // Each 2xx has exactly one effect, and nothing else happened.
  const api = admin();
  const all = async (path: string) =>
    (await api.get(`${path}${path.includes('?') ? '&' : '?'}limit=0`, { token: w.admin })).body as {
      id: string;
      status?: string;
    }[];
  const transfers = await all('/v1/transfers');
  expect(transfers.map((t) => t.id).sort()).toEqual([...ok.transfer].sort());
  const purchases = await all('/v1/users/*/wallets/*/purchases');
  expect(
    purchases
      .filter((p) => p.status === 'approved')
      .map((p) => p.id)
      .sort(),
  ).toEqual([...ok.purchase].sort());
  const movements = (await all('/v1/users/*/wallets/*/transactions')) as unknown as {
    txLog: string;
  }[];
  const perOperation = new Map<string, number>();
  for (const m of movements) perOperation.set(m.txLog, (perOperation.get(m.txLog) ?? 0) + 1);
  for (const id of ok.transfer) expect([id, perOperation.get(id)]).toEqual([id, 2]);
  for (const id of ok.purchase) expect([id, perOperation.get(id)]).toEqual([id, 1]);

  // Every withdrawal final, and paid on chain exactly when it is confirmed (each has its own
  // receiver: a second payment would show).
  const withdrawals = await all('/v1/users/*/wallets/*/withdrawals');
  expect(withdrawals.map((x) => x.id).sort()).toEqual(ok.withdrawal.map((x) => x.id).sort());
  const statusOf = new Map(withdrawals.map((x) => [x.id, x.status]));
  const paid = await Promise.all(
    ok.withdrawal.map(async (x) => {
      const status = statusOf.get(x.id);
      const owed = status === 'confirmed' ? parseUnits(x.amount, DECIMALS[x.assetId]) : 0n;
      const received = await onChainBalance(x.receiver, x.assetId);
      return { id: x.id, status, owed: String(owed), received: String(received) };
    }),
  );
  expect(paid.filter((x) => x.status !== 'confirmed' && x.status !== 'failed')).toEqual([]);
  expect(paid.filter((x) => x.owed !== x.received)).toEqual([]);
  const confirmed = paid.filter((x) => x.status === 'confirmed').length;
  expect(confirmed).toBeGreaterThan(0);

  // Every deposit sent credited exactly once, and no other income.
  const incomes = await withDb(
    async (db) =>
      (
        await db.query<{ hash: string; wallet: string; status: string }>(
          'SELECT blockchain_transaction_id AS hash, wallet_id AS wallet, status FROM ledger.incomes',
        )
      ).rows,
  );
  const key = (x: { hash: string; wallet: string }) => `${x.hash.toLowerCase()} ${x.wallet}`;
  expect(incomes.map((i) => `${key(i)} ${i.status}`).sort()).toEqual(
    deposits.map((d) => `${key(d)} confirmed`).sort(),
  );

  // The ledger check, run to its end, is clean.
  let check: { ok?: boolean; complete?: boolean; violations?: unknown[] } = {};
  await waitFor(
    async () => {
      check = (await api.get('/v1/admin/ledger/check', { token: w.admin })).body;
      return check.complete === true;
    },
    { timeoutMs: 30_000, intervalMs: 100, what: 'the ledger check to complete' },
  );
  expect(check).toMatchObject({ ok: true, violations: [] });

  // Every sending address's stored next nonce is its count on chain: no gap, no reuse.
  const counters = await withDb(
    async (db) =>
      (
        await db.query<{ address: string; next: string }>(
          'SELECT address, next_nonce AS next FROM ledger.chain_nonces',
        )
      ).rows,
  );
  for (const { address, next } of counters)
    expect([address, Number(next)]).toEqual([
      address,
      await w.chain.provider.getTransactionCount(address, 'latest'),
    ]);

  // The reconciliation of the books against the chain, at the confirmed block, is clean.
  const block = (await w.chain.provider.getBlockNumber()) - 1;
  let last: { status?: string; blockNumber?: number } = {};
  await waitFor(
    async () => {
      await w.chain.mine(1);
      last = (await api.get('/v1/admin/reconciliation', { token: w.admin })).body;
      return (last.blockNumber ?? 0) >= block && last.status === 'clean';
    },
    { timeoutMs: 30_000, intervalMs: 300, what: 'a clean reconciliation' },
  ).catch((error: Error) => {
    throw new Error(`${error.message}; the last run: ${JSON.stringify(last)}`);
  });

  // The sampler: a constant total at every snapshot, at least one a second under the faults.
  await sampler.stop();
  const during = sampler.taken.filter((t) => t >= faultWindow[0] && t <= faultWindow[1]);
  let longestGap = 0;
  for (let i = 1; i < during.length; i += 1)
    longestGap = Math.max(longestGap, during[i]! - during[i - 1]!);
  const faultSeconds = (faultWindow[1] - faultWindow[0]) / 1000;
  expect(sampler.violations).toEqual([]);
  expect(during.length).toBeGreaterThanOrEqual(Math.floor(faultSeconds));

  console.log(
    `worst day (seed ${SEED}, ${REPLICAS} replica(s), ${faultSeconds.toFixed(1)} s of faults): ` +
      JSON.stringify({
        transfers: ok.transfer.length,
        withdrawals: ok.withdrawal.length,
        confirmed,
        purchases: ok.purchase.length,
        deposits: deposits.length,
        refused: Object.fromEntries(refused),
        faults: Object.fromEntries(faults),
        snapshots: sampler.taken.length,
        snapshotsUnderFaults: during.length,
        longestGapMs: longestGap,
        failedReads: sampler.failedReads,
        violations: 0,
      }) +
      ` (${replayHint(SEED, SPEC)})`,
  );
}
