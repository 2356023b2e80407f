import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { EventEnvelope } from '@custody/contracts';
import { currentContext } from '@custody/logging';
import type { Executor } from './database';
import { quoteIdent } from './messaging-tables';

export interface NewEvent<T> {
  name: string;
  tenantId: string | null;
  data: T;
}

/**
 * Records a domain event in the schema's outbox. Call it with the transaction that makes the
 * change: the event is published exactly when the change commits, never otherwise.
 */
export async function enqueueEvent<T>(
  tx: Executor,
  schema: string,
  event: NewEvent<T>,
): Promise<EventEnvelope<T>> {
  const { envelope, statement } = outboxInsert(schema, event);
  await tx.execute(statement);
  return envelope;
}

/**
 * The outbox insert of `enqueueEvent` as a statement, for a caller that composes it into a larger
 * statement (one round trip) of the same transaction.
 */
export function outboxInsert<T>(
  schema: string,
  event: NewEvent<T>,
): { envelope: EventEnvelope<T>; statement: SQL } {
  const envelope: EventEnvelope<T> = {
    id: uuidv7(),
    name: event.name,
    occurredAt: new Date().toISOString(),
    tenantId: event.tenantId,
    data: event.data,
  };
  const requestId = currentContext()?.requestId;
  const headers = requestId ? { 'x-request-id': requestId } : {};
  return {
    envelope,
    statement: sql`INSERT INTO ${sql.raw(quoteIdent(schema))}.outbox (id, name, tenant_id, envelope, headers)
        VALUES (${envelope.id}, ${envelope.name}, ${envelope.tenantId}, ${JSON.stringify(envelope)}::jsonb, ${JSON.stringify(headers)}::jsonb)`,
  };
}
