import path from 'node:path';
import type pg from 'pg';
import { Registry } from 'prom-client';
import { v7 as uuidv7 } from 'uuid';
import { createLogger } from '@custody/logging';
import {
  createDatabase,
  createPool,
  type Database,
  migrate,
  withTransaction,
} from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { postEntry } from '../ledger/ledger.repository';
import type { MinedTransaction } from './reconciliation.rules';
import { type ReconciliationChain, ReconciliationService } from './reconciliation.service';

// A run against a real database and a chain whose answers the test sets: what the ledger's
// snapshot gives (booked sums from the deposit and withdrawal postings, from their checkpoints
// on; pending deposits; unsettled withdrawals), what it stores, and which events it writes.

const CONFIRMATIONS = 3;
const STATION = '0x000000000000000000000000000000000000a11c';

class FakeChain implements ReconciliationChain {
  readonly network = {
    name: 'ethereum',
    confirmations: CONFIRMATIONS,
    nativeAssetId: 'eth',
    tokens: new Map([['usdc', '0x00000000000000000000000000000000000070c0']]),
  };
  headBlock = 100;
  /** address → balance, per asset. */
  readonly balances = { eth: new Map<string, string>(), usdc: new Map<string, string>() };
  /** hash → the block it was mined in, and what it did. */
  readonly minedAt = new Map<string, { block: number; tx: MinedTransaction }>();
  /** The blocks balances were read at. */
  readonly reads: number[] = [];

  async head() {
    return this.headBlock;
  }
  async gasStation() {
    return STATION;
  }
  async nativeBalance(address: string, block: number) {
    this.reads.push(block);
    return this.balances.eth.get(address) ?? '0';
  }
  async tokenBalance(_assetId: string, address: string, block: number) {
    this.reads.push(block);
    return this.balances.usdc.get(address) ?? '0';
  }
  async mined(hash: string, _assetId: string, _from: string, block: number) {
    const found = this.minedAt.get(hash);
    return found && found.block <= block ? found.tx : undefined;
  }
}

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;
let system: Record<string, string>;
const logger = createLogger({ service: 'reconciliation-spec', level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  db = createDatabase(pool);
  await migrate(pool, { schema: 'ledger', dir: path.join(__dirname, '..', 'migrations') });
  const { rows } = await pool.query<{ id: string; asset_id: string; kind: string }>(
    `SELECT id, asset_id, kind FROM ledger.accounts WHERE kind <> 'wallet'`,
  );
  system = Object.fromEntries(rows.map((r) => [`${r.asset_id}:${r.kind}`, r.id]));
  await pool.query(
    `INSERT INTO ledger.chain_cursors (network, block_number) VALUES ('ethereum', 1000)`,
  );
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** Rows the test arranges around the database's references (their owners are not the point). */
async function seedRaw(statement: string, values: unknown[]) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(statement, values);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

interface W {
  id: string;
  account: string;
  address: string;
  assetId: string;
}

let addresses = 0;
async function wallet(assetId: string): Promise<W> {
  const w = {
    id: uuidv7(),
    account: uuidv7(),
    address: `0x${(++addresses).toString(16).padStart(40, '0')}`,
    assetId,
  };
  await seedRaw(
    `INSERT INTO ledger.wallets (id, tenant_id, user_id, asset_id, address)
     VALUES ($1, 't', gen_random_uuid(), $2, $3)`,
    [w.id, assetId, w.address],
  );
  await seedRaw(
    `INSERT INTO ledger.accounts (id, asset_id, kind, wallet_id, balance, available_balance)
     VALUES ($1, $2, 'wallet', $3, 0, 0)`,
    [w.account, assetId, w.id],
  );
  return w;
}

async function post(
  operationType: 'income' | 'withdrawal' | 'transfer' | 'purchase',
  assetId: string,
  from: string,
  to: string,
  amount: string,
) {
  await withTransaction(db, (tx) =>
    postEntry(tx, {
      operationType,
      operationId: uuidv7(),
      assetId,
      movements: [
        { accountId: from, amount: `-${amount}` },
        { accountId: to, amount },
      ],
    }),
  );
}

const deposit = (w: W, amount: string) =>
  post('income', w.assetId, system[`${w.assetId}:external`]!, w.account, amount);
const withdrawal = (w: W, amount: string) =>
  post('withdrawal', w.assetId, w.account, system[`${w.assetId}:external`]!, amount);

async function pendingIncome(w: W, amount: string, block: number | null) {
  await seedRaw(
    `INSERT INTO ledger.incomes (id, tenant_id, user_id, wallet_id, asset_id, amount,
       blockchain_transaction_id, sender_address, transaction_timestamp, status, network, block_number)
     VALUES (gen_random_uuid(), 't', gen_random_uuid(), $1, $2, $3, gen_random_uuid()::text, '0xabc',
       now(), 'pending', 'ethereum', $4)`,
    [w.id, w.assetId, amount, block],
  );
}

async function broadcastWithdrawal(w: W, amount: string, hash: string): Promise<string> {
  const id = uuidv7();
  await seedRaw(
    `INSERT INTO ledger.withdrawals (id, tenant_id, user_id, wallet_id, asset_id, amount,
       receiver_address, status, hold_id, blockchain_transaction_id, network, from_address)
     VALUES ($1, 't', gen_random_uuid(), $2, $3, $4, '0xdef', 'broadcast', gen_random_uuid(), $5,
       'ethereum', $6)`,
    [id, w.id, w.assetId, amount, hash, w.address],
  );
  return id;
}

async function outbox(): Promise<{ name: string; tenant_id: string | null; data: any }[]> {
  const { rows } = await pool.query(
    `SELECT name, tenant_id, envelope->'data' AS data FROM ledger.outbox
      WHERE name LIKE 'reconciliation.%' ORDER BY seq`,
  );
  return rows;
}

/** One chain for the whole file: every address keeps what earlier tests put there. */
const chain = new FakeChain();

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

it('compares each address with its deposits and withdrawals, not its internal transfers', async () => {
  const a = await wallet('eth');
  const b = await wallet('eth');
  const u = await wallet('usdc');
  await deposit(a, '2');
  await deposit(b, '1');
  await withdrawal(a, '0.500021');
  await post('transfer', 'eth', a.account, b.account, '0.3');
  await post('purchase', 'eth', system['eth:treasury']!, b.account, '0.2');
  await deposit(u, '100');
  await withdrawal(u, '40.25');
  chain.balances.eth.set(a.address, '1.499979').set(b.address, '1').set(STATION, '9.9');
  chain.balances.eth.set(u.address, '0.0001');
  chain.balances.usdc.set(u.address, '59.75');

  const service = new ReconciliationService(db, pool, logger);
  const done = await service.run(chain);
  expect(done.outcome).toBe('done');
  if (done.outcome !== 'done' || done.run.status === 'none') throw new Error('no run');
  expect(done.run).toMatchObject({ status: 'clean', blockNumber: 98, head: 100, deltaCount: 0 });
  // Every read at the deepest block the adapter counts as confirmed.
  expect(new Set(chain.reads)).toEqual(new Set([98]));
  expect(done.run.assets).toEqual([
    {
      assetId: 'eth',
      addresses: 2,
      liabilities: '2.699979',
      treasury: '-0.2',
      booked: '2.499979',
      inFlight: '0',
      onChain: '2.499979',
      difference: '0',
      house: '9.9001',
    },
    {
      assetId: 'usdc',
      addresses: 1,
      liabilities: '59.75',
      treasury: '0',
      booked: '59.75',
      inFlight: '0',
      onChain: '59.75',
      difference: '0',
      house: '0',
    },
  ]);
  expect(await service.last()).toEqual(done.run);
  expect(await outbox()).toEqual([]);

  // Later postings are walked from the checkpoint; the sums stay exact.
  await deposit(a, '0.000000000000000001');
  chain.balances.eth.set(a.address, '1.499979000000000001');
  const again = await service.run(chain);
  expect(again.outcome === 'done' && again.run).toMatchObject({ status: 'clean' });
  const { rows } = await pool.query(
    `SELECT booked::text FROM ledger.reconciliation_accounts WHERE account_id = $1`,
    [a.account],
  );
  expect(rows).toEqual([{ booked: '1.499979000000000001' }]);
});

it('counts what is in flight at the block: pending deposits and mined, unsettled withdrawals', async () => {
  const w = await wallet('eth');
  await deposit(w, '5');
  await pendingIncome(w, '1', 97); // mined by the block: on chain already
  await pendingIncome(w, '7', 99); // above the block: not yet
  await pendingIncome(w, '3', null); // reported by hand: never on chain
  await broadcastWithdrawal(w, '2', hash(1)); // mined at 98: gone with its fee
  await broadcastWithdrawal(w, '1', hash(2)); // mined at 99: still there at 98
  chain.minedAt.set(hash(1), {
    block: 98,
    tx: { status: 1, value: '2', fee: '0.01', tokenValue: '0' },
  });
  chain.minedAt.set(hash(2), {
    block: 99,
    tx: { status: 1, value: '1', fee: '0.01', tokenValue: '0' },
  });
  chain.balances.eth.set(w.address, '3.99');
  const service = new ReconciliationService(db, pool, logger);
  const done = await service.run(chain);
  if (done.outcome !== 'done' || done.run.status === 'none') throw new Error('no run');
  expect(done.deltas).toEqual([]);
  expect(done.run.assets[0]).toMatchObject({ assetId: 'eth', inFlight: '-1.01', difference: '0' });
});

it('names a broken address once, again when it changes, and the return to clean once', async () => {
  const w = await wallet('eth');
  await deposit(w, '1');
  const service = new ReconciliationService(db, pool, logger);
  chain.balances.eth.set(w.address, '1');
  expect(await service.run(chain)).toMatchObject({ outcome: 'done', run: { status: 'clean' } });
  const before = (await outbox()).length;

  chain.balances.eth.set(w.address, '2.25');
  const broken = await service.run(chain);
  if (broken.outcome !== 'done' || broken.run.status === 'none') throw new Error('no run');
  expect(broken.run.status).toBe('broken');
  expect(broken.deltas).toEqual([
    expect.objectContaining({
      walletId: w.id,
      address: w.address,
      assetId: 'eth',
      booked: '1',
      onChain: '2.25',
      difference: '1.25',
    }),
  ]);
  const page = await service.deltas(
    { page: 1, limit: 50, sort: { field: 'address', direction: 'asc' } },
    {},
  );
  expect(page.items.map((d) => [d.address, d.difference])).toEqual([[w.address, '1.25']]);
  expect(page.total).toBe(1);

  await service.run(chain);
  chain.balances.eth.set(w.address, '2.5');
  await service.run(chain);
  chain.balances.eth.set(w.address, '1');
  await service.run(chain);
  await service.run(chain);
  const events = (await outbox()).slice(before);
  expect(
    events.map((e) => [e.name, e.tenant_id, e.data.deltas.map((d: any) => d.difference)]),
  ).toEqual([
    ['reconciliation.is-broken', null, ['1.25']],
    ['reconciliation.is-broken', null, ['1.5']],
    ['reconciliation.is-clean', null, []],
  ]);

  // For alerts, read from the database at each scrape: every replica reports the last run.
  const registry = new Registry();
  service.registerMetrics(registry);
  const text = await registry.metrics();
  expect(text).toMatch(/^reconciliation_deltas\{network="ethereum"\} 0$/m);
  expect(text).toMatch(/^reconciliation_last_run_timestamp_seconds\{network="ethereum"\} \d+/m);
});

it('waits for the deposit scan to reach the block, and runs one at a time', async () => {
  const ahead = new FakeChain();
  ahead.headBlock = 2_000;
  const service = new ReconciliationService(db, pool, logger);
  expect(await service.run(ahead)).toEqual({ outcome: 'deferred', block: 1_998, cursor: 1_000 });

  const holder = await pool.connect();
  try {
    await holder.query(`SELECT pg_advisory_lock(hashtext('ledger.reconciliation'))`);
    expect(await service.run(chain)).toEqual({ outcome: 'busy' });
  } finally {
    await holder.query(`SELECT pg_advisory_unlock(hashtext('ledger.reconciliation'))`);
    holder.release();
  }
});
