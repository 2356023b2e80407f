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
