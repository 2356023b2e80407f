import type { AppName, ServiceName } from './services';

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
  /** A transfer held for approval that was booked, rejected or failed. */
  transferUpdated: 'transfer.is-updated',
  withdrawalCreated: 'withdrawal.is-created',
  withdrawalUpdated: 'withdrawal.is-updated',
  incomeCreated: 'income.is-created',
  incomeConfirmed: 'income.is-confirmed',
  signCreated: 'sign.is-created',
  /** A signature held for approval that was signed, rejected or failed. */
  signUpdated: 'sign.is-updated',
  issuerActivityCreated: 'issuer-activity.is-created',
  approvalPending: 'approval.is-pending',
  approvalDecided: 'approval.is-decided',
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

/**
 * The apps that publish each event and the services that consume it. The broker grants exactly
 * this (libs/messaging `brokerGrants`): only a publisher's user may publish a name, only its
 * consumers' users may bind to it. A name missing here cannot be published at all.
 */
export const EVENT_ROUTES: Record<
  EventName | 'audit.is-recorded' | 'audit.batch-is-recorded' | 'audit.rpc-refused',
  { publishers: readonly AppName[]; consumers: readonly ServiceName[] }
> = {
  [EVENTS.userCreated]: { publishers: ['identity'], consumers: ['wallet-ledger', 'notifier'] },
  [EVENTS.userUpdated]: { publishers: ['identity'], consumers: ['wallet-ledger', 'notifier'] },
  [EVENTS.userDeleted]: { publishers: ['identity'], consumers: ['wallet-ledger', 'notifier'] },
  [EVENTS.walletCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.walletDeleted]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.purchaseCreated]: { publishers: ['trading'], consumers: ['notifier'] },
  [EVENTS.transferCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.transferUpdated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.withdrawalCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.withdrawalUpdated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.incomeCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.incomeConfirmed]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.signCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.signUpdated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.issuerActivityCreated]: { publishers: ['issuer'], consumers: ['notifier'] },
  [EVENTS.approvalPending]: { publishers: ['policy'], consumers: ['notifier'] },
  // wallet-ledger runs or releases the operation an approval held.
  [EVENTS.approvalDecided]: { publishers: ['policy'], consumers: ['wallet-ledger', 'notifier'] },
  // The gateway's audit records (identity's AUDIT_EVENT and AUDIT_BATCH_EVENT).
  'audit.is-recorded': { publishers: ['gateway'], consumers: ['identity'] },
  'audit.batch-is-recorded': { publishers: ['gateway'], consumers: ['identity'] },
  // What a service refused (identity's RPC_REFUSED_EVENT): every service may report.
  'audit.rpc-refused': {
    publishers: ['identity', 'wallet-ledger', 'trading', 'signing', 'issuer', 'notifier', 'policy'],
    consumers: ['identity'],
  },
};
