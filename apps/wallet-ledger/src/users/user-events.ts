import { EVENTS, type EventEnvelope, type UserView } from '@custody/contracts';
import type { EventHandler } from '@custody/messaging';
import { upsertUserRef } from '../wallets/wallets.repository';

/** Keeps wallet-ledger's reference of each user (blocked flag, summary) in step with identity. */
export function userEventHandlers(): Record<string, EventHandler> {
  const apply =
    (deleted: boolean): EventHandler =>
    async (event, tx) => {
      const { data: user, tenantId } = event as EventEnvelope<UserView>;
      if (!tenantId) return;
      await upsertUserRef(tx, {
        id: user.id,
        tenantId,
        generalConditions: user.generalConditions,
        idNumber: user.idNumber ?? null,
        blocked: user.blocked,
        createdAt: new Date(user.createdAt),
        updatedAt: new Date(user.updatedAt),
        deletedAt: deleted ? new Date(event.occurredAt) : null,
      });
    };
  return {
    [EVENTS.userCreated]: apply(false),
    [EVENTS.userUpdated]: apply(false),
    [EVENTS.userDeleted]: apply(true),
  };
}
