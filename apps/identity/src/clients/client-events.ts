import { EVENTS } from '@custody/contracts';
import { enqueueEvent, type Transaction } from '@custody/persistence';
import type { ClientRow } from '../schema';
import { clientView } from './client.view';
import { effectiveAudience } from './clients.rules';

const SCHEMA = 'identity';

/** Who made a change of a client, and the approval that let it apply (null: none held it). */
export interface ChangedBy {
  changedBy: string;
  approvalId: string | null;
}

/**
 * A client's `client.is-created` or `client.is-updated`, in the transaction that wrote it: to its
 * tenant's receivers; an admin's is system-wide (admin receivers only).
 */
export async function publishClient(
  tx: Transaction,
  name: typeof EVENTS.clientCreated | typeof EVENTS.clientUpdated,
  row: ClientRow,
  by: ChangedBy,
): Promise<void> {
  const view = clientView(row);
  await enqueueEvent(tx, SCHEMA, {
    name,
    tenantId: effectiveAudience(row) === 'admin' ? null : view.tenantId,
    data: { ...view, ...by },
  });
}
