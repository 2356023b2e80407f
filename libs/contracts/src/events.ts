/**
 * Domain event names (RabbitMQ routing keys on the `events` exchange). Stable wire identifiers:
 * add, never rename. Every name here gets a notification type in the notifier's catalog.
 */
export const EVENTS = {
  userCreated: 'user.is-created',
  userUpdated: 'user.is-updated',
  userDeleted: 'user.is-deleted',
  walletCreated: 'wallet.is-created',
  walletDeleted: 'wallet.is-deleted',
  purchaseCreated: 'purchase.is-created',
  transferCreated: 'transfer.is-created',
  withdrawalCreated: 'withdrawal.is-created',
  withdrawalUpdated: 'withdrawal.is-updated',
  incomeCreated: 'income.is-created',
  incomeConfirmed: 'income.is-confirmed',
  signCreated: 'sign.is-created',
  issuerActivityCreated: 'issuer-activity.is-created',
} as const;

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

export const EVENT_NAMES: readonly EventName[] = Object.values(EVENTS);

/** What travels on the bus and what the outbox stores. */
export interface EventEnvelope<T = unknown> {
  /** UUID v7; consumers dedupe on it. */
  id: string;
  name: string;
  occurredAt: string;
  /** The tenant the fact belongs to; null for system-wide facts. */
  tenantId: string | null;
  data: T;
}
