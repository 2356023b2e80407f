import path from 'node:path';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { LedgerCheckView } from '@custody/contracts';
import {
  createDatabase,
  createPool,
  type Database,
  migrate,
  withTransaction,
} from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { LedgerCheckService } from './ledger-check.service';
import { postEntry } from './ledger.repository';

// The ledger check in bounded steps against a real database: a run walks every account in
// several calls, the next run walks only the postings written since, what breaks is reported
// (and again by later runs until repaired), and a call never waits for a movement in progress.

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;
let accounts: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  db = createDatabase(pool);
  await migrate(pool, { schema: 'ledger', dir: path.join(__dirname, '..', 'migrations') });
  const { rows } = await pool.query<{ id: string; asset_id: string; kind: string }>(
    `SELECT id, asset_id, kind FROM ledger.accounts WHERE kind <> 'wallet'`,
  );
  accounts = Object.fromEntries(rows.map((r) => [`${r.asset_id}:${r.kind}`, r.id]));
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** A movement between two system accounts of an asset, through the ledger's own writer. */
async function move(assetId: string, from: string, to: string, amount: string) {
  await withTransaction(db, (tx) =>
    postEntry(tx, {
      operationType: 'income',
      operationId: uuidv7(),
      assetId,
      movements: [
        { accountId: accounts[`${assetId}:${from}`]!, amount: `-${amount}` },
        { accountId: accounts[`${assetId}:${to}`]!, amount },
      ],
    }),
  );
}

/** Calls until the run is complete; answers every call's view. */
async function run(check: LedgerCheckService): Promise<LedgerCheckView[]> {
  const views: LedgerCheckView[] = [];
  for (let i = 0; i < 100; i += 1) {
    const view = await check.advance();
    views.push(view);
    if (view.complete) return views;
  }
  throw new Error('the run did not complete');
}

/** Written around the database's own checks, as a bug or a manual repair could. */
const aroundTheChecks = (statements: string) =>
  pool.query(`BEGIN; SET LOCAL session_replication_role = replica; ${statements}; COMMIT`);

it('walks the ledger in bounded calls, then only what was written since', async () => {
  for (let i = 1; i <= 6; i += 1) await move('eth', 'external', 'treasury', `${i}.5`);
  for (let i = 1; i <= 3; i += 1) await move('usdc', 'external', 'fees', `0.0${i}`);
  const check = new LedgerCheckService(pool, {
    accountsPerCall: 2,
    postingsPerCall: 5,
    legsPerCall: 2,
  });

  const first = await run(check);
  // 9 system accounts, 2 per call; 18 postings, 5 per call: several calls, each bounded.
  expect(first.length).toBeGreaterThanOrEqual(5);
  const last = first.at(-1)!;
  expect(last).toMatchObject({ ok: true, complete: true, violations: [] });
  expect(last.progress).toMatchObject({ accountsChecked: 9, accounts: 9, postingsChecked: 18 });
  expect(first.slice(0, -1).every((view) => !view.complete)).toBe(true);

  await move('eth', 'treasury', 'fees', '1');
  const second = await run(check);
  expect(second.at(-1)).toMatchObject({ ok: true, complete: true });
  // Only the two postings written since the last run were walked.
  expect(second.at(-1)!.progress.postingsChecked).toBe(2);
});

it('reports a broken chain, a balance its postings do not reach and an unbalanced entry, run after run', async () => {
  const check = new LedgerCheckService(pool, {
    accountsPerCall: 4,
    postingsPerCall: 50,
    legsPerCall: 50,
  });
  await move('eth', 'external', 'treasury', '2');
  const treasury = accounts['eth:treasury']!;
  const external = accounts['eth:external']!;
  const entry = uuidv7();
  await aroundTheChecks(`
    INSERT INTO ledger.journal_entries (id, operation_type, operation_id, asset_id)
      VALUES ('${entry}', 'income', '${uuidv7()}', 'eth');
    INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after)
      SELECT '${entry}', '${treasury}', 1, balance + 7 FROM ledger.accounts WHERE id = '${treasury}';
    UPDATE ledger.accounts SET balance = balance + 1 WHERE id = '${treasury}';
    UPDATE ledger.accounts SET balance = balance + 5 WHERE id = '${external}'`);
  try {
    for (const attempt of [1, 2]) {
      const views = await run(check);
      const rules = views.at(-1)!.violations.map((v) => v.rule);
      expect({ attempt, rules: [...new Set(rules)].sort() }).toEqual({
        attempt,
        rules: ['asset_sum_not_zero', 'balance_differs_from_postings', 'entry_not_balanced'],
      });
      expect(views.at(-1)!.ok).toBe(false);
      const broken = views
        .at(-1)!
        .violations.filter((v) => v.rule === 'balance_differs_from_postings')
        .map((v) => v.detail['account_id'])
        .sort();
      expect(broken).toEqual([external, treasury].sort());
    }
  } finally {
    await aroundTheChecks(`
      DELETE FROM ledger.postings WHERE entry_id = '${entry}';
      DELETE FROM ledger.journal_entries WHERE id = '${entry}';
      UPDATE ledger.accounts SET balance = balance - 1 WHERE id = '${treasury}';
      UPDATE ledger.accounts SET balance = balance - 5 WHERE id = '${external}'`);
  }
  expect((await run(check)).at(-1)).toMatchObject({ ok: true, violations: [] });
});

it('reports postings without their entry or account, and legs without their transfer, in bounded calls', async () => {
  const missing = '00000000-0000-7000-8000-000000000001';
  // Account ids below and above every real one, the lowest and highest of all included: the
  // steps' ranges cover both ends.
  const [lowest, low, high, highest] = [
    '00000000-0000-0000-0000-000000000000',
    missing,
    'ffffffff-ffff-7fff-bfff-fffffffffffe',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ];
  const legs = ['00000000-0000-0000-0000-000000000000', '00000000-0000-7000-8000-00000000000b'];
  const check = new LedgerCheckService(pool, {
    accountsPerCall: 2,
    postingsPerCall: 50,
    legsPerCall: 1,
  });
  const fees = accounts['usdc:fees']!;
  await aroundTheChecks(`
    INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after)
      VALUES ('${missing}', '${lowest}', -1, -1), ('${missing}', '${low}', -1, -1),
        ('${missing}', '${high}', 1, 1), ('${missing}', '${highest}', 1, 1);
    INSERT INTO ledger.transfer_legs (id, transfer_id, position, asset_id, sender_wallet_id,
        receiver_wallet_id, amount, status)
      SELECT id, '${missing}', 0, 'eth', '${missing}', '${missing}', 1, 'approved'
        FROM unnest('{${legs.join(',')}}'::uuid[]) AS id`);
  try {
    const views = await run(check);
    const last = views.at(-1)!;
    const of = (rule: string) => last.violations.filter((v) => v.rule === rule);
    expect(of('posting_without_account').map((v) => v.detail['account_id'])).toEqual([
      lowest,
      low,
      high,
      highest,
    ]);
    expect(of('leg_without_transfer').map((v) => v.detail['leg_id'])).toEqual(legs);
    // Two legs, one per call, then a call that finds no more.
    expect(last.progress.transferLegsChecked).toBe(2);
    const legCalls = views.filter((v) => v.progress.accountsChecked === v.progress.accounts);
    expect(legCalls.length).toBeGreaterThanOrEqual(3);
    // A posting on a real account whose entry is missing is walked with its account.
    await aroundTheChecks(`
      INSERT INTO ledger.postings (entry_id, account_id, amount, balance_after)
        SELECT '${missing}', '${fees}', 0.5, balance + 0.5 FROM ledger.accounts WHERE id = '${fees}'`);
    const again = (await run(check)).at(-1)!.violations.map((v) => v.rule);
    expect(again).toEqual(expect.arrayContaining(['posting_without_entry']));
  } finally {
    await aroundTheChecks(`
      DELETE FROM ledger.postings WHERE entry_id = '${missing}';
      DELETE FROM ledger.account_checks WHERE account_id = '${fees}';
      DELETE FROM ledger.transfer_legs WHERE transfer_id = '${missing}'`);
  }
  expect((await run(check)).at(-1)).toMatchObject({ ok: true });
});

it('never waits for a movement in progress, which never waits for it', async () => {
  const check = new LedgerCheckService(pool, {
    accountsPerCall: 3,
    postingsPerCall: 10,
    legsPerCall: 10,
  });
  const writer = await pool.connect();
  try {
    // A movement holds every system account's row lock, uncommitted.
    await writer.query('BEGIN');
    await writer.query(
      `SELECT id FROM ledger.accounts WHERE kind <> 'wallet' ORDER BY id FOR UPDATE`,
    );
    await writer.query(`SET LOCAL lock_timeout = '2s'`);
    const views = await run(check);
    expect(views.at(-1)).toMatchObject({ ok: true, complete: true });
    // And the movement writes what it meant to, while the check's tables are held by no one.
    await writer.query(`UPDATE ledger.accounts SET updated_at = now() WHERE kind <> 'wallet'`);
    await writer.query('COMMIT');
  } finally {
    writer.release();
  }
});
