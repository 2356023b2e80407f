import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@custody/config';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import type { Channels } from '../channels/channels';
import type { SigningSecrets } from '../secrets/signing-secrets';
import type { DeliveryAttemptObserver } from './deliveries.metrics';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { DELIVERY_QUEUE, retrySchedule } from './delivery-jobs';
import { DeliveryWorker } from './delivery-worker';
import { ReceiverHealth } from './receiver-health';
import { ReceiverLimits } from './receiver-limits';

/**
 * The delivery pipeline: a dispatcher moves pending deliveries from PostgreSQL into a BullMQ
 * queue, and a worker sends them within the receivers' limits (receiver-limits.ts), retrying on
 * the schedule; a receiver failing for too long is disabled (receiver-health.ts).
 */
export class DeliveryQueue {
  private readonly queue: Queue;
  private readonly dispatcher: DeliveryDispatcher;
  private readonly worker: DeliveryWorker;

  constructor(
    db: Database,
    redis: Redis,
    private readonly config: AppConfig<'notifier'>,
    channels: Channels,
    secrets: SigningSecrets,
    logger: Logger,
    onAttempt?: DeliveryAttemptObserver,
  ) {
    const schedule = retrySchedule(config);
    const prefix = `${config.REDIS_KEY_PREFIX}:bull`;
    this.queue = new Queue(DELIVERY_QUEUE, { connection: redis, prefix });
    this.dispatcher = new DeliveryDispatcher(db, this.queue, schedule, logger);
    this.worker = new DeliveryWorker(db, redis, prefix, schedule, {
      channels,
      secrets,
      limits: new ReceiverLimits(redis, config, logger),
      health: new ReceiverHealth(db, channels, config.RECEIVER_DISABLE_AFTER_HOURS, logger),
      logger,
      onAttempt,
    });
  }

  start(): void {
    this.dispatcher.start(this.config.NOTIFIER_DISPATCH_INTERVAL_MS);
  }

  /** Moves pending deliveries into the queue now (also run on a timer). */
  dispatch(): Promise<void> {
    return this.dispatcher.dispatch();
  }

  async stop(): Promise<void> {
    await this.dispatcher.stop();
    await this.worker.close();
    await this.queue.close();
  }
}
