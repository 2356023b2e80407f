import { EVENTS } from '@custody/contracts';
import { enqueueEvent, type Transaction } from '@custody/persistence';
import type { UserRow } from '../schema';
import { userView } from './user.view';

const SCHEMA = 'identity';

/** A user's `user.is-created` or `user.is-updated`, in the transaction that wrote it. */
export async function publishUser(
  tx: Transaction,
  name: typeof EVENTS.userCreated | typeof EVENTS.userUpdated,
  row: UserRow,
): Promise<void> {
  await enqueueEvent(tx, SCHEMA, { name, tenantId: row.tenantId, data: userView(row) });
}
