import { JOB_QUEUES } from '@custody/contracts';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '@custody/logging';
import { type JobSchedule, keepJobSchedulers, upsertJobSchedulers } from '@custody/service-kit';
import { startSpan, tracingEnabled } from '@custody/telemetry';

/** The BullMQ queue's name (libs/contracts JOB_QUEUES: never renamed). */
export const CHAIN_QUEUE = JOB_QUEUES.chain;

export interface ChainJobs {
  deposits: () => Promise<void>;
  withdrawals: () => Promise<void>;
  /** The reconciliation of the books against the chain, on its own interval. */
  reconcile?: { run: () => Promise<void>; everyMs: number };
}

/**
 * The adapter's loops as BullMQ job schedulers (one schedule however many replicas run): the
 * deposit scan and the withdrawal sender of a network, every `everyMs`, and the reconciliation
 * on its own interval. One worker per process runs one job at a time; a failed run is logged
 * and the next one tries again. A timer of the process re-creates the schedulers Redis lost,
 * every `checkEveryMs` (docs/decisions/sweeps.md).
 */
export async function startChainJobs(
  network: string,
  jobs: ChainJobs,
  redis: Redis,
  keyPrefix: string,
  everyMs: number,
  checkEveryMs: number,
  logger: Logger,
): Promise<() => Promise<void>> {
  const prefix = `${keyPrefix}:bull`;
  const queue = new Queue(CHAIN_QUEUE, { connection: redis, prefix });
  const worker = new Worker(
    CHAIN_QUEUE,
    async (job) => {
      const run = async () => {
        if (job.name === `deposits:${network}`) await jobs.deposits();
        else if (job.name === `withdrawals:${network}`) await jobs.withdrawals();
        else if (job.name === `reconcile:${network}`) await jobs.reconcile?.run();
      };
      // Each run is a trace of its own (docs/tracing.md): its node calls, statements and the
      // decisions and signatures it asks for are its children. Nothing while tracing is off, not
      // even the span's name and options.
      if (!tracingEnabled()) return run();
      const span = startSpan(`chain ${job.name.split(':')[0] ?? job.name}`, 'internal', {
        parent: null,
        attributes: { 'custody.network': network, 'messaging.system': 'bullmq' },
      });
      if (!span) return run();
      try {
        await span.run(run);
      } catch (error) {
        span.fail(error);
        throw error;
      } finally {
        span.end();
      }
    },
    { connection: redis.duplicate(), prefix, concurrency: 1 },
  );
  worker.on('failed', (job, error) =>
    logger.warn({ err: error, job: job?.name }, 'chain job failed; the next run retries'),
  );
  worker.on('error', (error) => logger.warn({ err: error }, 'chain worker error'));
  const schedules: JobSchedule[] = [
    [`deposits:${network}`, everyMs] as const,
    [`withdrawals:${network}`, everyMs] as const,
    ...(jobs.reconcile ? [[`reconcile:${network}`, jobs.reconcile.everyMs] as const] : []),
  ].map(([name, every]) => ({
    id: name,
    everyMs: every,
    name,
    opts: { removeOnComplete: 50, removeOnFail: 50 },
  }));
  await upsertJobSchedulers(queue, schedules);
  const check = keepJobSchedulers(queue, schedules, checkEveryMs, logger);
  check.start();
  return async () => {
    await check.stop();
    await worker.close();
    await queue.close();
  };
}
