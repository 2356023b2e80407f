import { sql } from 'drizzle-orm';
import type { Executor } from './database';
import { quoteIdent } from './messaging-tables';

/** What `republishOutbox` marked unsent again. */
export interface Republished {
  /** Events marked unsent: the relay publishes them again once the app runs. */
  events: number;
  /** The newest event of the outbox: the restored point as this schema saw it. */
  newest: string | null;
  /** Events written from this time on were marked (sent or not). */
  from: string | null;
}

/**
 * After a restore (docs/operations/restore-runbook.md): the events sent within `hours` before the
 * outbox's newest one are marked unsent, so the relay publishes them again. They were sent
 * before the restored point but may have reached their consumers only after it, in the timeline
 * the restore threw away, together with the broker's copy (purged). Consumers drop what they
 * handled already: each keeps the event ids it handled (its inbox) for `inboxHours`, so the
 * window never starts before that memory does (an hour's margin kept).
 */
export async function republishOutbox(
  db: Executor,
  schema: string,
  hours: number,
  inboxHours: number,
): Promise<Republished> {
  const outbox = sql.raw(`${quoteIdent(schema)}.outbox`);
  const result = await db.execute(
    sql`WITH window_start AS (
          SELECT max(created_at) AS newest,
                 greatest(max(created_at) - make_interval(hours => ${hours}),
                          now() - make_interval(hours => ${inboxHours}) + interval '1 hour') AS at
            FROM ${outbox})
        , marked AS (
          UPDATE ${outbox} o SET sent_at = NULL
            FROM window_start w
           WHERE o.sent_at IS NOT NULL AND o.created_at >= w.at
          RETURNING 1)
        SELECT (SELECT count(*)::int FROM marked) AS events,
               (SELECT newest FROM window_start) AS newest,
               (SELECT at FROM window_start) AS "from"`,
  );
  const row = result.rows[0] as
    { events: number; newest: Date | string | null; from: Date | string | null } | undefined;
  const iso = (value: Date | string | null | undefined) =>
    value === null || value === undefined ? null : new Date(value).toISOString();
  return { events: row?.events ?? 0, newest: iso(row?.newest), from: iso(row?.from) };
}
