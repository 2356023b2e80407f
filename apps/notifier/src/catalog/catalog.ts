import {
  EVENT_NAMES,
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

const DESCRIPTIONS: Record<string, string> = {
  'user.is-created': 'An end user was onboarded',
  'user.is-updated': "An end user's data or status changed",
  'user.is-deleted': 'An end user was deleted',
  'wallet.is-created': 'A wallet was opened',
  'wallet.is-deleted': 'A wallet was deleted',
  'purchase.is-created': 'A purchase (buy or sell) was settled',
  'transfer.is-created': 'A transfer between wallets was applied, or held for approval',
  'transfer.is-updated': 'A transfer held for approval was applied, rejected or failed',
  'withdrawal.is-created': 'A withdrawal was prepared',
  'withdrawal.is-updated': 'A withdrawal changed status',
  'income.is-created': 'A deposit was detected',
  'income.is-confirmed': 'A deposit was confirmed and credited',
  'sign.is-created': 'Something was signed with a wallet key, or held for approval',
  'sign.is-updated': 'A signature held for approval was signed, rejected or failed',
  'issuer-activity.is-created': 'An issuer published an activity',
  'approval.is-pending': 'A policy held an operation for approval',
  'approval.is-decided': 'An approval was approved, rejected, expired or cancelled',
};

/** One notification type per event of the contracts library, created at start (idempotently). */
export async function seedCatalog(db: Database): Promise<void> {
  for (const event of EVENT_NAMES) await upsertType(db, event, DESCRIPTIONS[event] ?? event);
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
