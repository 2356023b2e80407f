import path from 'node:path';
import { NOTIFIER_RPC } from '@custody/contracts';
import type { EventHandler, RpcHandlers } from '@custody/messaging';
import { SecretBox } from '@custody/secrets';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { listTypes, seedCatalog } from './catalog/catalog';
import { Channels } from './channels/channels';
import { receiverResolver } from './channels/ssrf';
import { DeliveriesService } from './deliveries/deliveries.service';
import { DeliveryQueue } from './deliveries/delivery-queue';
import { retrySchedule } from './deliveries/delivery-jobs';
import { ReceiverDeliveries } from './deliveries/receiver-deliveries.service';
import { EventsService } from './events/events.service';
import { eventsWithoutSubscribers, fanOut } from './deliveries/fan-out';
import { ReceiversService } from './receivers/receivers.service';
import { SigningSecrets } from './secrets/signing-secrets';
import { finishedDeliveriesRetention } from './deliveries/deliveries.retention';

type Deps = ServiceDeps<'notifier'>;

interface Parts {
  queue: DeliveryQueue;
  secrets: SigningSecrets;
}

// The service definition's hooks are called separately; they share one set of parts per process.
const partsOf = new WeakMap<Deps, Parts>();
function parts(deps: Deps): Parts {
  let found = partsOf.get(deps);
  if (!found) {
    if (!deps.redis) throw new Error('notifier needs REDIS_URL');
    const secrets = new SigningSecrets(
      deps.db,
      new SecretBox(deps.config.NOTIFIER_ENCRYPTION_KEY).purpose('webhook-signing-secret'),
    );
    const queue = new DeliveryQueue(
      deps.db,
      deps.redis,
      deps.config,
      new Channels(deps.config),
      secrets,
      deps.logger,
    );
    found = { queue, secrets };
    partsOf.set(deps, found);
  }
  return found;
}

function eventHandlers(deps: Deps): Record<string, EventHandler> {
  const { queue } = parts(deps);
  // Dispatch right after the consumer's transaction commits; the timer catches anything missed.
  return fanOut(() => setTimeout(() => void queue.dispatch().catch(() => undefined), 20));
}

async function rpcHandlers(deps: Deps): Promise<RpcHandlers<'notifier'>> {
  const { queue, secrets } = parts(deps);
  const receiversService = new ReceiversService(
    deps.db,
    deps.config.NOTIFIER_ALLOW_PRIVATE_URLS,
    deps.config.NOTIFIER_MAX_RECEIVERS_PER_CLIENT,
    receiverResolver(deps.config),
  );
  const dispatch = () => void queue.dispatch().catch(() => undefined);
  const deliveriesService = new DeliveriesService(deps.db, dispatch);
  const receiverDeliveries = new ReceiverDeliveries(deps.db, retrySchedule(deps.config), dispatch);
  const events = new EventsService(deps.db, deps.config.EVENTS_RETENTION_DAYS);
  return {
    [NOTIFIER_RPC.listTypes]: (p, ctx) => listTypes(deps.db, ctx.auth, p.list),
    [NOTIFIER_RPC.createReceiver]: (p, ctx) =>
      receiversService.create(ctx.auth, p.notificationId, p.fields),
    [NOTIFIER_RPC.updateReceiver]: (p, ctx) =>
      receiversService.update(ctx.auth, p.notificationId, p.receiverId, p.fields),
    [NOTIFIER_RPC.deleteReceiver]: (p, ctx) =>
      receiversService.remove(ctx.auth, p.notificationId, p.receiverId),
    [NOTIFIER_RPC.getSigningSecret]: (_params, ctx) => secrets.get(ctx.auth),
    [NOTIFIER_RPC.rotateSigningSecret]: (_params, ctx) => secrets.rotate(ctx.auth),
    [NOTIFIER_RPC.listDeliveries]: (params, ctx) => deliveriesService.list(ctx.auth, params),
    [NOTIFIER_RPC.redeliver]: (p, ctx) => deliveriesService.redeliver(ctx.auth, p.id),
    [NOTIFIER_RPC.listEvents]: (p, ctx) => events.list(ctx.auth, p),
    [NOTIFIER_RPC.getEvent]: (p, ctx) => events.get(ctx.auth, p.id),
    [NOTIFIER_RPC.listReceiverDeliveries]: (p, ctx) => receiverDeliveries.list(ctx.auth, p),
    [NOTIFIER_RPC.replay]: (p, ctx) => receiverDeliveries.replay(ctx.auth, p),
  };
}

/** Notifications: the event catalog, receivers, and delivery by URL, e-mail, Slack and SMS. */
export const notifierService: ServiceDefinition<'notifier'> = {
  app: 'notifier',
  migrationsDir: path.join(__dirname, 'migrations'),
  eventHandlers,
  eventsWithoutEffect: (deps) => eventsWithoutSubscribers(deps.db),
  retention: (deps) => [finishedDeliveriesRetention(deps.config.DELIVERIES_RETENTION_DAYS)],
  onStart: async (deps) => {
    await seedCatalog(deps.db);
    const resealed = await parts(deps).secrets.resealLegacy();
    if (resealed > 0)
      deps.logger.info({ resealed }, 'signing secrets of the earlier format sealed anew');
    const { queue } = parts(deps);
    queue.start();
    // The feed forgets events past their retention, a batch per tick until none is left.
    const events = new EventsService(deps.db, deps.config.EVENTS_RETENTION_DAYS);
    const prune = async () => {
      while ((await events.prune()) > 0);
    };
    const pruning = setInterval(
      () => void prune().catch((err: unknown) => deps.logger.warn({ err }, 'event prune failed')),
      deps.config.EVENTS_PRUNE_INTERVAL_MS,
    );
    pruning.unref();
    return async () => {
      clearInterval(pruning);
      await queue.stop();
    };
  },
  rpcHandlers,
};
