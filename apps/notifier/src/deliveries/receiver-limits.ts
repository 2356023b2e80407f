import { randomUUID } from 'node:crypto';
import { DelayedError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@custody/config';
import type { Logger } from '@custody/logging';
import type { DeliveryJobData } from './delivery-jobs';

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
 * The limits every replica shares in Redis, around each delivery's run: a receiver's concurrent
 * deliveries and a client's deliveries per second. A job over a limit waits without spending an
 * attempt.
 */
export class ReceiverLimits {
  constructor(
    private readonly redis: Redis,
    private readonly config: AppConfig<'notifier'>,
    private readonly logger: Logger,
  ) {}

  /**
   * Runs `work` holding a slot of the job's receiver: at most WEBHOOK_PER_RECEIVER_CONCURRENCY
   * deliveries per receiver at once; a job over the limit waits a moment.
   */
  async run(
    job: Job<DeliveryJobData>,
    token: string | undefined,
    work: () => Promise<void>,
  ): Promise<void> {
    const receiverId = job.data.receiverId;
    if (!receiverId) return work();
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
      await work();
    } finally {
      clearInterval(renew);
      await this.redis.zrem(key, member);
    }
  }
}
