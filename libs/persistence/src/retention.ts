import type pg from 'pg';
import { quoteIdent } from './messaging-tables';

/**
 * One table's rows past their window (docs/decisions/retention.md). `deleteBatch` deletes at
 * most `batch` of them in one statement and answers how many; rows a running transaction holds
 * are skipped (`FOR UPDATE SKIP LOCKED`), so a sweep never waits for a writer, nor makes one
 * wait longer than its own short statement.
 */
export interface RetentionRule {
  /** What it forgets (`outbox`, `idempotency_keys`, …): logs and metrics name it. */
  name: string;
  deleteBatch(pool: pg.Pool, batch: number): Promise<number>;
}

const whole = (value: number, what: string) => {
  if (!Number.isInteger(value) || value < 0) throw new Error(`${what} must be a whole number`);
  return value;
};

/**
 * A rule that deletes the rows of `table` that `expired` selects, oldest first along `order`
 * (an indexed column, so that each batch reads only the rows it deletes).
 */
export function expiredRows(options: {
  name: string;
  table: string;
  /** SQL over the table's columns, with no parameters (windows are whole numbers inlined). */
  expired: string;
  order: string;
}): RetentionRule {
  return {
    name: options.name,
    async deleteBatch(pool, batch) {
      const result = await pool.query(
        `DELETE FROM ${options.table} WHERE ctid = ANY (ARRAY(
           SELECT ctid FROM ${options.table} WHERE ${options.expired}
           ORDER BY ${options.order} LIMIT ${whole(batch, 'batch')} FOR UPDATE SKIP LOCKED))`,
      );
      return result.rowCount ?? 0;
    },
  };
}

export interface MessagingWindows {
  /** Events the relay has published, kept this long after. */
  outboxHours: number;
  /** Events a consumer has handled (its duplicate check), kept this long after. */
  inboxHours: number;
}

/**
 * What every service forgets: idempotency keys past their 24 hours
 * (docs/decisions/ledger-and-money-movement.md; a key reused later is a new request), outbox rows
 * published and inbox rows handled past their windows.
 */
export function messagingRetention(schema: string, windows: MessagingWindows): RetentionRule[] {
  const s = quoteIdent(schema);
  return [
    expiredRows({
      name: 'idempotency_keys',
      table: `${s}.idempotency_keys`,
      expired: `created_at < now() - interval '24 hours'`,
      order: 'created_at',
    }),
    expiredRows({
      name: 'outbox',
      table: `${s}.outbox`,
      expired: `sent_at < now() - make_interval(hours => ${whole(windows.outboxHours, 'outbox window')})`,
      order: 'sent_at',
    }),
    expiredRows({
      name: 'inbox',
      table: `${s}.inbox`,
      expired: `processed_at < now() - make_interval(hours => ${whole(windows.inboxHours, 'inbox window')})`,
      order: 'processed_at',
    }),
  ];
}

/** The indexes the messaging rules read in order (a migration of the migrator's own). */
export function retentionIndexesSql(schema: string): string {
  const s = quoteIdent(schema);
  return `
CREATE INDEX IF NOT EXISTS outbox_sent_idx ON ${s}.outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS inbox_processed_idx ON ${s}.inbox (processed_at);
`;
}

/**
 * Deletes what a rule has past its window, a batch per statement, until a batch comes back short
 * or `maxBatches` ran (the next sweep goes on). Answers the rows deleted.
 */
export async function sweep(
  pool: pg.Pool,
  rule: RetentionRule,
  batch: number,
  maxBatches = 100,
): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < maxBatches; i += 1) {
    const n = await rule.deleteBatch(pool, batch);
    deleted += n;
    if (n < batch) break;
  }
  return deleted;
}
