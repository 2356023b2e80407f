// The `scale` benchmark (`BENCH_ONLY=scale`): the same requests on two stacks side by side, one
// on an empty database and one on a database seeded in bulk, through SQL, with the shapes the
// services write (the ledger balanced): 100 tenants, 1,000,000 users and wallets, 10,000,000
// postings with their transactions rows (2,000,000 of them on one hot wallet), 1,000,000
// deliveries and audit events. BENCH_SCALE (default 1) multiplies every count (0.1 for a quicker
// run). The two are measured in alternating rounds, so both see the same phases of the machine.
// Reported: p50 of each read seeded / empty (goal ≤ 1.25), transfers/s seeded / empty (goal
// ≥ 0.9), and `limit=0` over the hot wallet: it completes, the gateway's and wallet-ledger's
// RSS growth (goal < 64 MB) and other clients' GET user p99 during the stream / without it
// (goal ≤ 2).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Api } from '../../apps/stack-e2e/src/api';
import type { Stack } from '../../apps/stack-e2e/src/stack';
import { load, median, paced, percentiles, round } from './load';

const SCALE = Number(process.env['BENCH_SCALE'] ?? 1);
const n = (count: number) => Math.max(1, Math.round(count * SCALE));

export interface ScaleRow {
  metric: string;
  project: number;
  baseline: number;
  target: string;
  met: boolean;
}

interface World {
  token: string;
  admin: string;
  tenantId: string;
  user: string;
  wallet: string;
  hotUser: string;
  hotWallet: string;
  parties: { user: string; wallet: string }[];
}

const DEVICE = { device: 'bench', ip: '203.0.113.1' };

async function arrange(api: Api, token: string, admin: string, tenantId: string): Promise<World> {
  const newUser = async () =>
    (
      await api.post('/v1/users/individual-person', {
        token,
        body: { generalConditions: '2026-01-01' },
      })
    ).body.id as string;
  const newWallet = async (user: string) =>
    (await api.post(`/v1/users/${user}/wallets`, { token, body: { assetId: 'eth', ...DEVICE } }))
      .body.id as string;
  const parties: World['parties'] = [];
  for (let i = 0; i < 100; i += 1) {
    const user = await newUser();
    const wallet = await newWallet(user);
    const income = await api.post('/v1/admin/incomes', {
      token: admin,
      body: {
        walletId: wallet,
        amount: '1000',
        blockchainTransactionId: `0xscale${i}-${Date.now()}`,
        senderAddress: '0x000000000000000000000000000000000000bEEF',
        transactionTimestamp: '2026-11-01T10:00:00Z',
      },
    });
    await api.patch(`/v1/admin/incomes/${income.body.id}`, {
      token: admin,
      body: { status: 'confirmed' },
    });
    parties.push({ user, wallet });
  }
  const hotUser = await newUser();
  const hotWallet = await newWallet(hotUser);
  const [first] = parties as [World['parties'][0]];
  return {
    token,
    admin,
    tenantId,
    user: first.user,
    wallet: first.wallet,
    hotUser,
    hotWallet,
    parties,
  };
}

/** The reads measured, each a path and the token that asks it. */
function reads(world: World, deepCursor: () => string | undefined) {
  const hot = `/v1/users/${world.hotUser}/wallets/${world.hotWallet}/transactions`;
  return {
    'GET user': { path: `/v1/users/${world.user}`, token: world.token },
    'GET wallet': { path: `/v1/users/${world.user}/wallets/${world.wallet}`, token: world.token },
    "a wallet's transactions, first page": { path: `${hot}?limit=50`, token: world.token },
    'a cursor page deep in the hot wallet': {
      path: `${hot}?limit=50&sort=createdAt${deepCursor() ? `&after=${deepCursor()}` : ''}`,
      token: world.token,
    },
    'a filtered list with no match': { path: `${hot}?limit=50&movement=out`, token: world.token },
    'the admin wildcard list': {
      path: '/v1/users/*/wallets/*/transactions?limit=50',
      token: world.admin,
    },
  };
}

/**
 * Each read's latencies over 4 s at a steady 50/s (after 1 s not counted), added to `into`, kept
 * to the microsecond: these reads take a few milliseconds, and whole milliseconds could not tell
 * 1.25×.
 */
async function readLatencies(
  stack: Stack,
  paths: ReturnType<typeof reads>,
  into: Record<string, number[]>,
): Promise<void> {
  for (const [name, read] of Object.entries(paths)) {
    const latencies = (into[name] ??= []);
    const run = await paced({
      url: stack.gatewayUrl,
      headers: { authorization: `Bearer ${read.token}` },
      connections: 4,
      durationSeconds: 4,
      rate: 50,
      warmupSeconds: 1,
      latencies,
      request: () => ({ path: read.path }),
    });
    if (run.errors > 0) throw new Error(`${name}: ${run.errors} errors`);
  }
}

const p50sOf = (pooled: Record<string, number[]>) =>
  Object.fromEntries(
    Object.entries(pooled).map(([name, latencies]) => [name, round(percentiles(latencies).p50)]),
  );

async function transfersPerSecond(stack: Stack, world: World): Promise<number> {
  const { parties } = world;
  const options = {
    url: `${stack.gatewayUrl}/v1/transfers`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
    connections: 64,
    durationSeconds: 8,
    request: () => {
      const i = Math.floor(Math.random() * parties.length);
      const j = (i + 1 + Math.floor(Math.random() * (parties.length - 1))) % parties.length;
      const [a, b] = [parties[i], parties[j]] as [World['parties'][0], World['parties'][0]];
      return {
        body: JSON.stringify({
          requestedTransactions: [
            {
              assetId: 'eth',
              senderUserId: a.user,
              senderWalletId: a.wallet,
              receiverUserId: b.user,
              receiverWalletId: b.wallet,
              amount: '0.000001',
            },
          ],
        }),
      };
    },
  };
  await load({ ...options, durationSeconds: 3 });
  return (await load(options)).rps;
}

/** Bulk rows with the services' shapes; the hot wallet's account and the external one balanced. */
interface Seeded {
  tenants: number;
  users: number;
  hotTransactions: number;
  otherEntries: number;
  deliveries: number;
  auditEvents: number;
  postings: number;
  seedSeconds: number;
}

type Counts = Omit<Seeded, 'postings' | 'seedSeconds'>;

/** The full seed: 10,000,000 postings (2 per entry), 2,000,000 of the entries on the hot wallet. */
const FULL: Counts = {
  tenants: 100,
  users: n(1_000_000),
  hotTransactions: n(2_000_000),
  otherEntries: n(3_000_000),
  deliveries: n(1_000_000),
  auditEvents: n(1_000_000),
};

/** Before measuring the empty database: the hot wallet's first pages hold rows, as later. */
const HOT_START: Counts = {
  tenants: 100,
  users: 0,
  hotTransactions: 200,
  otherEntries: 0,
  deliveries: 0,
  auditEvents: 0,
};

async function seed(databaseUrl: string, world: World, counts: Counts): Promise<Seeded> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = Date.now();
  try {
    // The rows are consistent by construction; the per-statement reference triggers would only
    // re-read them.
    await db.query('SET session_replication_role = replica');
    await db.query(`SET maintenance_work_mem = '256MB'`);
    await db.query(
      `INSERT INTO identity.users (id, tenant_id, kind, email, general_conditions, kyc, created_at)
       SELECT gen_random_uuid(), 'scale-tenant-' || (i % $2), 'individual',
              'user' || i || '@scale.test', '2026-01-01', '{"name":"Seeded"}',
              '2025-01-01'::timestamptz + i * interval '10 ms'
         FROM generate_series(1, $1) AS i`,
      [counts.users, counts.tenants],
    );
    await db.query(
      `INSERT INTO ledger.user_refs (id, tenant_id, general_conditions, created_at, updated_at)
       SELECT id, tenant_id, general_conditions, created_at, created_at FROM identity.users u
        WHERE tenant_id LIKE 'scale-tenant-%'`,
    );
    await db.query(
      `INSERT INTO ledger.wallets (id, tenant_id, user_id, asset_id, address, created_at)
       SELECT gen_random_uuid(), tenant_id, id, 'eth',
              '0x5ca1e' || lpad(to_hex(row_number() OVER ()), 35, '0'), created_at
         FROM ledger.user_refs WHERE tenant_id LIKE 'scale-tenant-%'`,
    );
    await db.query(
      `INSERT INTO ledger.accounts (id, asset_id, kind, wallet_id)
       SELECT gen_random_uuid(), 'eth', 'wallet', id FROM ledger.wallets
        WHERE tenant_id LIKE 'scale-tenant-%'`,
    );
    // The joins below are planned on the tables' real sizes (a plan made for an empty table
    // re-read a growing one per row).
    await db.query('ANALYZE identity.users, ledger.user_refs, ledger.wallets, ledger.accounts');
    // Deposits from the outside: each an entry of two postings (external −, wallet +) and the
    // wallet side's transactions row. The hot wallet's first, then the others round-robin.
    await db.query(
      `CREATE TEMP TABLE seeded_entries AS
      SELECT gen_random_uuid() AS entry_id, gen_random_uuid() AS operation_id, i,
             CASE WHEN i <= $1::int THEN $3::uuid ELSE NULL END AS wallet_id,
             0.001::numeric AS amount,
             '2025-06-01'::timestamptz + i * interval '1 ms' AS at
        FROM generate_series(1, $1::int + $2::int) AS i`,
      [counts.hotTransactions, counts.otherEntries, world.hotWallet],
    );
    await db.query(`CREATE TEMP TABLE seeded_wallets AS
      SELECT w.id AS wallet_id, w.user_id, w.tenant_id, a.id AS account_id,
             row_number() OVER (ORDER BY w.id) AS k
        FROM ledger.wallets w JOIN ledger.accounts a ON a.wallet_id = w.id
       WHERE w.tenant_id LIKE 'scale-tenant-%'`);
    const wallets = Number(
      (await db.query<{ n: string }>('SELECT count(*) AS n FROM seeded_wallets')).rows[0]?.n,
    );
    if (wallets > 0) {
      await db.query(
        `UPDATE seeded_entries SET wallet_id = w.wallet_id FROM seeded_wallets w
          WHERE seeded_entries.wallet_id IS NULL AND w.k = (seeded_entries.i % $1) + 1`,
        [wallets],
      );
    }
    await db.query('ANALYZE seeded_entries, seeded_wallets');
    await db.query(`CREATE TEMP TABLE seeded_parties AS
      SELECT e.*, a.id AS account_id, w.user_id, w.tenant_id
        FROM seeded_entries e JOIN ledger.wallets w ON w.id = e.wallet_id
        JOIN ledger.accounts a ON a.wallet_id = e.wallet_id`);
    await db.query('ANALYZE seeded_parties');
    await db.query(
      `INSERT INTO ledger.journal_entries (id, operation_type, operation_id, asset_id, created_at)
       SELECT entry_id, 'income', operation_id, 'eth', at FROM seeded_parties`,
    );
    // Each wallet's chain, then the external account's (one chain over every deposit).
    await db.query(
      `INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after, created_at)
       SELECT p.entry_id, p.account_id, p.amount,
              a.balance + sum(p.amount) OVER (PARTITION BY p.account_id ORDER BY p.i), p.at
         FROM seeded_parties p JOIN ledger.accounts a ON a.id = p.account_id ORDER BY p.i`,
    );
    await db.query(
      `INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after, created_at)
       SELECT p.entry_id, x.id, -p.amount,
              x.balance - sum(p.amount) OVER (ORDER BY p.i), p.at
         FROM seeded_parties p,
              (SELECT id, balance FROM ledger.accounts WHERE asset_id = 'eth' AND kind = 'external') x
        ORDER BY p.i`,
    );
    await db.query(
      `INSERT INTO ledger.transactions (id, tenant_id, user_id, wallet_id, asset_id, operation_id,
         type, movement, movement_subtype, status, amount, wallet_balance_after, sender, receiver,
         created_at)
       SELECT gen_random_uuid(), p.tenant_id, p.user_id, p.wallet_id, 'eth', p.operation_id,
              'deposit', 'in', 'external', 'confirmed', p.amount,
              a.balance + sum(p.amount) OVER (PARTITION BY p.wallet_id ORDER BY p.i),
              '{"address":"0x000000000000000000000000000000000000bEEF"}',
              jsonb_build_object('walletId', p.wallet_id, 'userId', p.user_id, 'address', 'seeded'),
              p.at
         FROM seeded_parties p JOIN ledger.accounts a ON a.id = p.account_id ORDER BY p.i`,
    );
    await db.query(
      `UPDATE ledger.accounts a SET balance = a.balance + s.total,
              available_balance = a.available_balance + s.total
         FROM (SELECT account_id, sum(amount) AS total FROM seeded_parties GROUP BY account_id) s
        WHERE a.id = s.account_id`,
    );
    await db.query(
      `UPDATE ledger.accounts SET balance = balance - (SELECT sum(amount) FROM seeded_parties),
              available_balance = available_balance - (SELECT sum(amount) FROM seeded_parties)
        WHERE asset_id = 'eth' AND kind = 'external'`,
    );
    // Deliveries of one receiver, finished; audit events of the seeded tenants.
    await db.query(
      `INSERT INTO notifier.notification_types (id, event, description)
       VALUES ('01900000-0000-7000-8000-000000005ca1', 'scale.seeded', 'seeded')
       ON CONFLICT DO NOTHING`,
    );
    await db.query(
      `INSERT INTO notifier.receivers (id, notification_type_id, client_id, tenant_id, url)
       VALUES ('01900000-0000-7000-8000-00000000be11', '01900000-0000-7000-8000-000000005ca1',
               'scale-tenant-0', 'scale-tenant-0', 'https://example.test/hook')
       ON CONFLICT DO NOTHING`,
    );
    await db.query(
      `INSERT INTO notifier.deliveries (id, event_id, event_name, receiver_id, client_id, channel,
         payload, status, attempts, created_at)
       SELECT gen_random_uuid(), gen_random_uuid(), 'scale.seeded',
              '01900000-0000-7000-8000-00000000be11', 'scale-tenant-' || (i % 100), 'url', '{}',
              'delivered', 1, now() - i * interval '1 s'
         FROM generate_series(1, $1) AS i`,
      [counts.deliveries],
    );
    await db.query(
      // In the seeded tenants' chains (docs/decisions/audit.md), each at its own position; the
      // hashes are placeholders (nothing here verifies them).
      `INSERT INTO audit.audit_events (id, chain, seq, prev_hash, hash, occurred_at, request_id,
         action, method, path, client_id, tenant_id, status, outcome)
       SELECT gen_random_uuid(), 'scale-tenant-' || (i % 100), (i - 1) / 100 + 1,
              md5(i::text), md5((i + 1)::text), now() - i * interval '1 s', 'seed-' || i,
              'createUser', 'POST', '/v1/users/individual-person', 'scale-tenant-' || (i % 100),
              'scale-tenant-' || (i % 100), 201, 'success'
         FROM generate_series(1, $1) AS i`,
      [counts.auditEvents],
    );
    await db.query('RESET session_replication_role');
    for (const table of [
      'identity.users',
      'audit.audit_events',
      'ledger.user_refs',
      'ledger.wallets',
      'ledger.accounts',
      'ledger.journal_entries',
      'ledger.postings',
      'ledger.transactions',
      'notifier.deliveries',
    ]) {
      await db.query(`VACUUM ANALYZE ${table}`);
    }
    // The seed's gigabytes of dirty pages are written now, not during the measurements.
    await db.query('CHECKPOINT');
    const postings = Number(
      (await db.query<{ n: string }>('SELECT count(*) AS n FROM ledger.postings')).rows[0]?.n,
    );
    return { ...counts, postings, seedSeconds: Math.round((Date.now() - started) / 1000) };
  } finally {
    await db.end();
  }
}

/**
 * A JSON array read by a child process as it arrives: its bytes and its rows (one `"txLog":` per
 * row; the array's brackets checked), in bounded memory however long it is.
 */
function consume(url: string, token: string): Promise<{ rows: number; bytes: number }> {
  const script = `
    const res = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.TOKEN } });
    if (res.status !== 200) { console.log(JSON.stringify({ status: res.status })); process.exit(1); }
    const decoder = new TextDecoder();
    let rows = 0, bytes = 0, tail = '', first = '', last = '';
    for await (const chunk of res.body) {
      bytes += chunk.length;
      const text = tail + decoder.decode(chunk, { stream: true });
      if (!first) first = text.trimStart()[0];
      rows += text.split('"txLog":').length - 1;
      // A marker cut by a chunk boundary is whole in the next text (8 characters: a counted
      // one never fits in the 7 kept).
      tail = text.slice(-7);
      last = text.trimEnd().slice(-1) || last;
    }
    console.log(JSON.stringify({ rows, bytes, framed: first === '[' && last === ']' }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, URL: url, TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      const result = JSON.parse(out || '{}') as { rows?: number; bytes?: number; framed?: boolean };
      if (code !== 0 || !result.framed) reject(new Error(`limit=0 stream: ${out}`));
      else resolve({ rows: result.rows ?? 0, bytes: result.bytes ?? 0 });
    });
  });
}

function rssBytes(pid: number | undefined): number {
  if (!pid) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** `limit=0` over the hot wallet while other clients read users at a steady rate. */
async function streamUnderLoad(stack: Stack, world: World) {
  const hot = `/v1/users/${world.hotUser}/wallets/${world.hotWallet}/transactions?limit=0`;
  const readers = {
    url: stack.gatewayUrl,
    headers: { authorization: `Bearer ${world.token}` },
    connections: 8,
    durationSeconds: 8,
    rate: 100,
    warmupSeconds: 1,
    request: () => ({ path: `/v1/users/${world.user}` }),
  };
  const quiet: number[] = [];
  await paced({ ...readers, latencies: quiet });
  const pids = {
    gateway: stack.apps.gateway.child.pid,
    'wallet-ledger': stack.apps['wallet-ledger'].child.pid,
  };
  const before = { gateway: rssBytes(pids.gateway), ledger: rssBytes(pids['wallet-ledger']) };
  const peak = { ...before };
  const samplePeak = () => {
    peak.gateway = Math.max(peak.gateway, rssBytes(pids.gateway));
    peak.ledger = Math.max(peak.ledger, rssBytes(pids['wallet-ledger']));
  };
  const sampler = setInterval(samplePeak, 50);
  const during: number[] = [];
  let rows = 0;
  let bytes = 0;
  const started = Date.now();
  try {
    // Read in a process of its own: parsing here would delay the readers' requests in this
    // process and count its own pauses as the server's latency.
    const streaming = consume(`${stack.gatewayUrl}${hot}`, world.token).then((read) => {
      rows = read.rows;
      bytes = read.bytes;
    });
    // Readers while the stream runs (at least its first seconds).
    await Promise.all([streaming, paced({ ...readers, latencies: during })]);
  } finally {
    clearInterval(sampler);
  }
  const seconds = round((Date.now() - started) / 1000);
  // The same stream again: memory that the rows kept would grow past the first stream's peak;
  // a heap sized to the allocation rate stays under it.
  const first = { ...peak };
  const again = setInterval(samplePeak, 50);
  try {
    await consume(`${stack.gatewayUrl}${hot}`, world.token);
  } finally {
    clearInterval(again);
  }
  const mb = (size: number) => round(size / 2 ** 20);
  return {
    rows,
    bytes,
    seconds,
    gatewayGrowthMb: mb(first.gateway - before.gateway),
    ledgerGrowthMb: mb(first.ledger - before.ledger),
    /** Over the first stream's peak, during the second. */
    gatewaySecondGrowthMb: mb(peak.gateway - first.gateway),
    ledgerSecondGrowthMb: mb(peak.ledger - first.ledger),
    quietP99: percentiles(quiet).p99,
    duringP99: percentiles(during).p99,
  };
}

function cursorOf(headers: Headers): string | undefined {
  return /<[^>]*[?&]after=([A-Za-z0-9_-]+)[^>]*>;\s*rel="next"/.exec(
    headers.get('link') ?? '',
  )?.[1];
}

/** One of the two stacks, with its tenant and admin tokens. */
export interface ScaleSide {
  stack: Stack;
  api: Api;
  tenant: { token: string; id: string };
  admin: string;
}

export async function benchScale(
  empty: ScaleSide,
  full: ScaleSide,
  rounds: number,
): Promise<{ rows: ScaleRow[]; details: Record<string, unknown> }> {
  const worlds = {
    empty: await arrange(empty.api, empty.tenant.token, empty.admin, empty.tenant.id),
    full: await arrange(full.api, full.tenant.token, full.admin, full.tenant.id),
  };
  // The empty database's hot wallet holds a few pages, so that its pages have the shape of the
  // seeded one's; its cursor page is its second.
  await seed(empty.stack.databaseUrl, worlds.empty, HOT_START);
  const seeded = await seed(full.stack.databaseUrl, worlds.full, FULL);
  // The database's background work after the seed (the checkpoint's last writes, statistics)
  // runs down before the measurements.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  const hot = (world: World) =>
    `/v1/users/${world.hotUser}/wallets/${world.hotWallet}/transactions?limit=50&sort=createdAt`;
  const emptyDeep = cursorOf(
    (await empty.api.get(hot(worlds.empty), { token: empty.tenant.token })).headers,
  );
  // A cursor half way into the hot wallet's 2,000,000 rows (page 20,000 of 50), found once.
  const fullDeep = cursorOf(
    (
      await full.api.get(
        `${hot(worlds.full)}&page=${Math.max(1, Math.floor(seeded.hotTransactions / 100))}`,
        { token: full.tenant.token },
      )
    ).headers,
  );
  const pooled = { empty: {} as Record<string, number[]>, full: {} as Record<string, number[]> };
  const transfers = { empty: [] as number[], full: [] as number[] };
  const bench = {
    empty: { side: empty, world: worlds.empty, deep: emptyDeep },
    full: { side: full, world: worlds.full, deep: fullDeep },
  };
  const measure = async (name: keyof typeof bench) => {
    const { side, world, deep } = bench[name];
    await readLatencies(
      side.stack,
      reads(world, () => deep),
      pooled[name],
    );
    transfers[name].push(await transfersPerSecond(side.stack, world));
  };
  // Each side goes first in every other round: neither always follows the other's transfers.
  for (let r = 0; r < rounds; r += 1)
    for (const side of r % 2 ? (['full', 'empty'] as const) : (['empty', 'full'] as const))
      await measure(side);

  const emptyReads = p50sOf(pooled.empty);
  const seededReads = p50sOf(pooled.full);
  const emptyTransfers = median(transfers.empty);
  const seededTransfers = median(transfers.full);
  const stream = await streamUnderLoad(full.stack, worlds.full);
  const rows: ScaleRow[] = Object.entries(emptyReads).map(([name, emptyP50]) => {
    const seededP50 = seededReads[name] ?? Number.NaN;
    return {
      metric: `${name}: p50 ms, seeded / empty (${rounds} rounds pooled)`,
      project: seededP50,
      baseline: emptyP50,
      target: '≤ 1.25',
      met: seededP50 <= 1.25 * Math.max(emptyP50, 1),
    };
  });
  rows.push({
    metric: `transfers/s, seeded / empty (median of ${rounds})`,
    project: seededTransfers,
    baseline: emptyTransfers,
    target: '≥ 0.9',
    met: seededTransfers >= 0.9 * emptyTransfers,
  });
  rows.push({
    metric: `limit=0 over the hot wallet (${stream.rows} rows): RSS growth MB, gateway / wallet-ledger`,
    project: stream.gatewayGrowthMb,
    baseline: stream.ledgerGrowthMb,
    target: 'each < 64',
    met:
      stream.rows >= seeded.hotTransactions &&
      Math.max(stream.gatewayGrowthMb, stream.ledgerGrowthMb) < 64,
  });
  rows.push({
    metric: 'the same stream again: RSS growth MB over the first one, gateway / wallet-ledger',
    project: stream.gatewaySecondGrowthMb,
    baseline: stream.ledgerSecondGrowthMb,
    target: 'report',
    met: true,
  });
  rows.push({
    metric: 'GET user p99 ms during the stream / without it',
    project: stream.duringP99,
    baseline: stream.quietP99,
    target: '≤ 2',
    met: stream.duringP99 <= 2 * Math.max(stream.quietP99, 1),
  });
  return {
    rows,
    details: {
      seeded,
      emptyReads,
      seededReads,
      transfers,
      stream,
      deepCursors: { empty: Boolean(emptyDeep), full: Boolean(fullDeep) },
    },
  };
}
