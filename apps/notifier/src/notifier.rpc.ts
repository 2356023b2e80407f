import { NOTIFIER_RPC } from '@custody/contracts';
import { ownsIdempotency, type RpcHandlers } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import { listTypes } from './catalog/catalog';
import type { DeliveriesService } from './deliveries/deliveries.service';
import type { ReceiverDeliveries } from './deliveries/receiver-deliveries.service';
import type { EventsService } from './events/events.service';
import type { ReceiversService } from './receivers/receivers.service';
import type { SigningSecrets } from './secrets/signing-secrets';

/** The use cases the notifier's handlers call, built in notifier.compose.ts. */
export interface NotifierUseCases {
  /** For the catalog's listing. */
  db: Database;
  secrets: SigningSecrets;
  receivers: ReceiversService;
  deliveries: DeliveriesService;
  receiverDeliveries: ReceiverDeliveries;
  events: EventsService;
}

/** The notifier's RPC contract; each handler unpacks params and calls one use case. */
export function rpcHandlers({
  db,
  secrets,
  receivers,
  deliveries,
  receiverDeliveries,
  events,
}: NotifierUseCases): RpcHandlers<'notifier'> {
  return {
    [NOTIFIER_RPC.listTypes]: (p, ctx) => listTypes(db, ctx.auth, p.list),
    [NOTIFIER_RPC.createReceiver]: (p, ctx) =>
      receivers.create(ctx.auth, p.notificationId, p.fields),
    [NOTIFIER_RPC.updateReceiver]: (p, ctx) =>
      receivers.update(ctx.auth, p.notificationId, p.receiverId, p.fields),
    [NOTIFIER_RPC.deleteReceiver]: (p, ctx) =>
      receivers.remove(ctx.auth, p.notificationId, p.receiverId),
    [NOTIFIER_RPC.getSigningSecret]: (_params, ctx) => secrets.get(ctx.auth),
    // Its own idempotency: the answer holds a secret that must not be stored as it is.
    [NOTIFIER_RPC.rotateSigningSecret]: ownsIdempotency((_params, ctx) =>
      secrets.rotate(ctx.auth, ctx.idempotency),
    ),
    [NOTIFIER_RPC.listDeliveries]: (params, ctx) => deliveries.list(ctx.auth, params),
    [NOTIFIER_RPC.redeliver]: (p, ctx) => deliveries.redeliver(ctx.auth, p.id),
    [NOTIFIER_RPC.listEvents]: (p, ctx) => events.list(ctx.auth, p),
    [NOTIFIER_RPC.getEvent]: (p, ctx) => events.get(ctx.auth, p.id),
    [NOTIFIER_RPC.listReceiverDeliveries]: (p, ctx) => receiverDeliveries.list(ctx.auth, p),
    [NOTIFIER_RPC.replay]: (p, ctx) => receiverDeliveries.replay(ctx.auth, p),
  };
}
