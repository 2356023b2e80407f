import type pg from 'pg';
import { Counter, Registry } from 'prom-client';
import type { RetentionRule } from '@custody/persistence';
import { testLogger } from '@custody/testing';
import { RetentionSweeper } from './retention';

// One sweep runs every rule until its batch comes back short, counts what each deleted, and
// goes on past a rule that fails (it is tried again on the next sweep).

/** A table of `rows` rows past their window, forgotten a batch at a time. */
function table(name: string, rows: number): RetentionRule & { statements: number } {
  let left = rows;
  const rule = {
    name,
    statements: 0,
    async deleteBatch(_pool: pg.Pool, batch: number) {
      rule.statements += 1;
      const n = Math.min(batch, left);
      left -= n;
      return n;
    },
  };
  return rule;
}

it('deletes each rule in batches until one comes back short, and counts the rows by table', async () => {
  const registry = new Registry();
  const deleted = new Counter({
    name: 'retention_deleted_total',
    help: 'test',
    labelNames: ['table'],
    registers: [registry],
  });
  const outbox = table('outbox', 25);
  const inbox = table('inbox', 0);
  const broken: RetentionRule = {
    name: 'broken',
    deleteBatch: async () => {
      throw new Error('relation does not exist');
    },
  };
  const sweeper = new RetentionSweeper({
    pool: {} as pg.Pool,
    rules: [outbox, broken, inbox],
    batch: 10,
    intervalMs: 60_000,
    logger: testLogger(),
    deleted,
  });

  expect(await sweeper.sweepAll()).toEqual({ outbox: 25, inbox: 0 });
  // 10, 10, then 5 (short): three statements; the empty inbox one.
  expect(outbox.statements).toBe(3);
  expect(inbox.statements).toBe(1);
  expect((await deleted.get()).values).toEqual([
    expect.objectContaining({ labels: { table: 'outbox' }, value: 25 }),
  ]);
  await sweeper.stop();
});
