import type { EventEnvelope, UserView } from '@custody/contracts';
import { EVENTS } from '@custody/contracts';
import type { EventHandler } from '@custody/messaging';
import type { Executor } from '@custody/persistence';
import { upsertUserRef } from '../wallets/wallets.repository';

/**
 * Writes identity's view of a user into wallet-ledger's copy (blocked flag, summary); an older
 * version never overwrites a newer one (false then). From events, and from identity directly before a block
 * commits (WALLET_RPC.applyUserRef), so a block stops transfers on the very next request.
 */
export async function applyUserRef(
  db: Executor,
  user: UserView,
  tenantId: string,
  deletedAt: Date | null = null,
): Promise<boolean> {
  return upsertUserRef(db, {
    id: user.id,
    tenantId,
    generalConditions: user.generalConditions,
    idNumber: user.idNumber ?? null,
    blocked: user.blocked,
    createdAt: new Date(user.createdAt),
    updatedAt: new Date(user.updatedAt),
    deletedAt,
  });
}

/** Keeps wallet-ledger's reference of each user in step with identity. */
export function userEventHandlers(): Record<string, EventHandler> {
  const apply =
    (deleted: boolean): EventHandler =>
    async (event, tx) => {
      const { data: user, tenantId } = event as EventEnvelope<UserView>;
      if (!tenantId) return;
      await applyUserRef(tx, user, tenantId, deleted ? new Date(event.occurredAt) : null);
    };
  return {
    [EVENTS.userCreated]: apply(false),
    [EVENTS.userUpdated]: apply(false),
    [EVENTS.userDeleted]: apply(true),
  };
}
