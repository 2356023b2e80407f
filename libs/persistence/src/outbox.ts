import { sql } from 'drizzle-orm';
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
  const envelope: EventEnvelope<T> = {
    id: uuidv7(),
    name: event.name,
    occurredAt: new Date().toISOString(),
    tenantId: event.tenantId,
    data: event.data,
  };
  const requestId = currentContext()?.requestId;
  const headers = requestId ? { 'x-request-id': requestId } : {};
  await tx.execute(
    sql`INSERT INTO ${sql.raw(quoteIdent(schema))}.outbox (id, name, tenant_id, envelope, headers)
        VALUES (${envelope.id}, ${envelope.name}, ${envelope.tenantId}, ${JSON.stringify(envelope)}::jsonb, ${JSON.stringify(headers)}::jsonb)`,
  );
  return envelope;
}
