import type { UserView } from '@custody/contracts';
import { EVENTS } from '@custody/contracts';
import type { EventHandler, EventHandlers } from '@custody/messaging';
import { type Database, type Executor, withTransaction } from '@custody/persistence';
import { blockUserRef, lockUserRef, upsertUserRef } from './users.repository';

/** identity's view of a user as a row of wallet-ledger's copy. */
function userRefRow(user: UserView, tenantId: string, deletedAt: Date | null) {
  return {
    id: user.id,
    tenantId,
    generalConditions: user.generalConditions,
    idNumber: user.idNumber ?? null,
    blocked: user.blocked,
    createdAt: new Date(user.createdAt),
    updatedAt: new Date(user.updatedAt),
    deletedAt,
  };
}

/**
 * Writes identity's view of a user into wallet-ledger's copy (blocked flag, summary); an older
 * version never overwrites a newer one. From events and wallet creation; a block also comes from
 * identity directly before it commits (`applyBlock`), so it stops transfers on the very next
 * request.
 */
export async function applyUserRef(
  db: Executor,
  user: UserView,
  tenantId: string,
  deletedAt: Date | null = null,
): Promise<void> {
  await upsertUserRef(db, userRefRow(user, tenantId, deletedAt));
}

/**
 * identity's update of the copy before a block commits, under the user's lock, so every transfer
 * that started after it sees it. The block is written whatever the versions say: a replica
 * whose clock runs behind must not have its block refused. A later unblock still applies when
 * its version is the newest; an older one leaves the user blocked (the safe side).
 */
export async function applyBlock(db: Database, user: UserView, tenantId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockUserRef(tx, user.id);
    await blockUserRef(tx, { ...{}, ...userRefRow(user, tenantId, null), blocked: true });
  });
}

type UserEventName =
  typeof EVENTS.userCreated | typeof EVENTS.userUpdated | typeof EVENTS.userDeleted;

/** Keeps wallet-ledger's reference of each user in step with identity. */
export function userEventHandlers(): EventHandlers {
  const apply =
    (deleted: boolean): EventHandler<UserEventName> =>
    async (event, tx) => {
      const { data: user, tenantId } = event;
      if (!tenantId) return;
      await applyUserRef(tx, user, tenantId, deleted ? new Date(event.occurredAt) : null);
    };
  return {
    [EVENTS.userCreated]: apply(false),
    [EVENTS.userUpdated]: apply(false),
    [EVENTS.userDeleted]: apply(true),
  };
}
