import { JOB_QUEUES } from '@custody/contracts';
import { randomUUID } from 'node:crypto';
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@custody/config';
import type { Logger } from '@custody/logging';
import { type Database, executePrepared } from '@custody/persistence';
import { ChannelNotConfigured, type Channels, DeliveryError } from '../channels/channels';
import { deliveries, type DeliveryStatus, type ReceiverRow, receivers } from '../schema';
import type { SigningSecrets } from '../secrets/signing-secrets';

/** How often lost deliveries are looked for. */
const REAP_EVERY_MS = 10_000;

/** The BullMQ queue's name (libs/contracts JOB_QUEUES: never renamed). */
export const DELIVERY_QUEUE = JOB_QUEUES.deliveries;

/** The longest error a delivery keeps (`lastError`, answered by GET /v1/notifications/deliveries). */
export const DELIVERY_ERROR_MAX = 1_000;

function clipError(message: string): string {
  return typeof message === 'string' ? message.slice(0, DELIVERY_ERROR_MAX) : message;
}

/** Seconds before each attempt (the first entry is the initial delivery), with ±20 % jitter. */
export function retrySchedule(config: AppConfig<'notifier'>): number[] {
  return config.WEBHOOK_RETRY_SCHEDULE.split(',').map(Number);
}

/** Job ids are delivery id + dispatch count: a redelivery never collides with an earlier job. */
function jobIdOf(deliveryId: string, dispatches: number): string {
  return `${deliveryId}-${dispatches}`;
}

/**
 * Leases on a receiver's delivery slots, renewed while their run goes on: a killed worker's
 * expire within SLOT_LEASE_MS. (A lease that outlived any send, 75 s by default, kept every slot
 * of a receiver taken after a few kills; its deliveries waited without an attempt until then.)
 * Each run has its own lease (a job run again after a stall does not share its first run's), and
 * times are Redis's own clock, not each replica's.
 */
const SLOT_LEASE_MS = 10_000;
const REDIS_NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
const TAKE_SLOT = `${REDIS_NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;
/** Counts a client's deliveries of the current second; the count, past the limit too. */
const TAKE_RATE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], 2000) end
return n`;
const RENEW_SLOT = `${REDIS_NOW}
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[1]), ARGV[2]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return 1`;

/**
 * BullMQ's lock on an active job, renewed by a live worker every half of it: a killed worker's
 * jobs are found stalled and run again within LOCK_MS + STALLED_CHECK_MS (30 s + 30 s by
 * default). Deliveries are at-least-once either way (receivers deduplicate on webhook-id).
 */
const LOCK_MS = 10_000;
const STALLED_CHECK_MS = 5_000;

function jittered(seconds: number): number {
  return Math.round(seconds * 1000 * (0.8 + Math.random() * 0.4));
}

/**
 * The delivery pipeline: a dispatcher moves pending deliveries from PostgreSQL into a BullMQ
 * queue (job id = delivery id, so a crash between enqueue and mark cannot queue it twice), and a
 * worker sends them, retrying on the schedule and logging every attempt in `delivery_attempts`.
 */
export class DeliveryQueue {
  private readonly queue: Queue;
  private readonly worker: Worker;
  private readonly schedule: number[];
  private timer: NodeJS.Timeout | undefined;
  private dispatching: Promise<void> | undefined;
  private stopped = false;
  private readonly redis: Redis;
  /** Once per attempt: built once, a named prepared statement. */
  private readonly findDelivery;

  constructor(
    private readonly db: Database,
    redis: Redis,
    private readonly config: AppConfig<'notifier'>,
    private readonly channels: Channels,
    private readonly secrets: SigningSecrets,
    private readonly logger: Logger,
  ) {
    this.schedule = retrySchedule(config);
    this.findDelivery = db
      .select({ delivery: deliveries, receiver: receivers })
      .from(deliveries)
      .innerJoin(receivers, eq(receivers.id, deliveries.receiverId))
      .where(eq(deliveries.id, sql.placeholder('id')))
      .prepare('notifier_find_delivery');
    this.redis = redis;
    const prefix = `${config.REDIS_KEY_PREFIX}:bull`;
    this.queue = new Queue(DELIVERY_QUEUE, { connection: redis, prefix });
    this.worker = new Worker(DELIVERY_QUEUE, (job, token) => this.withReceiverSlot(job, token), {
      connection: redis.duplicate(),
      prefix,
      concurrency: 32,
      lockDuration: LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
      settings: {
        backoffStrategy: (attemptsMade: number) => jittered(this.schedule[attemptsMade] ?? 0),
      },
    });
    this.worker.on('error', (error) => logger.warn({ err: error }, 'delivery worker error'));
  }

  start(): void {
    const loop = () => {
      if (this.stopped) return;
      this.timer = setTimeout(async () => {
        await this.dispatch().catch((error: unknown) =>
          this.logger.warn({ err: error }, 'dispatch failed'),
        );
        await this.reap().catch((error: unknown) =>
          this.logger.warn({ err: error }, 'reap failed'),
        );
        loop();
      }, this.config.NOTIFIER_DISPATCH_INTERVAL_MS);
    };
    loop();
  }

  /** Moves pending deliveries into the queue now (also run on a timer). */
  dispatch(): Promise<void> {
    this.dispatching ??= this.dispatchBatch().finally(() => {
      this.dispatching = undefined;
    });
    return this.dispatching;
  }

  private async dispatchBatch(): Promise<void> {
    for (;;) {
      const moved = await this.db.transaction(async (tx) => {
        const pending = await tx
          .select({
            id: deliveries.id,
            receiverId: deliveries.receiverId,
            clientId: deliveries.clientId,
            dispatches: deliveries.dispatches,
          })
          .from(deliveries)
          .where(and(eq(deliveries.status, 'pending'), isNull(deliveries.enqueuedAt)))
          .limit(500)
          .for('update', { skipLocked: true });
        if (pending.length === 0) return 0;
        await this.queue.addBulk(
          pending.map(({ id, receiverId, clientId, dispatches }) => ({
            name: 'deliver',
            data: { deliveryId: id, receiverId, clientId },
            opts: {
              jobId: jobIdOf(id, dispatches),
              attempts: this.schedule.length,
              backoff: { type: 'custom' },
              delay: jittered(this.schedule[0] ?? 0),
              removeOnComplete: true,
              removeOnFail: true,
            },
          })),
        );
        await tx
          .update(deliveries)
          .set({ enqueuedAt: new Date() })
          .where(
            sql`${deliveries.id} IN (${sql.join(
              pending.map((p) => sql`${p.id}`),
              sql`, `,
            )})`,
          );
        return pending.length;
      });
      if (moved < 500) return;
    }
  }

  private lastReap = 0;

  /**
   * Finds deliveries the queue lost (a Redis restart without its data): pending, enqueued a while
   * ago, and with no job in the queue. A delivery waiting between retries still has its (delayed)
   * job, and a finished one is marked before its job is removed, so a missing job means lost.
   * They go back to the dispatcher.
   */
  private async reap(): Promise<void> {
    if (Date.now() - this.lastReap < REAP_EVERY_MS) return;
    this.lastReap = Date.now();
    // Old enough that the dispatcher's own enqueue has long committed.
    const horizonSeconds = 30;
    const suspects = await this.db
      .select({ id: deliveries.id, dispatches: deliveries.dispatches })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.status, 'pending'),
          sql`${deliveries.enqueuedAt} < now() - make_interval(secs => ${horizonSeconds})`,
        ),
      )
      .limit(500);
    for (const suspect of suspects) {
      if (await this.queue.getJob(jobIdOf(suspect.id, suspect.dispatches))) continue;
      this.logger.warn(
        { deliveryId: suspect.id },
        'delivery lost by the queue; dispatching it again',
      );
      await this.db
        .update(deliveries)
        .set({ enqueuedAt: null, dispatches: sql`${deliveries.dispatches} + 1` })
        .where(and(eq(deliveries.id, suspect.id), eq(deliveries.status, 'pending')));
    }
  }

  private async finish(
    id: string,
    status: DeliveryStatus,
    patch: { code?: number; error?: string } = {},
  ): Promise<void> {
    await this.db
      .update(deliveries)
      .set({
        status,
        updatedAt: new Date(),
        ...(patch.code !== undefined ? { lastStatusCode: patch.code } : {}),
        ...(patch.error !== undefined ? { lastError: patch.error } : {}),
        ...(status === 'delivered' ? { deliveredAt: new Date() } : {}),
      })
      .where(eq(deliveries.id, id));
  }

  /**
   * At most WEBHOOK_PER_RECEIVER_CONCURRENCY deliveries per receiver at once (a Redis counter shared
   * by every replica); a job over the limit waits a moment without spending an attempt.
   */
  private async withReceiverSlot(
    job: Job<{ deliveryId: string; receiverId?: string; clientId?: string }>,
    token?: string,
  ): Promise<void> {
    const receiverId = job.data.receiverId;
    if (!receiverId) return this.process(job);
    const key = `${this.config.REDIS_KEY_PREFIX}:notifier:slots:${receiverId}`;
    const member = `${job.id}:${randomUUID()}`;
    const limit = this.config.WEBHOOK_PER_RECEIVER_CONCURRENCY;
    const taken = await this.redis.eval(TAKE_SLOT, 1, key, SLOT_LEASE_MS, limit, member);
    if (Number(taken) !== 1) {
      await job.moveToDelayed(Date.now() + 100 + Math.floor(Math.random() * 200), token);
      throw new DelayedError();
    }
    // At most NOTIFIER_DELIVERIES_PER_CLIENT_PER_SECOND deliveries of one client's receivers
    // start per second (every replica counts in Redis): one tenant's burst of events, or its
    // receivers multiplied, does not take every worker. Counted once the receiver's slot is
    // held (a job waiting for a slot spends nothing); one over the limit gives its slot back
    // and waits, without spending an attempt, about as long as the queue ahead of it needs.
    if (job.data.clientId) {
      const second = Math.floor(Date.now() / 1000);
      const rateKey = `${this.config.REDIS_KEY_PREFIX}:notifier:rate:${job.data.clientId}:${second}`;
      const perSecond = this.config.NOTIFIER_DELIVERIES_PER_CLIENT_PER_SECOND;
      const count = Number(await this.redis.eval(TAKE_RATE, 1, rateKey, perSecond));
      if (count > perSecond) {
        await this.redis.zrem(key, member);
        const aheadSeconds = Math.floor((count - perSecond - 1) / perSecond);
        await job.moveToDelayed(
          (second + 1 + aheadSeconds) * 1000 + Math.floor(Math.random() * 500),
          token,
        );
        throw new DelayedError();
      }
    }
    const renew = setInterval(() => {
      this.redis
        .eval(RENEW_SLOT, 1, key, SLOT_LEASE_MS, member)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'slot lease not renewed'));
    }, SLOT_LEASE_MS / 3);
    try {
      await this.process(job);
    } finally {
      clearInterval(renew);
      await this.redis.zrem(key, member);
    }
  }

  private async process(job: Job<{ deliveryId: string }>): Promise<void> {
    const [row] = await this.findDelivery.execute({ id: job.data.deliveryId });
    if (!row || row.delivery.status !== 'pending') return; // delivered already (a redelivered job)
    const { delivery, receiver } = row;
    if (receiver.deletedAt || receiver.disabledAt)
      return this.finish(delivery.id, 'skipped', { error: 'receiver removed' });
    const attempt = delivery.attempts + 1;
    const started = Date.now();
    let code: number | undefined;
    let error: unknown;
    try {
      const secrets =
        delivery.channel === 'url' ? await this.secrets.active(receiver.clientId) : [];
      code = await this.channels.send({
        deliveryId: delivery.id,
        channel: delivery.channel,
        receiver,
        payload: delivery.payload,
        secrets,
      });
    } catch (caught) {
      error = caught;
      code = caught instanceof DeliveryError ? caught.statusCode : undefined;
    }
    // A receiver's server or a provider writes the error: the log keeps (and answers) its start.
    const message = error ? clipError((error as Error).message) : null;
    const attemptDone = {
      deliveryId: delivery.id,
      attempt,
      code: code ?? null,
      error: message,
      durationMs: Date.now() - started,
    };
    const withCode = code !== undefined ? { code } : {};
    if (!error) {
      await this.record(attemptDone, { status: 'delivered', ...withCode });
      if (receiver.failingSince) {
        await this.db
          .update(receivers)
          .set({ failingSince: null })
          .where(eq(receivers.id, receiver.id));
      }
      return;
    }
    if (error instanceof ChannelNotConfigured) {
      this.logger.info(
        { deliveryId: delivery.id, channel: delivery.channel, reason: error.message },
        'channel not configured; skipped',
      );
      return this.record(attemptDone, { status: 'skipped', error: clipError(error.message) });
    }
    await this.recordFailure(receiver);
    const patch = { ...{}, ...withCode, error: message ?? 'failed' };
    if (error instanceof DeliveryError && error.permanent) {
      await this.record(attemptDone, { status: 'failed', ...patch });
      throw new UnrecoverableError(message ?? 'failed');
    }
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? this.schedule.length);
    // The last attempt makes it `dead`: the dead letter, kept, visible and redeliverable.
    await this.record(attemptDone, last ? { status: 'dead', ...patch } : patch);
    throw error instanceof Error ? error : new Error(String(error));
  }

  /**
   * Logs an attempt and applies its outcome to the delivery in one statement (one round trip,
   * atomically): the attempt count, and where given the new status, status code and error.
   */
  private async record(
    attempt: {
      deliveryId: string;
      attempt: number;
      code: number | null;
      error: string | null;
      durationMs: number;
    },
    outcome: { status?: DeliveryStatus; code?: number; error?: string },
  ): Promise<void> {
    const status = outcome.status ?? null;
    // Prepared (parsed and planned once per connection): one of the two statements of every
    // attempt.
    await executePrepared(
      this.db,
      sql`WITH attempt AS (
            INSERT INTO notifier.delivery_attempts (delivery_id, attempt, status_code, error, duration_ms)
            VALUES (${attempt.deliveryId}, ${attempt.attempt}, ${attempt.code}, ${attempt.error}, ${attempt.durationMs}))
          UPDATE notifier.deliveries SET
            attempts = ${attempt.attempt},
            updated_at = now(),
            status = COALESCE(${status}::text, status),
            last_status_code = COALESCE(${outcome.code ?? null}::integer, last_status_code),
            last_error = COALESCE(${outcome.error ?? null}::text, last_error),
            delivered_at = CASE WHEN ${status}::text = 'delivered' THEN now() ELSE delivered_at END
          WHERE id = ${attempt.deliveryId}`,
    );
  }

  /** A receiver failing without a success for too long is disabled, and its owner told by e-mail. */
  private async recordFailure(receiver: ReceiverRow): Promise<void> {
    if (!receiver.failingSince) {
      await this.db
        .update(receivers)
        .set({ failingSince: new Date() })
        .where(and(eq(receivers.id, receiver.id), isNull(receivers.failingSince)));
      return;
    }
    const limitMs = this.config.RECEIVER_DISABLE_AFTER_HOURS * 3_600_000;
    if (Date.now() - receiver.failingSince.getTime() < limitMs) return;
    const [disabled] = await this.db
      .update(receivers)
      .set({ disabledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(receivers.id, receiver.id), isNull(receivers.disabledAt)))
      .returning();
    if (!disabled) return;
    this.logger.warn({ receiverId: receiver.id }, 'receiver disabled after failing for too long');
    if (receiver.email) {
      await this.channels
        .notifyOwner(
          receiver.email,
          `Your receiver ${receiver.id} has been failing since ${receiver.failingSince.toISOString()} and was disabled. Update it to enable it again.`,
        )
        .catch((err: unknown) => this.logger.warn({ err }, 'could not e-mail the receiver owner'));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.dispatching;
    await this.worker.close();
    await this.queue.close();
  }
}
