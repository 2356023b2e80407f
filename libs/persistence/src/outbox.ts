import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AnyEvent, AnyEventName, NewEvent } from '@custody/contracts';
import { currentContext } from '@custody/logging';
import { traceCarrier } from '@custody/telemetry';
import type { Executor } from './database';
import { quoteIdent } from './messaging-tables';

/**
 * Records a domain event in the schema's outbox. Call it with the transaction that makes the
 * change: the event is published exactly when the change commits, never otherwise.
 */
export async function enqueueEvent<N extends AnyEventName>(
  tx: Executor,
  schema: string,
  event: NewEvent<N>,
): Promise<AnyEvent<N>> {
  const { envelope, statement } = outboxInsert(schema, event);
  await tx.execute(statement);
  return envelope;
}

/** An event ready for the outbox: its envelope and the headers it is published with. */
export interface OutboxRecord<N extends AnyEventName = AnyEventName> {
  envelope: AnyEvent<N>;
  headers: Record<string, string>;
}

/**
 * The envelope of a new event, with the current request's id as its header and, while tracing
 * is on, the context of the active span (`traceparent`): the relay publishes the event with it,
 * and its consumers' spans join the trace of the request that wrote it (docs/tracing.md).
 */
export function outboxRecord<N extends AnyEventName>(event: NewEvent<N>): OutboxRecord<N> {
  const envelope: AnyEvent<N> = {
    id: uuidv7(),
    name: event.name,
    occurredAt: new Date().toISOString(),
    tenantId: event.tenantId,
    data: event.data,
  };
  const requestId = currentContext()?.requestId;
  const trace = traceCarrier();
  const headers: Record<string, string> = requestId ? { 'x-request-id': requestId } : {};
  return { envelope, headers: trace ? { ...{}, ...headers, ...trace } : headers };
}

/**
 * The outbox insert of several events as one statement whose text does not depend on how many
 * (one array per column), for a caller that composes it into a larger statement.
 */
export function outboxInsertMany(schema: string, records: OutboxRecord[]): SQL {
  return sql`INSERT INTO ${sql.raw(quoteIdent(schema))}.outbox (id, name, tenant_id, envelope, headers)
        SELECT * FROM unnest(${sql.param(records.map((r) => r.envelope.id))}::uuid[],
          ${sql.param(records.map((r) => r.envelope.name))}::text[],
          ${sql.param(records.map((r) => r.envelope.tenantId))}::text[],
          ${sql.param(records.map((r) => JSON.stringify(r.envelope)))}::jsonb[],
          ${sql.param(records.map((r) => JSON.stringify(r.headers)))}::jsonb[])`;
}

/**
 * The outbox insert of `enqueueEvent` as a statement, for a caller that composes it into a larger
 * statement (one round trip) of the same transaction.
 */
export function outboxInsert<N extends AnyEventName>(
  schema: string,
  event: NewEvent<N>,
): { envelope: AnyEvent<N>; statement: SQL } {
  const record = outboxRecord(event);
  return { envelope: record.envelope, statement: outboxInsertMany(schema, [record]) };
}

/** What waits in a schema's outbox (metrics). */
export interface OutboxBacklog {
  unsent: number;
  /** Seconds since the oldest unsent event was written (by the database's clock); 0 when none. */
  oldestAgeSeconds: number;
  /**
   * Unsent events the broker returned as unroutable (no queue bound to their name), waiting to
   * be published again: a consumer's queue is missing.
   */
  unroutable: number;
}

/**
 * The outbox's unsent events, the age of the oldest, and those the broker returned: reads of the
 * partial index of unsent rows, which the relay keeps near empty.
 */
export async function outboxBacklog(db: Executor, schema: string): Promise<OutboxBacklog> {
  const table = sql.raw(`${quoteIdent(schema)}.outbox`);
  const result = await db.execute(
    sql`SELECT count(*)::int AS unsent, count(*) FILTER (WHERE returns > 0)::int AS unroutable,
               coalesce(extract(epoch FROM now() - min(created_at))::float8, 0) AS age
          FROM ${table} WHERE sent_at IS NULL`,
  );
  const row = result.rows[0] as { unsent: number; unroutable: number; age: number } | undefined;
  return {
    unsent: row?.unsent ?? 0,
    oldestAgeSeconds: Math.max(0, row?.age ?? 0),
    unroutable: row?.unroutable ?? 0,
  };
}
