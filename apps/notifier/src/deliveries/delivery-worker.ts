import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { startSpan, tracingEnabled } from '@custody/telemetry';
import { ChannelNotConfigured, type Channels, DeliveryError } from '../channels/channels';
import type { DeliveryStatus } from '../schema';
import type { SigningSecrets } from '../secrets/signing-secrets';
import type { DeliveryAttemptObserver } from './deliveries.metrics';
import {
  type AttemptDone,
  findDeliveryStatement,
  finishDelivery,
  recordAttempt,
} from './deliveries.repository';
import { DELIVERY_QUEUE, type DeliveryJobData, jittered } from './delivery-jobs';
import type { ReceiverHealth } from './receiver-health';
import type { ReceiverLimits } from './receiver-limits';

/** The longest error a delivery keeps (`lastError`, answered by GET /v1/notifications/deliveries). */
export const DELIVERY_ERROR_MAX = 1_000;

function clipError(message: string): string {
  return typeof message === 'string' ? message.slice(0, DELIVERY_ERROR_MAX) : message;
}

/**
 * BullMQ's lock on an active job, renewed by a live worker every half of it: a killed worker's
 * jobs are found stalled and run again within LOCK_MS + STALLED_CHECK_MS (30 s + 30 s by
 * default). Deliveries are at-least-once either way (receivers deduplicate on webhook-id).
 */
const LOCK_MS = 10_000;
const STALLED_CHECK_MS = 5_000;

/** What a worker needs besides the database and Redis. */
export interface DeliveryWorkerParts {
  channels: Channels;
  secrets: SigningSecrets;
  limits: ReceiverLimits;
  health: ReceiverHealth;
  logger: Logger;
  /** Told how each attempt ended (metrics). */
  onAttempt?: DeliveryAttemptObserver;
}

/**
 * Sends the queue's deliveries within the receivers' limits, retrying on the schedule and
 * logging every attempt in `delivery_attempts`.
 */
export class DeliveryWorker {
  private readonly worker: Worker;
  /** Once per attempt: built once, a named prepared statement. */
  private readonly findDelivery;

  constructor(
    private readonly db: Database,
    redis: Redis,
    prefix: string,
    private readonly schedule: readonly number[],
    private readonly parts: DeliveryWorkerParts,
  ) {
    this.findDelivery = findDeliveryStatement(db);
    this.worker = new Worker(
      DELIVERY_QUEUE,
      (job: Job<DeliveryJobData>, token) => parts.limits.run(job, token, () => this.traced(job)),
      {
        connection: redis.duplicate(),
        prefix,
        concurrency: 32,
        lockDuration: LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
        settings: {
          backoffStrategy: (attemptsMade: number) => jittered(this.schedule[attemptsMade] ?? 0),
        },
      },
    );
    this.worker.on('error', (error) => parts.logger.warn({ err: error }, 'delivery worker error'));
  }

  /**
   * One attempt in a CONSUMER span of the trace of the event that caused it (the fan-out's
   * context, carried by the job; docs/tracing.md): the webhook's request is its child. Off: the
   * attempt alone.
   */
  private traced(job: Job<DeliveryJobData>): Promise<void> {
    if (!tracingEnabled()) return this.process(job);
    const span = startSpan('notifier deliver', 'consumer', {
      parent: job.data.trace ?? null,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': DELIVERY_QUEUE,
        'messaging.message.id': job.id ?? '',
        'custody.delivery_id': job.data.deliveryId,
        'custody.attempt': job.attemptsMade + 1,
      },
    });
    if (!span) return this.process(job);
    return span
      .run(() => this.process(job))
      .then(
        () => span.end(),
        (error: unknown) => {
          span.fail(error);
          span.end();
          throw error;
        },
      );
  }

  private async process(job: Job<DeliveryJobData>): Promise<void> {
    const { channels, secrets, health, logger, onAttempt } = this.parts;
    const [row] = await this.findDelivery.execute({ id: job.data.deliveryId });
    if (!row || row.delivery.status !== 'pending') return; // delivered already (a redelivered job)
    const { delivery, receiver } = row;
    if (receiver.deletedAt || receiver.disabledAt)
      return finishDelivery(this.db, delivery.id, 'skipped', { error: 'receiver removed' });
    const attempt = delivery.attempts + 1;
    const started = Date.now();
    let code: number | undefined;
    let error: unknown;
    try {
      const signing = delivery.channel === 'url' ? await secrets.active(receiver.clientId) : [];
      code = await channels.send({
        deliveryId: delivery.id,
        channel: delivery.channel,
        receiver,
        payload: delivery.payload,
        secrets: signing,
      });
    } catch (caught) {
      error = caught;
      code = caught instanceof DeliveryError ? caught.statusCode : undefined;
    }
    // A receiver's server or a provider writes the error: the log keeps (and answers) its start.
    const message = error ? clipError((error as Error).message) : null;
    const attemptDone: AttemptDone = {
      deliveryId: delivery.id,
      attempt,
      code: code ?? null,
      error: message,
      durationMs: Date.now() - started,
    };
    const withCode = code !== undefined ? { code } : {};
    if (!error) {
      onAttempt?.(delivery.channel, 'delivered');
      await this.record(attemptDone, { status: 'delivered', ...withCode });
      await health.succeeded(receiver);
      return;
    }
    if (error instanceof ChannelNotConfigured) {
      logger.info(
        { deliveryId: delivery.id, channel: delivery.channel, reason: error.message },
        'channel not configured; skipped',
      );
      onAttempt?.(delivery.channel, 'skipped');
      return this.record(attemptDone, { status: 'skipped', error: clipError(error.message) });
    }
    await health.failed(receiver);
    const patch = { ...{}, ...withCode, error: message ?? 'failed' };
    if (error instanceof DeliveryError && error.permanent) {
      onAttempt?.(delivery.channel, 'rejected');
      await this.record(attemptDone, { status: 'failed', ...patch });
      throw new UnrecoverableError(message ?? 'failed');
    }
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? this.schedule.length);
    onAttempt?.(delivery.channel, last ? 'dead' : 'failed');
    // The last attempt makes it `dead`: the dead letter, kept, visible and redeliverable.
    await this.record(attemptDone, last ? { status: 'dead', ...patch } : patch);
    throw error instanceof Error ? error : new Error(String(error));
  }

  private record(
    attempt: AttemptDone,
    outcome: { status?: DeliveryStatus; code?: number; error?: string },
  ): Promise<void> {
    return recordAttempt(this.db, attempt, outcome);
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
