import type { Queue } from 'bullmq';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import {
  enqueuedBefore,
  lockUndispatched,
  markEnqueued,
  redispatch,
} from './deliveries.repository';
import { type DeliveryJobData, jittered, jobIdOf, jobTrace } from './delivery-jobs';

/** How often lost deliveries are looked for. */
const REAP_EVERY_MS = 10_000;
/** Deliveries moved into the queue per transaction. */
const DISPATCH_BATCH = 500;

/**
 * Moves pending deliveries from PostgreSQL into the BullMQ queue (job id = delivery id, so a
 * crash between enqueue and mark cannot queue it twice), on a timer and when asked, and gives
 * deliveries the queue lost back to itself.
 */
export class DeliveryDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private dispatching: Promise<void> | undefined;
  private stopped = false;
  private lastReap = 0;

  constructor(
    private readonly db: Database,
    private readonly queue: Queue,
    private readonly schedule: readonly number[],
    private readonly logger: Logger,
  ) {}

  start(intervalMs: number): void {
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
      }, intervalMs);
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
        const pending = await lockUndispatched(tx, DISPATCH_BATCH);
        if (pending.length === 0) return 0;
        await this.queue.addBulk(
          pending.map(({ id, receiverId, clientId, dispatches, ...row }) => {
            // The fan-out's trace context: the attempts join the event's trace (docs/tracing.md).
            const trace = jobTrace(row);
            return {
              name: 'deliver',
              data: {
                deliveryId: id,
                receiverId,
                clientId,
                ...(trace ? { trace } : {}),
              } satisfies DeliveryJobData,
              opts: {
                jobId: jobIdOf(id, dispatches),
                attempts: this.schedule.length,
                backoff: { type: 'custom' },
                delay: jittered(this.schedule[0] ?? 0),
                removeOnComplete: true,
                removeOnFail: true,
              },
            };
          }),
        );
        await markEnqueued(
          tx,
          pending.map((p) => p.id),
        );
        return pending.length;
      });
      if (moved < DISPATCH_BATCH) return;
    }
  }

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
    const suspects = await enqueuedBefore(this.db, horizonSeconds, 500);
    for (const suspect of suspects) {
      if (await this.queue.getJob(jobIdOf(suspect.id, suspect.dispatches))) continue;
      this.logger.warn(
        { deliveryId: suspect.id },
        'delivery lost by the queue; dispatching it again',
      );
      await redispatch(this.db, suspect.id);
    }
  }

  /** No more ticks; waits for a dispatch in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.dispatching;
  }
}
