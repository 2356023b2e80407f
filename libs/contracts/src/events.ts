import {
  AUDIT_BATCH_EVENT,
  AUDIT_EVENT,
  RPC_REFUSED_EVENT,
  type AuditBatch,
  type AuditCheckpointData,
  type AuditRecord,
  type ClientEventData,
  type RpcRefusalRecord,
  type UserView,
} from './identity';
import type { IssuerActivityView } from './issuer';
import type { ApprovalView } from './policy';
import type { AppName, ServiceName } from './services';
import type { DeviceAndIp } from './shared';
import type { ReconciliationEventData } from './reconciliation';
import type { PurchaseView } from './trading';
import type {
  IncomeView,
  SignedItemKind,
  SignedItemView,
  TransferView,
  WalletView,
  WithdrawalAttemptView,
  WithdrawalView,
} from './wallet-ledger';

/**
 * Domain event names (RabbitMQ routing keys on the `events` exchange). Stable wire identifiers:
 * add, never rename. Every name here gets a notification type in the notifier's catalog.
 */
export const EVENTS = {
  userCreated: 'user.is-created',
  userUpdated: 'user.is-updated',
  userDeleted: 'user.is-deleted',
  /** A client (a login) created, at once or when its held creation was approved. */
  clientCreated: 'client.is-created',
  /** A client's password, audience, scopes, name or e-mail changed. */
  clientUpdated: 'client.is-updated',
  walletCreated: 'wallet.is-created',
  walletDeleted: 'wallet.is-deleted',
  purchaseCreated: 'purchase.is-created',
  transferCreated: 'transfer.is-created',
  /** A transfer held for approval that was booked, rejected or failed. */
  transferUpdated: 'transfer.is-updated',
  withdrawalCreated: 'withdrawal.is-created',
  withdrawalUpdated: 'withdrawal.is-updated',
  /** A speed-up or cancel of a withdrawal was sent at its nonce, replacing its last transaction. */
  withdrawalReplaced: 'withdrawal.is-replaced',
  /** The node no longer knew a withdrawal's broadcast transaction, and the chain adapter re-sent it. */
  withdrawalDropped: 'withdrawal.is-dropped',
  incomeCreated: 'income.is-created',
  incomeConfirmed: 'income.is-confirmed',
  incomeReorged: 'income.is-reorged',
  incomeResolved: 'income.is-resolved',
  signCreated: 'sign.is-created',
  /** A signature held for approval that was approved (signed soon after), signed, rejected or failed. */
  signUpdated: 'sign.is-updated',
  issuerActivityCreated: 'issuer-activity.is-created',
  approvalPending: 'approval.is-pending',
  approvalDecided: 'approval.is-decided',
  /** A reconciliation found custody addresses whose balance the books do not explain (admin). */
  reconciliationBroken: 'reconciliation.is-broken',
  /** A reconciliation found the books and the chain equal again after a broken one (admin). */
  reconciliationClean: 'reconciliation.is-clean',
  /** A signed checkpoint of an audit chain's head (docs/decisions/audit.md). */
  auditCheckpoint: 'audit-checkpoint.is-created',
} as const;

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

export const EVENT_NAMES: readonly EventName[] = Object.values(EVENTS);

/** The audit log's internal events (not notifications: not in EVENTS). */
const AUDIT_EVENT_NAMES = [AUDIT_EVENT, AUDIT_BATCH_EVENT, RPC_REFUSED_EVENT] as const;

export type AuditEventName = (typeof AUDIT_EVENT_NAMES)[number];

/** Every name on the `events` exchange: the domain events and the audit log's. */
export type AnyEventName = EventName | AuditEventName;

/** A deleted user's last view, with who deleted it. */
export interface DeletedUserData extends UserView {
  deletedBy: DeviceAndIp;
}

/** A wallet opened or deleted, with who asked. */
export type WalletEventData = WalletView & DeviceAndIp;

/** A withdrawal requested through the API carries who asked; one held for a signed tx does not. */
export type WithdrawalCreatedData = WithdrawalView & Partial<DeviceAndIp>;

/** A speed-up or cancel sent: the withdrawal with its attempts, and which attempt replaced which. */
export type WithdrawalReplacedData = WithdrawalView & {
  replacement: {
    /** The new attempt's transaction. */
    hash: string;
    kind: 'speed-up' | 'cancel';
    /** The transaction it replaces at the nonce: the attempt sent before it. */
    replaces: string;
  };
};

/** A broadcast attempt the node no longer knew, sent again by the chain adapter (same hash). */
export type WithdrawalDroppedData = WithdrawalView & {
  dropped: { hash: string; kind: WithdrawalAttemptView['kind'] };
};

/** A signed item (or one held for approval) with its kind. */
export type SignEventData = SignedItemView & { kind: SignedItemKind };

export type IssuerActivityEventData = IssuerActivityView & { clientIssuerId: string };

/**
 * Compiles only when `T` has exactly the keys `K`: a name without a payload, or a payload without
 * a name, is an error here rather than a missing entry found at run time.
 */
type ExactlyKeyed<
  K extends PropertyKey,
  T extends Record<K, unknown> & Record<Exclude<keyof T, K>, never>,
> = T;

/** Each event's `data`, by name: what producers write and consumers are handed. */
export type EventPayloads = ExactlyKeyed<
  AnyEventName,
  {
    [EVENTS.userCreated]: UserView;
    [EVENTS.userUpdated]: UserView;
    [EVENTS.userDeleted]: DeletedUserData;
    [EVENTS.clientCreated]: ClientEventData;
    [EVENTS.clientUpdated]: ClientEventData;
    [EVENTS.walletCreated]: WalletEventData;
    [EVENTS.walletDeleted]: WalletEventData;
    [EVENTS.purchaseCreated]: PurchaseView;
    [EVENTS.transferCreated]: TransferView;
    [EVENTS.transferUpdated]: TransferView;
    [EVENTS.withdrawalCreated]: WithdrawalCreatedData;
    [EVENTS.withdrawalUpdated]: WithdrawalView;
    [EVENTS.withdrawalReplaced]: WithdrawalReplacedData;
    [EVENTS.withdrawalDropped]: WithdrawalDroppedData;
    [EVENTS.incomeCreated]: IncomeView;
    [EVENTS.incomeConfirmed]: IncomeView;
    [EVENTS.incomeReorged]: IncomeView;
    [EVENTS.incomeResolved]: IncomeView;
    [EVENTS.signCreated]: SignEventData;
    [EVENTS.signUpdated]: SignEventData;
    [EVENTS.issuerActivityCreated]: IssuerActivityEventData;
    [EVENTS.approvalPending]: ApprovalView;
    [EVENTS.approvalDecided]: ApprovalView;
    [EVENTS.reconciliationBroken]: ReconciliationEventData;
    [EVENTS.reconciliationClean]: ReconciliationEventData;
    [EVENTS.auditCheckpoint]: AuditCheckpointData;
    [AUDIT_EVENT]: AuditRecord;
    [AUDIT_BATCH_EVENT]: AuditBatch;
    [RPC_REFUSED_EVENT]: RpcRefusalRecord;
  }
>;

/** What travels on the bus and what the outbox stores: a name and that name's payload. */
export interface EventEnvelope<N extends AnyEventName> {
  /** UUID v7; consumers dedupe on it. */
  id: string;
  name: N;
  occurredAt: string;
  /** The tenant the fact belongs to; null for system-wide facts. */
  tenantId: string | null;
  data: EventPayloads[N];
}

/** Any one event, discriminated by `name` (checking the name narrows `data`). */
export type AnyEvent<N extends AnyEventName = AnyEventName> = { [K in N]: EventEnvelope<K> }[N];

/**
 * An event as a producer hands it to the outbox (which adds its id and time). For a union of
 * names, each name with its own payload: a payload of another name does not compile.
 */
export type NewEvent<N extends AnyEventName = AnyEventName> = {
  [K in N]: { name: K; tenantId: string | null; data: EventPayloads[K] };
}[N];

const ANY_EVENT_NAMES: ReadonlySet<string> = new Set<AnyEventName>([
  ...EVENT_NAMES,
  ...AUDIT_EVENT_NAMES,
]);

/** Whether a name from the wire is one of ours. */
export function isAnyEventName(name: string): name is AnyEventName {
  return ANY_EVENT_NAMES.has(name);
}

/**
 * The apps that publish each event and the services that consume it. The broker grants exactly
 * this (libs/messaging `brokerGrants`): only a publisher's user may publish a name, only its
 * consumers' users may bind to it. A name missing here cannot be published at all.
 */
export const EVENT_ROUTES: Record<
  AnyEventName,
  { publishers: readonly AppName[]; consumers: readonly ServiceName[] }
> = {
  [EVENTS.userCreated]: { publishers: ['identity'], consumers: ['wallet-ledger', 'notifier'] },
  [EVENTS.userUpdated]: { publishers: ['identity'], consumers: ['wallet-ledger', 'notifier'] },
  [EVENTS.userDeleted]: { publishers: ['identity'], consumers: ['wallet-ledger', 'notifier'] },
  [EVENTS.clientCreated]: { publishers: ['identity'], consumers: ['notifier'] },
  [EVENTS.clientUpdated]: { publishers: ['identity'], consumers: ['notifier'] },
  [EVENTS.walletCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.walletDeleted]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.purchaseCreated]: { publishers: ['trading'], consumers: ['notifier'] },
  [EVENTS.transferCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.transferUpdated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.withdrawalCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.withdrawalUpdated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.withdrawalReplaced]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.withdrawalDropped]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.incomeCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.incomeConfirmed]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.incomeReorged]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.incomeResolved]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.signCreated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.signUpdated]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.issuerActivityCreated]: { publishers: ['issuer'], consumers: ['notifier'] },
  [EVENTS.approvalPending]: { publishers: ['policy'], consumers: ['notifier'] },
  // wallet-ledger runs or releases the operation an approval held (and applies a held treasury
  // bound); identity applies a held change of a client; trading a held purchase; issuer a held
  // REQUEST activity.
  [EVENTS.approvalDecided]: {
    publishers: ['policy'],
    consumers: ['wallet-ledger', 'identity', 'trading', 'issuer', 'notifier'],
  },
  // System-wide (tenant null): the notifier delivers them to admin receivers only.
  [EVENTS.reconciliationBroken]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  [EVENTS.reconciliationClean]: { publishers: ['wallet-ledger'], consumers: ['notifier'] },
  // Identity signs the audit chains' heads; the notifier delivers them (copies it cannot rewrite).
  [EVENTS.auditCheckpoint]: { publishers: ['identity'], consumers: ['notifier'] },
  // The gateway's audit records.
  [AUDIT_EVENT]: { publishers: ['gateway'], consumers: ['identity'] },
  [AUDIT_BATCH_EVENT]: { publishers: ['gateway'], consumers: ['identity'] },
  // What a service refused: every service may report.
  [RPC_REFUSED_EVENT]: {
    publishers: ['identity', 'wallet-ledger', 'trading', 'signing', 'issuer', 'notifier', 'policy'],
    consumers: ['identity'],
  },
};
