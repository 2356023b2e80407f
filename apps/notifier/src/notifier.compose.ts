import path from 'node:path';
import { SecretBox } from '@custody/secrets';
import type { ServiceDefinition, ServiceDeps, ServiceParts } from '@custody/service-kit';
import { seedCatalog } from './catalog/catalog';
import { Channels } from './channels/channels';
import { receiverResolver } from './channels/ssrf';
import { finishedDeliveriesRetention } from './deliveries/deliveries.retention';
import { deliveryMetrics } from './deliveries/deliveries.metrics';
import { DeliveriesService } from './deliveries/deliveries.service';
import { retrySchedule } from './deliveries/delivery-jobs';
import { DeliveryQueue } from './deliveries/delivery-queue';
import { eventsWithoutSubscribers, fanOut } from './deliveries/fan-out';
import { ReceiverDeliveries } from './deliveries/receiver-deliveries.service';
import { EventsService } from './events/events.service';
import { ReceiversService } from './receivers/receivers.service';
import { SigningSecrets } from './secrets/signing-secrets';
import { rpcHandlers } from './notifier.rpc';

type Deps = ServiceDeps<'notifier'>;

/** One delivery queue and one set of signing secrets, shared by handlers, consumer and jobs. */
function compose(deps: Deps): ServiceParts<'notifier'> {
  if (!deps.redis) throw new Error('notifier needs REDIS_URL');
  const { db, config, logger } = deps;
  const secrets = new SigningSecrets(
    db,
    new SecretBox(config.NOTIFIER_ENCRYPTION_KEY).purpose('webhook-signing-secret'),
  );
  const queue = new DeliveryQueue(
    db,
    deps.redis,
    config,
    new Channels(config),
    secrets,
    logger,
    deliveryMetrics(deps.metrics.registry),
  );
  const dispatch = () => void queue.dispatch().catch(() => undefined);
  return {
    rpcHandlers: rpcHandlers({
      db,
      secrets,
      receivers: new ReceiversService(
        db,
        config.NOTIFIER_ALLOW_PRIVATE_URLS,
        config.NOTIFIER_MAX_RECEIVERS_PER_CLIENT,
        receiverResolver(config),
      ),
      deliveries: new DeliveriesService(db, dispatch),
      receiverDeliveries: new ReceiverDeliveries(db, retrySchedule(config), dispatch),
      events: new EventsService(db, config.EVENTS_RETENTION_DAYS),
    }),
    // Dispatch right after the consumer's transaction commits; the timer catches anything missed.
    eventHandlers: fanOut(() => setTimeout(dispatch, 20)),
    eventsWithoutEffect: eventsWithoutSubscribers(db),
    retention: [finishedDeliveriesRetention(config.DELIVERIES_RETENTION_DAYS)],
    onStart: async () => {
      await seedCatalog(db);
      const resealed = await secrets.resealLegacy();
      if (resealed > 0)
        logger.info({ resealed }, 'signing secrets of the earlier format sealed anew');
      queue.start();
      // The feed forgets events past their retention, a batch per tick until none is left.
      const events = new EventsService(db, config.EVENTS_RETENTION_DAYS);
      const prune = async () => {
        while ((await events.prune()) > 0);
      };
      const pruning = setInterval(
        () => void prune().catch((err: unknown) => logger.warn({ err }, 'event prune failed')),
        config.EVENTS_PRUNE_INTERVAL_MS,
      );
      pruning.unref();
      return async () => {
        clearInterval(pruning);
        await queue.stop();
      };
    },
  };
}

/** Notifications: the event catalog, receivers, and delivery by URL, e-mail, Slack and SMS. */
export const notifierService: ServiceDefinition<'notifier'> = {
  app: 'notifier',
  migrationsDir: path.join(__dirname, 'migrations'),
  compose,
};
