import {
  EVENT_NAMES,
  EVENTS,
  type EventName,
  type AuthContext,
  type ListQuery,
  type ListResult,
  MAX_LIST_PAGE,
  type NotificationTypeView,
} from '@custody/contracts';
import { type Database, offsetCursor, readOffsetCursor } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import { receiverView } from '../receivers/receivers.service';
import { clientReceiversOf, typesPage, upsertType } from './catalog.repository';

/** Every event's description: a name added to EVENTS does not compile until it has one. */
const DESCRIPTIONS: Record<EventName, string> = {
  [EVENTS.userCreated]: 'An end user was onboarded',
  [EVENTS.userUpdated]: "An end user's data or status changed",
  [EVENTS.userDeleted]: 'An end user was deleted',
  [EVENTS.clientCreated]:
    'A client (a login of your tenant) was created, at once or when the approval that held it reached its quorum',
  [EVENTS.clientUpdated]:
    "A client's password, audience, scopes, name or e-mail changed (a held change: at its approval's quorum)",
  [EVENTS.walletCreated]: 'A wallet was opened',
  [EVENTS.walletDeleted]: 'A wallet was deleted',
  [EVENTS.purchaseCreated]: 'A purchase (buy or sell) was settled',
  [EVENTS.transferCreated]: 'A transfer between wallets was applied, or held for approval',
  [EVENTS.transferUpdated]: 'A transfer held for approval was applied, rejected or failed',
  [EVENTS.withdrawalCreated]: 'A withdrawal was prepared',
  [EVENTS.withdrawalUpdated]: 'A withdrawal changed status',
  [EVENTS.withdrawalReplaced]:
    "A withdrawal's transaction was replaced at its nonce by a speed-up or a cancel (which attempt replaced which)",
  [EVENTS.withdrawalDropped]:
    "The network's node no longer knew a withdrawal's broadcast transaction, and the chain adapter sent it again",
  [EVENTS.incomeCreated]: 'A deposit was detected',
  [EVENTS.incomeConfirmed]: 'A deposit was confirmed and credited',
  [EVENTS.incomeReorged]:
    'A confirmed deposit was taken off the chain by a reorg: what the wallet still held of it is on hold',
  [EVENTS.incomeResolved]:
    'An admin reversed (the held credit left the wallet) or released (the deposit stands) a reorged deposit',
  [EVENTS.signCreated]: 'Something was signed with a wallet key, or held for approval',
  [EVENTS.signUpdated]:
    'A signature held for approval was approved (then signed), signed, rejected or failed',
  [EVENTS.issuerActivityCreated]: 'An issuer published an activity',
  [EVENTS.approvalPending]: 'A policy held an operation for approval',
  [EVENTS.approvalDecided]: 'An approval was approved, rejected, expired or cancelled',
  [EVENTS.reconciliationBroken]:
    'A reconciliation found custody addresses whose on-chain balance the books do not explain (admin receivers only)',
  [EVENTS.reconciliationClean]:
    'A reconciliation found the books and the chain equal again after a broken run (admin receivers only)',
  [EVENTS.auditCheckpoint]:
    "A signed checkpoint of an audit chain's head: keep it to verify audit exports later",
};

/** One notification type per event of the contracts library, created at start (idempotently). */
export async function seedCatalog(db: Database): Promise<void> {
  for (const event of EVENT_NAMES) await upsertType(db, event, DESCRIPTIONS[event]);
}

/**
 * The types, each with the caller's receivers: its tenant's, for an admin too (the contract's
 * notification type shows the caller's subscriptions; receivers are changed and deleted only by
 * their tenant). At most NOTIFIER_MAX_RECEIVERS_PER_CLIENT per type, then.
 */
export async function listTypes(
  db: Database,
  auth: AuthContext | undefined,
  query: ListQuery,
): Promise<ListResult<NotificationTypeView>> {
  const caller = requireAuth(auth);
  // The catalog is fixed (a row per event name): its cursors are positions (`offsetCursor`).
  const size = query.limit === 0 ? MAX_LIST_PAGE : query.limit;
  const start = query.after ? readOffsetCursor(query.after, query.sort) : (query.page - 1) * size;
  const { types, total } = await typesPage(db, query.sort, size, start);
  const subscribed = await clientReceiversOf(
    db,
    caller.tenantId,
    types.map((t) => t.id),
  );
  return {
    items: types.map((t) => ({
      id: t.id,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
      event: t.event,
      description: t.description,
      receivers: subscribed.filter((r) => r.notificationTypeId === t.id).map(receiverView),
    })),
    total,
    ...(types.length > 0 && start + types.length < total
      ? { next: offsetCursor(query.sort, start + types.length) }
      : {}),
  };
}
