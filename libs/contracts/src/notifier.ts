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
} as const;

export interface ReceiverFields {
  email?: string;
  slack?: string;
  sms?: string;
  url?: string;
  authenticationId?: string;
}

export type DeliveryChannel = 'url' | 'email' | 'slack' | 'sms';

/** What every channel delivers (DESIGN §8): `data` is the resource as the API returns it. */
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
}
