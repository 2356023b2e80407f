import type { JobSchedulerTemplateOptions, Queue } from 'bullmq';
import type { Logger } from '@custody/logging';
import { Periodic } from './periodic';

/** One BullMQ job scheduler: its id, its interval and the jobs it makes. */
export interface JobSchedule {
  id: string;
  everyMs: number;
  name: string;
  opts?: JobSchedulerTemplateOptions;
}

/** Creates (or updates: a changed interval) every schedule of the queue. */
export async function upsertJobSchedulers(queue: Queue, schedules: JobSchedule[]): Promise<void> {
  for (const schedule of schedules)
    await queue.upsertJobScheduler(
      schedule.id,
      { every: schedule.everyMs },
      { name: schedule.name, ...(schedule.opts ? { opts: schedule.opts } : {}) },
    );
}

/**
 * Re-creates the queue's job schedulers that are missing, every `intervalMs`, on a timer of the
 * process (docs/decisions/sweeps.md): the schedulers live in Redis, and Redis losing its data
 * (a restart without persistence, a failover to an empty replica, a FLUSHALL) takes them away
 * until a restart otherwise. A scheduler still there is left alone: upserting one whose job
 * runs would add an iteration beside the one the worker adds when it ends.
 */
export function keepJobSchedulers(
  queue: Queue,
  schedules: JobSchedule[],
  intervalMs: number,
  logger: Logger,
): Periodic {
  return new Periodic({
    what: `the job schedulers of ${queue.name}`,
    intervalMs,
    logger,
    run: async () => {
      // The list, not getJobScheduler: that one answers an object for a missing id with a colon
      // (it reads it as a legacy repeatable job's key).
      const present = new Set((await queue.getJobSchedulers()).map((scheduler) => scheduler.key));
      const missing = schedules.filter((schedule) => !present.has(schedule.id));
      if (missing.length === 0) return;
      await upsertJobSchedulers(queue, missing);
      logger.warn(
        { queue: queue.name, schedulers: missing.map((s) => s.id) },
        'job schedulers were missing from Redis (its data lost?); re-created',
      );
    },
  });
}
