import { mkdtempSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { numeric, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EVENTS, TOTAL_COUNT_CAP } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { createTestDatabase, TEST_EVENT, type TestDatabase, testEvent } from '@custody/testing';
import type pg from 'pg';
import { z } from 'zod';
import {
  createDatabase,
  createPool,
  enqueueEvent,
  executePrepared,
  listClauses,
  listResult,
  offsetCursor,
  onOutboxCommit,
  outboxInsertMany,
  outboxRecord,
  migrate,
  runIdempotent,
  runIdempotentAround,
  selectPage,
  storedIdempotentResult,
  storedIdempotentResults,
  pipeline,
  prepared,
  readOffsetCursor,
  sqlState,
  withPipelinedTransaction,
  withTransaction,
  type Database,
} from './index';

const FIXTURES = path.join(__dirname, '__fixtures__', 'migrations');
const demo = pgSchema('demo');
const things = demo.table('things', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  amount: numeric('amount').notNull(),
  externalReference: text('external_reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  db = createDatabase(pool);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

describe('migrate', () => {
  it('applies the outbox/inbox and the app migrations once, even from concurrent replicas', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => migrate(pool, { schema: 'demo', dir: FIXTURES })),
    );
    const applied = results.flatMap((r) => r.applied).sort();
    expect(applied).toEqual([
      '0000_idempotency',
      '0000_messaging',
      '0000_outbox_returns',
      '0000_outbox_wake',
      '0000_retention',
      '0000_rpc_proofs',
      '0001_things',
    ]);
    const again = await migrate(pool, { schema: 'demo', dir: FIXTURES });
    expect(again.applied).toEqual([]);
  });

  it('refuses to start when an applied migration file was edited', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    cpSync(FIXTURES, dir, { recursive: true });
    writeFileSync(path.join(dir, '0001_things.sql'), 'SELECT 1;');
    await expect(migrate(pool, { schema: 'demo', dir })).rejects.toThrow(
      /changed after it was applied/,
    );
  });

  it('rolls back every migration of a run when one fails', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    writeFileSync(path.join(dir, '0001_good.sql'), 'CREATE TABLE broken.good (id int);');
    writeFileSync(path.join(dir, '0002_bad.sql'), 'CREATE TABLE broken.bad (id nonsense_type);');
    await expect(migrate(pool, { schema: 'broken', dir })).rejects.toThrow();
    const { rows } = await pool.query(`SELECT to_regclass('broken.good') AS t`);
    expect(rows[0].t).toBeNull();
  });
});

describe('numeric values', () => {
  it('come back as exact strings, never numbers', async () => {
    await db.insert(things).values({
      id: 'n1',
      name: 'n',
      amount: '123456789012345678.123456789012345678',
      createdAt: new Date(),
    });
    const [row] = await db
      .select()
      .from(things)
      .where(sql`${things.id} = 'n1'`);
    expect(row!.amount).toBe('123456789012345678.123456789012345678');
    await db.delete(things);
  });
});

describe('withTransaction', () => {
  it('retries the whole transaction after a serialization failure', async () => {
    let attempts = 0;
    const result = await withTransaction(
      db,
      async (tx) => {
        attempts++;
        await tx.execute(sql`SELECT 1`);
        // What pg raises for a serialization failure: an error carrying SQLSTATE 40001.
        if (attempts === 1)
          throw Object.assign(new Error('could not serialize access'), { code: '40001' });
        return 'committed';
      },
      { retries: 2 },
    );
    expect(result).toBe('committed');
    expect(attempts).toBe(2);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    const error = await withTransaction(
      db,
      async (tx) => {
        attempts++;
        await tx.execute(sql`INSERT INTO demo.things (id) VALUES ('x')`); // violates NOT NULL
      },
      { retries: 3 },
    ).catch((e: unknown) => e);
    expect(sqlState(error)).toBe('23502');
    expect(attempts).toBe(1);
  });
});

describe('a session idle inside a transaction (its process paused, say)', () => {
  beforeAll(() =>
    pool.query(
      `INSERT INTO demo.things (id, name, amount, created_at) VALUES ('leased', 'kept', 1, now())`,
    ),
  );
  afterAll(() => pool.query(`DELETE FROM demo.things WHERE id = 'leased'`));

  /** A connection of `of` whose transaction locked the row, then sends nothing more. */
  async function lockedThenIdle(of: pg.Pool): Promise<pg.PoolClient> {
    const client = await of.connect();
    await client.query('BEGIN');
    await client.query(`SELECT 1 FROM demo.things WHERE id = 'leased' FOR UPDATE`);
    return client;
  }

  /** Another session's wait for the row, `waitMs` at most: whether it got it. */
  const lockWithin = (waitMs: number) =>
    withTransaction(db, async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${waitMs}`));
      await tx.execute(sql`SELECT 1 FROM demo.things WHERE id = 'leased' FOR UPDATE`);
      return true;
    }).catch((error: unknown) => {
      if (sqlState(error) === '55P03') return false;
      throw error;
    });

  it("is ended by PostgreSQL after the pool's timeout: its row locks go, and its work with them", async () => {
    const leased = createPool(database.url, { idleInTransactionTimeoutMs: 500 });
    try {
      const paused = await lockedThenIdle(leased);
      expect((await paused.query('SHOW idle_in_transaction_session_timeout')).rows).toEqual([
        { idle_in_transaction_session_timeout: '500ms' },
      ]);
      // Awaited, not slept: the other session gets the row once PostgreSQL ends the idle one.
      expect(await lockWithin(10_000)).toBe(true);
      // The paused process, resumed, finds its transaction gone: what it writes now is refused.
      const late = await paused
        .query(`UPDATE demo.things SET name = 'late' WHERE id = 'leased'`)
        .catch((error: unknown) => error);
      expect(late).toBeInstanceOf(Error);
      paused.release(true);
      const { rows } = await pool.query(`SELECT name FROM demo.things WHERE id = 'leased'`);
      expect(rows).toEqual([{ name: 'kept' }]);
    } finally {
      await leased.end();
    }
  });

  it('holds its row locks as long as it likes on a pool without the timeout', async () => {
    const unleased = createPool(database.url);
    try {
      const paused = await lockedThenIdle(unleased);
      expect(await lockWithin(1_500)).toBe(false);
      await paused.query('ROLLBACK');
      paused.release();
    } finally {
      await unleased.end();
    }
  });
});

describe('enqueueEvent', () => {
  it('writes the event only when its transaction commits', async () => {
    await withTransaction(db, (tx) => enqueueEvent(tx, 'demo', testEvent(1, 't')));
    await withTransaction(db, async (tx) => {
      await enqueueEvent(tx, 'demo', testEvent(2, 't'));
      tx.rollback();
    }).catch(() => undefined);
    const { rows } = await pool.query('SELECT name, envelope FROM demo.outbox');
    expect(rows.map((r) => r.name)).toEqual([TEST_EVENT]);
    expect(rows[0].envelope).toMatchObject({
      name: TEST_EVENT,
      tenantId: 't',
      data: { suppressed: 1 },
      id: expect.any(String),
    });
  });

  it("takes only its name's payload (checked by tsc)", () => {
    const { data } = testEvent();
    const mismatched = () =>
      // @ts-expect-error a refused RPC's payload under a user's name
      enqueueEvent(db, 'demo', { name: EVENTS.userCreated, tenantId: 't', data });
    expect(typeof mismatched).toBe('function');
  });
});

describe('onOutboxCommit', () => {
  const event = testEvent(0, 't');
  let commits = 0;
  let stop: () => void;
  beforeEach(() => {
    commits = 0;
    stop = onOutboxCommit(pool, () => (commits += 1));
  });
  afterEach(() => stop());

  it('reports a transaction that wrote an event once, when it commits and not before', async () => {
    await withTransaction(db, async (tx) => {
      await enqueueEvent(tx, 'demo', event);
      await enqueueEvent(tx, 'demo', event);
      await tx.execute(sql`SELECT 1`);
      expect(commits).toBe(0);
    });
    expect(commits).toBe(1);
  });

  it('reports nothing for a transaction without an event, nor for a commit on another pool', async () => {
    await withTransaction(db, (tx) => tx.execute(sql`SELECT count(*) FROM demo.outbox`));
    const other = createPool(database.url);
    try {
      await withTransaction(createDatabase(other), (tx) => enqueueEvent(tx, 'demo', event));
    } finally {
      await other.end();
    }
    expect(commits).toBe(0);
  });

  it('reports an event written outside a transaction, and one whose COMMIT left in its pipeline', async () => {
    await enqueueEvent(db, 'demo', event);
    expect(commits).toBe(1);
    await withPipelinedTransaction(pool, async (tx) => {
      await tx.begin([sql`SELECT 1`]);
      await tx.commitWith([outboxInsertMany('demo', [outboxRecord(event)])]);
    });
    expect(commits).toBe(2);
  });

  it('is told by the outbox trigger alone, which no longer sends a NOTIFY', async () => {
    const { rows } = await pool.query<{ source: string }>(
      `SELECT p.prosrc AS source FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE t.tgrelid = 'demo.outbox'::regclass AND NOT t.tgisinternal`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toContain('RAISE NOTICE');
    expect(rows[0]?.source).not.toContain('pg_notify');
  });

  it('reports it on a connection whose session silences notices', async () => {
    const client = await pool.connect();
    try {
      await client.query('SET client_min_messages = error');
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO demo.outbox (id, name, envelope) VALUES (gen_random_uuid(), 'x', '{}')`,
      );
      await client.query('COMMIT');
    } finally {
      client.release(true);
    }
    expect(commits).toBe(1);
  });
});

describe('listClauses', () => {
  beforeAll(async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      id: `t${i}`,
      name: `thing ${4 - i}`,
      amount: String(i),
      externalReference: i % 2 === 0 ? 'even' : 'odd',
      createdAt: new Date(Date.UTC(2026, 0, i + 1)),
    }));
    await db.insert(things).values(rows);
  });

  const columns = {
    sortable: { createdAt: things.createdAt, name: things.name },
    createdAt: things.createdAt,
    id: things.id,
    externalReference: things.externalReference,
  };

  async function run(query: Parameters<typeof listClauses>[0]) {
    const c = listClauses(query, columns);
    let q = db
      .select({ id: things.id })
      .from(things)
      .where(c.where)
      .orderBy(...c.orderBy)
      .offset(c.offset)
      .$dynamic();
    if (c.limit !== undefined) q = q.limit(c.limit);
    return (await q).map((r) => r.id);
  }

  it('sorts, pages and filters by date and externalReference', async () => {
    expect(
      await run({ page: 1, limit: 2, sort: { field: 'createdAt', direction: 'desc' } }),
    ).toEqual(['t4', 't3']);
    expect(
      await run({ page: 2, limit: 2, sort: { field: 'createdAt', direction: 'desc' } }),
    ).toEqual(['t2', 't1']);
    expect(await run({ page: 1, limit: 0, sort: { field: 'name', direction: 'asc' } })).toEqual([
      't4',
      't3',
      't2',
      't1',
      't0',
    ]);
    expect(
      await run({
        page: 1,
        limit: 0,
        sort: { field: 'createdAt', direction: 'asc' },
        createdAfter: '2026-01-02T00:00:00.000Z',
        createdBefore: '2026-01-05T00:00:00.000Z',
      }),
    ).toEqual(['t2', 't3']);
    expect(
      await run({
        page: 1,
        limit: 0,
        sort: { field: 'createdAt', direction: 'asc' },
        externalReference: 'odd',
      }),
    ).toEqual(['t1', 't3']);
  });

  it('refuses a sort field outside the allow-list', () => {
    expect(() =>
      listClauses({ page: 1, limit: 1, sort: { field: 'amount', direction: 'asc' } }, columns),
    ).toThrow(/allow-listed/);
  });
});

describe('keyset pages', () => {
  const rows = demo.table('rows', {
    id: uuid('id').primaryKey(),
    tenant: text('tenant').notNull(),
    amount: numeric('amount').notNull(),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  });
  const columns = {
    sortable: { createdAt: rows.createdAt, amount: rows.amount, label: rows.label },
    createdAt: rows.createdAt,
    id: rows.id,
  };

  beforeAll(async () => {
    // Microsecond timestamps (a JavaScript Date keeps milliseconds), many equal amounts and
    // labels, and NULL labels: what a cursor must carry exactly to resume at the right row.
    await pool.query(`CREATE SCHEMA IF NOT EXISTS demo`);
    await pool.query(`CREATE TABLE demo.rows (
      id uuid PRIMARY KEY, tenant text NOT NULL, amount numeric NOT NULL, label text,
      created_at timestamptz NOT NULL)`);
    await pool.query(`INSERT INTO demo.rows
      SELECT gen_random_uuid(), 'a', (i % 7)::numeric / 4, CASE WHEN i % 5 = 0 THEN NULL ELSE 'l' || (i % 3) END,
             '2026-01-01'::timestamptz + i * interval '1 microsecond'
      FROM generate_series(1, 250) AS i`);
  });

  const query = (sort: string, limit: number, after?: string) => ({
    page: 1,
    limit,
    sort: sort.startsWith('-')
      ? { field: sort.slice(1), direction: 'desc' as const }
      : { field: sort, direction: 'asc' as const },
    ...(after ? { after } : {}),
  });

  async function walk(sort: string, limit: number, onPage?: () => Promise<void>) {
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await selectPage(
        db,
        rows,
        listClauses(query(sort, limit, after), columns, [sql`${rows.tenant} = 'a'`]),
      );
      seen.push(...page.rows.map((r) => r.id));
      pages += 1;
      await onPage?.();
      if (!page.next) return { seen, pages };
      after = page.next;
    }
  }

  async function expected(sort: string): Promise<string[]> {
    const order = sort.startsWith('-') ? 'DESC' : 'ASC';
    const column = { createdAt: 'created_at', amount: 'amount', label: 'label' }[
      sort.replace('-', '') as 'createdAt'
    ];
    const result = await pool.query<{ id: string }>(
      `SELECT id FROM demo.rows WHERE tenant = 'a' ORDER BY ${column} ${order}, id ${order}`,
    );
    return result.rows.map((r) => r.id);
  }

  it.each(['createdAt', '-createdAt', 'amount', '-amount', 'label', '-label'])(
    'walks every row once, in the order of %s, with NULLs and ties',
    async (sort) => {
      const { seen, pages } = await walk(sort, 40);
      expect(pages).toBe(7);
      expect(seen).toEqual(await expected(sort));
    },
  );

  it('misses and repeats no row while rows are being added behind and ahead', async () => {
    const before = await expected('createdAt');
    let added = 0;
    try {
      const { seen } = await walk('createdAt', 30, async () => {
        added += 1;
        // One row before the walk's start, one at its far end, after each page.
        await pool.query(
          `INSERT INTO demo.rows VALUES
            (gen_random_uuid(), 'a', 1, 'x', '2025-01-01'::timestamptz + $1 * interval '1 second'),
            (gen_random_uuid(), 'a', 1, 'x', '2027-01-01'::timestamptz + $1 * interval '1 second')`,
          [added],
        );
      });
      expect(new Set(seen).size).toBe(seen.length);
      // Every row there when the walk began, in order, then those added ahead of it before its
      // last page was read.
      expect(seen.slice(0, before.length)).toEqual(before);
      expect(seen.length - before.length).toBe(added - 1);
    } finally {
      await pool.query(`DELETE FROM demo.rows WHERE label = 'x'`);
    }
  });

  it('answers next only when more rows follow, and the total without counting a whole page', async () => {
    const all = await selectPage(
      db,
      rows,
      listClauses(query('createdAt', 1000), columns, [sql`${rows.tenant} = 'a'`]),
    );
    expect(all.rows).toHaveLength(250);
    expect(all.next).toBeUndefined();
    expect(all.total).toBe(250);
    const first = await selectPage(
      db,
      rows,
      listClauses(query('createdAt', 100), columns, [sql`${rows.tenant} = 'a'`]),
    );
    expect(first.total).toBe(250);
    const second = await selectPage(
      db,
      rows,
      listClauses(query('createdAt', 100, first.next), columns, [sql`${rows.tenant} = 'a'`]),
    );
    // The total is the list's, not what follows the cursor.
    expect(second.total).toBe(250);
    expect(
      listResult(
        second,
        second.rows.map((r) => r.id),
      ),
    ).toEqual({
      items: second.rows.map((r) => r.id),
      total: 250,
      next: second.next,
    });
  });

  it('reports a total past the cap as the cap, marked as a lower bound', async () => {
    await pool.query(`INSERT INTO demo.rows
      SELECT gen_random_uuid(), 'big', 1, NULL, now() FROM generate_series(1, ${TOTAL_COUNT_CAP + 5})`);
    const page = await selectPage(
      db,
      rows,
      listClauses(query('-createdAt', 10), columns, [sql`${rows.tenant} = 'big'`]),
    );
    expect(page.total).toBe(TOTAL_COUNT_CAP);
    expect(page.totalIsLowerBound).toBe(true);
    expect(listResult(page, [])).toMatchObject({ total: TOTAL_COUNT_CAP, totalIsLowerBound: true });
    await pool.query(`DELETE FROM demo.rows WHERE tenant = 'big'`);
  });

  it('refuses a cursor that is not one of its own, or was made under another sort', async () => {
    const first = await selectPage(db, rows, listClauses(query('amount', 10), columns));
    expect(first.next).toBeDefined();
    for (const [sort, after] of [
      ['-amount', first.next!],
      ['amount', 'not-a-cursor'],
      ['amount', Buffer.from('["amount:asc",1,2]').toString('base64url')],
    ] as const) {
      let caught: unknown;
      try {
        listClauses(query(sort, 10, after), columns);
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ status: 400, code: 'invalid_cursor' });
    }
    // Well formed, but with values the columns' types refuse: refused when the page is read.
    for (const content of [
      ['amount:asc', 'not a number', '01900000-0000-7000-8000-000000000001'],
      ['amount:asc', '1', 'not-a-uuid'],
    ]) {
      const after = Buffer.from(JSON.stringify(content)).toString('base64url');
      await expect(
        selectPage(db, rows, listClauses(query('amount', 10, after), columns)),
      ).rejects.toMatchObject({ status: 400, code: 'invalid_cursor' });
    }
  });

  it('reads back the position of an in-memory list, and refuses a keyset cursor or another sort', () => {
    const sort = { field: 'code', direction: 'asc' };
    expect(readOffsetCursor(offsetCursor(sort, 250), sort)).toBe(250);
    for (const [cursor, under] of [
      [offsetCursor(sort, 250), { field: 'code', direction: 'desc' }],
      [Buffer.from('["code:asc","12","x"]').toString('base64url'), sort],
      [Buffer.from('["code:asc","-1","offset"]').toString('base64url'), sort],
    ] as const) {
      expect(() => readOffsetCursor(cursor, under)).toThrow(
        expect.objectContaining({ code: 'invalid_cursor' }),
      );
    }
  });

  it('answers at most MAX_LIST_PAGE rows, whatever limit it is given', async () => {
    expect(listClauses(query('amount', 0), columns).limit).toBe(1000);
    expect(listClauses(query('amount', 5000), columns).limit).toBe(1000);
  });
});

describe('runIdempotent', () => {
  const key = (k: string, requestHash = 'h1') => ({ clientId: 'c1', key: k, requestHash });
  /** How the commands below answer, as a replay reads it back. */
  const answer = z.object({ result: z.string() });
  let effects = 0;
  const command =
    (result: string) => async (tx: Parameters<Parameters<typeof runIdempotent>[4]>[0]) => {
      effects++;
      await tx.execute(
        sql`INSERT INTO demo.things (id, name, created_at) VALUES (${`idem-${Math.random()}`}, ${result}, now())`,
      );
      return { result };
    };

  beforeEach(() => {
    effects = 0;
  });

  it('replays the first result for the same key and request, with one effect', async () => {
    const first = await runIdempotent(db, 'demo', key('k1'), answer, command('a'));
    const second = await runIdempotent(db, 'demo', key('k1'), answer, command('b'));
    expect(second).toEqual(first);
    expect(effects).toBe(1);
  });

  it('answers 409 idempotency_conflict for the same key with another request', async () => {
    await runIdempotent(db, 'demo', key('k2'), answer, command('a'));
    await expect(
      runIdempotent(db, 'demo', key('k2', 'other'), answer, command('b')),
    ).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_conflict',
    });
  });

  it('runs 20 concurrent twins once and gives them all the same answer', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runIdempotent(db, 'demo', key('k3'), answer, command(`r${i}`)),
      ),
    );
    expect(effects).toBe(1);
    expect(new Set(results.map((r) => r.result)).size).toBe(1);
  });

  it('stores and replays a 4xx, and undoes its writes', async () => {
    const failing = async (
      tx: Parameters<Parameters<typeof runIdempotent>[4]>[0],
    ): Promise<{ result: string }> => {
      effects++;
      await tx.execute(
        sql`INSERT INTO demo.things (id, name, created_at) VALUES ('undone', 'x', now())`,
      );
      throw Errors.badRequest('Not enough available balance.', 'insufficient_balance');
    };
    await expect(runIdempotent(db, 'demo', key('k4'), answer, failing)).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_balance',
    });
    await expect(runIdempotent(db, 'demo', key('k4'), answer, failing)).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_balance',
    });
    expect(effects).toBe(1);
    const { rows } = await pool.query(`SELECT 1 FROM demo.things WHERE id = 'undone'`);
    expect(rows).toHaveLength(0);
  });

  it("looks up several keys' stored answers at once: results, stored errors and conflicts", async () => {
    await runIdempotent(db, 'demo', key('many-ok'), answer, command('stored'));
    const refused = async (): Promise<{ result: string }> => {
      throw Errors.badRequest('Not enough available balance.', 'insufficient_balance');
    };
    await runIdempotent(db, 'demo', key('many-refused'), answer, refused).catch(() => undefined);
    const ok = key('many-ok');
    const failed = key('many-refused');
    const other = key('many-ok', 'another request');
    const fresh = key('many-fresh');
    const answers = await storedIdempotentResults(db, 'demo', [ok, failed, other, fresh], answer);
    expect(answers.get(ok)).toEqual({ result: { result: 'stored' } });
    expect(answers.get(failed)).toMatchObject({ error: { code: 'insufficient_balance' } });
    expect(answers.get(other)).toMatchObject({ error: { code: 'idempotency_conflict' } });
    expect(answers.has(fresh)).toBe(false);
  });

  it('answers 409 idempotency_in_progress to a twin that waits too long for the first', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = runIdempotent(db, 'demo', key('k6'), answer, async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await held;
      return { result: 'first' };
    });
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the first claim the key
    await expect(
      runIdempotent(db, 'demo', key('k6'), answer, command('twin'), { waitForTwinMs: 200 }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_in_progress',
    });
    release();
    await expect(first).resolves.toEqual({ result: 'first' });
    await expect(runIdempotent(db, 'demo', key('k6'), answer, command('later'))).resolves.toEqual({
      result: 'first',
    });
  });

  it('around a command: claims, replays, and refuses a twin while the first runs', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = runIdempotentAround(db, 'demo', key('k7'), z.string(), async () => {
      await held;
      return 'done';
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(
      runIdempotentAround(db, 'demo', key('k7'), z.string(), async () => 'twin'),
    ).rejects.toMatchObject({
      code: 'idempotency_in_progress',
    });
    release();
    expect(await first).toBe('done');
    expect(await runIdempotentAround(db, 'demo', key('k7'), z.string(), async () => 'again')).toBe(
      'done',
    );
    await expect(
      runIdempotentAround(db, 'demo', key('k7', 'other'), z.string(), async () => 'x'),
    ).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
  });

  it('does not burn the key on a 5xx', async () => {
    await expect(
      runIdempotent(db, 'demo', key('k5'), answer, async (): Promise<{ result: string }> => {
        throw new Error('database hiccup');
      }),
    ).rejects.toThrow('database hiccup');
    expect(await runIdempotent(db, 'demo', key('k5'), answer, command('after'))).toEqual({
      result: 'after',
    });
  });

  it("parses a replayed answer: what the key's column holds is not taken on trust", async () => {
    await runIdempotent(db, 'demo', key('k8'), answer, command('kept'));
    expect(await storedIdempotentResult(db, 'demo', key('k8'), answer)).toEqual({
      result: { result: 'kept' },
    });
    // The column rewritten in another shape (an older version's answer, a hand edit).
    await pool.query(
      `UPDATE demo.idempotency_keys SET response = '{"ok": true, "result": {"result": 7}}'
        WHERE client_id = 'c1' AND key = 'k8'`,
    );
    const replay = runIdempotent(db, 'demo', key('k8'), answer, command('again'));
    await expect(replay).rejects.toThrow(z.ZodError);
    await expect(storedIdempotentResult(db, 'demo', key('k8'), answer)).rejects.toThrow(z.ZodError);
    await expect(storedIdempotentResults(db, 'demo', [key('k8')], answer)).rejects.toThrow(
      z.ZodError,
    );
    // Nor an answer that is no answer at all.
    await pool.query(
      `UPDATE demo.idempotency_keys SET response = '{"ok": "maybe"}'
        WHERE client_id = 'c1' AND key = 'k8'`,
    );
    await expect(
      runIdempotentAround(db, 'demo', key('k8'), z.string(), async () => 'x'),
    ).rejects.toThrow(z.ZodError);
    expect(effects).toBe(1);
  });
});

describe('withPipelinedTransaction', () => {
  beforeAll(async () => {
    await pool.query(
      'CREATE TABLE IF NOT EXISTS public.pipelined (id text PRIMARY KEY, n int NOT NULL)',
    );
  });

  const count = async (id: string) =>
    Number(
      (await pool.query('SELECT count(*) AS n FROM public.pipelined WHERE id = $1', [id])).rows[0]
        .n,
    );

  it('commits what was begun with the first statements and ended with the last, results in order', async () => {
    const results = await withPipelinedTransaction(pool, async (tx) => {
      const [inserted] = await tx.begin([
        sql`INSERT INTO public.pipelined (id, n) VALUES (${'a'}, ${1}) RETURNING n, ${sql.param(['x', 'y'])}::text[] AS arr`,
      ]);
      const middle = await tx.db.execute(sql`SELECT n FROM public.pipelined WHERE id = ${'a'}`);
      const last = await tx.commitWith([
        sql`UPDATE public.pipelined SET n = n + 1 WHERE id = ${'a'} RETURNING n`,
        sql`SELECT ${'12.50'}::numeric AS amount`,
      ]);
      return { inserted: inserted?.rows, middle: middle.rows, last: last.map((r) => r.rows) };
    });
    expect(results).toEqual({
      inserted: [{ n: 1, arr: ['x', 'y'] }],
      middle: [{ n: 1 }],
      last: [[{ n: 2 }], [{ amount: '12.50' }]],
    });
    expect(await count('a')).toBe(1);
  });

  it('sends array parameters that PostgreSQL reads back element for element', async () => {
    const texts = [
      'plain',
      'a"quote',
      'back\\slash',
      '\\"both',
      '{braces,comma}',
      'NULL',
      '',
      'é✓',
    ];
    const json = [{ a: 'x"y', b: 'z\\w' }, null, { nested: { list: [1, '"'] } }];
    const [row] = await withPipelinedTransaction(pool, async (tx) => {
      const results = await tx.begin([
        sql`SELECT ${sql.param(texts)}::text[] AS texts,
                   ${sql.param(['1.50', '-0.000001', null])}::numeric[]::text[] AS amounts,
                   ${sql.param(json)}::jsonb[] AS json`,
      ]);
      await tx.commitWith([]);
      return results;
    });
    expect(row?.rows).toEqual([{ texts, amounts: ['1.50', '-0.000001', null], json }]);
  });

  it('does not commit when a statement sent ahead of COMMIT fails, and rolls back the rest', async () => {
    await expect(
      withPipelinedTransaction(pool, async (tx) => {
        await tx.begin([sql`INSERT INTO public.pipelined (id, n) VALUES (${'b'}, ${1})`]);
        await tx.commitWith([
          sql`INSERT INTO public.pipelined (id, n) VALUES (${'c'}, ${1})`,
          sql`INSERT INTO public.pipelined (id, n) VALUES (${'d'}, ${null})`,
        ]);
      }),
    ).rejects.toMatchObject({ code: '23502' });
    expect([await count('b'), await count('c'), await count('d')]).toEqual([0, 0, 0]);
    // The connection went back to the pool usable, outside any transaction.
    const client = await pool.connect();
    try {
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(
        (await client.query("SELECT current_setting('transaction_isolation') IS NOT NULL AS ok"))
          .rows[0].ok,
      ).toBe(true);
    } finally {
      client.release();
    }
  });

  it('fails without sending anything when a value cannot be mapped, and leaves the connection usable', async () => {
    const unmappable = {
      toJSON() {
        throw new Error('cannot serialise');
      },
    };
    await expect(
      withPipelinedTransaction(pool, async (tx) => {
        await tx.begin([
          sql`INSERT INTO public.pipelined (id, n) VALUES (${'f'}, ${1})`,
          sql`SELECT ${unmappable}::jsonb`,
        ]);
      }),
    ).rejects.toThrow('cannot serialise');
    expect(await count('f')).toBe(0);
    const client = await pool.connect();
    try {
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });

  it('rolls back when the work throws after begin', async () => {
    await expect(
      withPipelinedTransaction(pool, async (tx) => {
        await tx.begin([sql`INSERT INTO public.pipelined (id, n) VALUES (${'e'}, ${1})`]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count('e')).toBe(0);
  });

  describe('prepared statements', () => {
    const insert = (id: string, n: number | null) =>
      prepared(sql`INSERT INTO public.pipelined (id, n) VALUES (${id}, ${n}) RETURNING n`);
    const preparedNames = async (client: pg.PoolClient) =>
      (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows.map(
        (r) => r.name,
      );

    it('parses a prepared statement once per connection and runs it again by name', async () => {
      const client = await pool.connect();
      try {
        const [first] = await pipeline(client, [insert('p1', 1)]);
        const [second] = await pipeline(client, [insert('p2', 2)]);
        expect([first?.rows, second?.rows]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
        expect((await preparedNames(client)).filter((n) => n.startsWith('pipe_q_'))).toHaveLength(
          1,
        );
      } finally {
        client.release();
      }
      expect([await count('p1'), await count('p2')]).toEqual([1, 1]);
    });

    it('prepares again a statement whose Parse a failed pipeline skipped', async () => {
      const client = await pool.connect();
      try {
        // The failing statement comes first: the server skips the Parse behind it.
        await expect(
          pipeline(client, [
            sql`INSERT INTO public.pipelined (id, n) VALUES (${'p3'}, ${null})`,
            prepared(sql`SELECT ${'skipped'}::text AS never`),
          ]),
        ).rejects.toMatchObject({ code: '23502' });
        const [after] = await pipeline(client, [prepared(sql`SELECT ${'again'}::text AS never`)]);
        expect(after?.rows).toEqual([{ never: 'again' }]);
        // And one that was parsed before a later statement failed is closed and parsed again.
        await expect(
          pipeline(client, [
            prepared(sql`SELECT ${1}::int AS parsed`),
            sql`INSERT INTO public.pipelined (id, n) VALUES (${'p4'}, ${null})`,
          ]),
        ).rejects.toMatchObject({ code: '23502' });
        const [again] = await pipeline(client, [prepared(sql`SELECT ${2}::int AS parsed`)]);
        expect(again?.rows).toEqual([{ parsed: 2 }]);
      } finally {
        client.release();
      }
    });
  });

  describe('executePrepared', () => {
    it('runs in the transaction it is given, as a statement prepared on that connection', async () => {
      const seen = await withTransaction(db, async (tx) => {
        await tx.execute(sql`INSERT INTO public.pipelined (id, n) VALUES (${'x1'}, ${7})`);
        const rows = await executePrepared<{ n: number }>(
          tx,
          sql`SELECT n FROM public.pipelined WHERE id = ${'x1'}`,
        );
        const prepared = await tx.execute(
          sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${'SELECT n FROM public.pipelined%'}`,
        );
        return { rows, prepared: prepared.rows[0] };
      });
      expect(seen).toEqual({ rows: [{ n: 7 }], prepared: { n: 1 } });
      // On the pool, outside any transaction, too.
      expect(
        await executePrepared(db, sql`SELECT n FROM public.pipelined WHERE id = ${'x1'}`),
      ).toEqual([{ n: 7 }]);
    });
  });
});
