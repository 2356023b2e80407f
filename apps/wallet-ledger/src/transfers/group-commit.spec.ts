import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { AppError, Errors } from '@custody/errors';
import { createPool, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import {
  batchOutcome,
  type GroupCommitSteps,
  type PendingCommand,
  runGroupCommit,
} from './group-commit';

// The group commit against a real PostgreSQL, with a toy command: add `delta` to a counter that
// may not go below zero. What it proves holds for any command (transfers are one).

const SCHEMA = 'gc';
let database: TestDatabase;
let pool: pg.Pool;

interface Add extends PendingCommand<number> {
  counter: string;
  delta: number;
  answer: Promise<number>;
}

function add(counter: string, delta: number, key?: string, deadline = Date.now() + 10_000): Add {
  let resolve!: (value: number) => void;
  let reject!: (error: unknown) => void;
  const answer = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  answer.catch(() => undefined);
  return {
    counter,
    delta,
    idempotency: key ? { clientId: 'c1', key, requestHash: 'h' } : undefined,
    deadline,
    resolve,
    reject,
    answer,
  };
}

/** The steps of the toy command; `alone` records the commands that ran on their own. */
function steps(alone: Add[], failWrites = false): GroupCommitSteps<Add, number> {
  return {
    schema: SCHEMA,
    lockStatements: (items) => [
      sql`SELECT id, value FROM gc.counters WHERE id = ANY(${sql.param(items.map((i) => i.counter))}::text[]) ORDER BY id FOR UPDATE`,
    ],
    decide: async (batch, rows) => {
      const values = new Map(
        (rows as { id: string; value: number }[]).map((r) => [r.id, Number(r.value)]),
      );
      const outcomes = batch.map((item) => {
        const next = (values.get(item.counter) ?? 0) + item.delta;
        if (next < 0)
          return { ok: false as const, error: Errors.badRequest('Below zero.', 'below_zero') };
        if (item.delta === 13)
          return { ok: false as const, error: Errors.forbidden('Unlucky.', 'transient') };
        values.set(item.counter, next);
        return { ok: true as const, view: next };
      });
      const finals = [...values.entries()];
      const writes = failWrites
        ? sql`SELECT 1 / 0`
        : sql`UPDATE gc.counters AS c SET value = v.value
                FROM unnest(${sql.param(finals.map(([id]) => id))}::text[], ${sql.param(finals.map(([, v]) => v))}::int[]) AS v(id, value)
               WHERE c.id = v.id`;
      return { outcomes, writes };
    },
    keepsRefusal: (error) => error.code !== 'transient',
    applied: async () => true,
    runAlone: async (item) => {
      alone.push(item);
      item.resolve(-1);
    },
    fallbackConcurrency: 2,
    messages: {
      notStarted: 'not started',
      mayHaveApplied: 'may have applied',
      mayHaveAppliedKeyed: 'may have applied (keyed)',
    },
  };
}

async function value(id: string): Promise<number> {
  const { rows } = await pool.query('SELECT value FROM gc.counters WHERE id = $1', [id]);
  return Number(rows[0].value);
}

async function storedResponse(key: string): Promise<unknown> {
  const { rows } = await pool.query(
    'SELECT response FROM gc.idempotency_keys WHERE client_id = $1 AND key = $2',
    ['c1', key],
  );
  return rows.length === 0 ? 'no key' : rows[0].response;
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, { max: 4, applicationName: 'group-commit-spec' });
  await migrate(pool, { schema: SCHEMA });
  await pool.query('CREATE TABLE gc.counters (id text PRIMARY KEY, value int NOT NULL)');
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

beforeEach(async () => {
  await pool.query('TRUNCATE gc.counters, gc.idempotency_keys');
  await pool.query(`INSERT INTO gc.counters VALUES ('a', 5), ('b', 0)`);
});

describe('runGroupCommit', () => {
  it('decides each command in order in one transaction: the refused one writes nothing', async () => {
    const alone: Add[] = [];
    const items = [add('a', -3), add('a', -3), add('a', -2), add('b', 4)];
    await runGroupCommit(pool, items, steps(alone));
    await expect(items[0]!.answer).resolves.toBe(2);
    await expect(items[1]!.answer).rejects.toMatchObject({ code: 'below_zero' });
    await expect(items[2]!.answer).resolves.toBe(0);
    await expect(items[3]!.answer).resolves.toBe(4);
    expect(await value('a')).toBe(0);
    expect(await value('b')).toBe(4);
    expect(alone).toEqual([]);
  });

  it('stores the answers of keyed commands, and releases the key of a refusal it must not keep', async () => {
    const items = [add('a', 1, 'k-ok'), add('a', -99, 'k-refused'), add('a', 13, 'k-transient')];
    await runGroupCommit(pool, items, steps([]));
    expect(await storedResponse('k-ok')).toEqual({ ok: true, result: 6 });
    expect(await storedResponse('k-refused')).toMatchObject({
      ok: false,
      error: { status: 400, code: 'below_zero' },
    });
    expect(await storedResponse('k-transient')).toBe('no key');
  });

  it('sends a command whose key is already taken to run alone, after the batch', async () => {
    await pool.query(
      `INSERT INTO gc.idempotency_keys (client_id, key, request_hash) VALUES ('c1', 'taken', 'h')`,
    );
    const alone: Add[] = [];
    const taken = add('a', 1, 'taken');
    const other = add('a', 1, 'fresh');
    await runGroupCommit(pool, [taken, other], steps(alone));
    expect(alone).toEqual([taken]);
    await expect(other.answer).resolves.toBe(6);
    expect(await value('a')).toBe(6);
  });

  it('runs every command alone when the writes sent with the commit fail (the database says aborted)', async () => {
    const alone: Add[] = [];
    const items = [add('a', 1, 'k1'), add('b', 1)];
    await runGroupCommit(pool, items, steps(alone, true));
    expect(alone).toEqual(items);
    expect(await value('a')).toBe(5);
    expect(await storedResponse('k1')).toBe('no key');
  });

  it('starts no command whose caller has stopped waiting', async () => {
    const alone: Add[] = [];
    const late = add('a', 1, undefined, Date.now() - 1);
    const lateKeyed = add('a', 1, 'late', Date.now() - 1);
    await runGroupCommit(pool, [late, lateKeyed], steps(alone));
    await expect(late.answer).rejects.toMatchObject({
      status: 503,
      code: 'timeout',
      message: 'not started',
    });
    await expect(lateKeyed.answer).rejects.toBeInstanceOf(AppError);
    expect(alone).toEqual([]);
    expect(await value('a')).toBe(5);
    expect(await storedResponse('late')).toBe('no key');
  });

  it('believes a transaction id that says committed only when the batch’s writes are there', () => {
    // After a crash, the server gives an id it never logged to a later transaction: committed,
    // though this batch never was. Its transfers absent, it did not commit: they run again.
    expect(batchOutcome('committed', 2, true)).toBe('committed');
    expect(batchOutcome('committed', 2, false)).toBe('aborted');
    expect(batchOutcome('committed', 2, undefined)).toBe('unknown');
    // Nothing accepted: nothing written that a second run could double.
    expect(batchOutcome('committed', 0, undefined)).toBe('committed');
    expect(batchOutcome('aborted', 2, undefined)).toBe('aborted');
    expect(batchOutcome('unknown', 2, true)).toBe('unknown');
  });
});
