import type { ListQuery, ListResult, RpcSpec } from './rpc';

/** The notifier's RPC methods. Wire names: add, never rename. */
export const NOTIFIER_RPC = {
  listTypes: 'notifications.list',
  createReceiver: 'receivers.create',
  updateReceiver: 'receivers.update',
  deleteReceiver: 'receivers.delete',
  getSigningSecret: 'signingSecret.get',
  rotateSigningSecret: 'signingSecret.rotate',
  listDeliveries: 'deliveries.list',
  redeliver: 'deliveries.redeliver',
  /** The event feed: the durable log of every event, a page after a cursor. */
  listEvents: 'events.list',
  getEvent: 'events.get',
  /** One receiver's deliveries, each with its attempts. */
  listReceiverDeliveries: 'receivers.deliveries',
  /** Every event of a receiver's type since a time, delivered to it again. */
  replay: 'receivers.replay',
} as const;

/** The most events a feed page holds, and its default size. */
export const MAX_EVENTS_PAGE = 100;
export const DEFAULT_EVENTS_PAGE = 50;
/** The most event types a feed request filters on. */
export const MAX_EVENT_TYPES = 50;
/** The most events one replay delivers again. */
export const MAX_REPLAYED_EVENTS = 10_000;

/** A page of the event feed: its events in order, and the cursor after the last. */
export interface EventPage {
  items: NotificationPayload[];
  /** Where the next page starts (the same cursor when nothing new was recorded yet). */
  next: string;
}

export interface DeliveryAttemptView {
  attempt: number;
  createdAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface ReceiverFields {
  email?: string;
  slack?: string;
  sms?: string;
  url?: string;
  authenticationId?: string;
}

export type DeliveryChannel = 'url' | 'email' | 'slack' | 'sms';

/**
 * What every channel delivers (docs/decisions/notifications.md): `data` is the resource as the API
 * returns it.
 */
export interface NotificationPayload {
  id: string;
  event: string;
  createdAt: string;
  tenantId: string | null;
  data: unknown;
}

export interface ReceiverView extends ReceiverFields {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** Set when the receiver was disabled after failing for too long. */
  disabledAt?: string;
}

export interface NotificationTypeView {
  id: string;
  createdAt: string;
  updatedAt: string;
  event: string;
  description: string;
  /** The caller's receivers of this type (admin: everyone's). */
  receivers: ReceiverView[];
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dead' | 'skipped';

export interface DeliveryView {
  id: string;
  createdAt: string;
  updatedAt: string;
  eventId: string;
  event: string;
  receiverId: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
}

/** A delivery with its attempts and, while it is retried, when the next attempt is due. */
export interface ReceiverDeliveryView extends DeliveryView {
  attemptLog: DeliveryAttemptView[];
  nextAttemptAt: string | null;
}

export interface DeliveryFilters {
  event?: string;
  receiverId?: string;
  status?: string;
}

/** The path of a receiver: its notification type and its id. */
export interface ReceiverPath {
  notificationId: string;
  receiverId: string;
}

/** notifier's RPC contract: each method's params and result (see RpcContracts). */
export interface NotifierRpc {
  [NOTIFIER_RPC.listTypes]: RpcSpec<{ list: ListQuery }, ListResult<NotificationTypeView>>;
  [NOTIFIER_RPC.createReceiver]: RpcSpec<
    { notificationId: string; fields: ReceiverFields },
    { id: string }
  >;
  [NOTIFIER_RPC.updateReceiver]: RpcSpec<ReceiverPath & { fields: ReceiverFields }, { id: string }>;
  [NOTIFIER_RPC.deleteReceiver]: RpcSpec<ReceiverPath, { id: string }>;
  [NOTIFIER_RPC.getSigningSecret]: RpcSpec<Record<string, never>, { secret: string }>;
  [NOTIFIER_RPC.rotateSigningSecret]: RpcSpec<
    Record<string, never>,
    { secret: string; previousValidUntil: string }
  >;
  [NOTIFIER_RPC.listDeliveries]: RpcSpec<
    { list: ListQuery; filters: DeliveryFilters },
    ListResult<DeliveryView>
  >;
  [NOTIFIER_RPC.redeliver]: RpcSpec<{ id: string }, DeliveryView>;
  [NOTIFIER_RPC.listEvents]: RpcSpec<
    { after?: string; types?: string[]; limit: number },
    EventPage
  >;
  [NOTIFIER_RPC.getEvent]: RpcSpec<{ id: string }, NotificationPayload>;
  [NOTIFIER_RPC.listReceiverDeliveries]: RpcSpec<
    ReceiverPath & { list: ListQuery; filters: { status?: string } },
    ListResult<ReceiverDeliveryView>
  >;
  [NOTIFIER_RPC.replay]: RpcSpec<
    ReceiverPath & { since: string; until?: string },
    { replayed: number; skipped: number }
  >;
}
