import { Redis } from 'ioredis';
import type { Logger } from '@custody/logging';

/**
 * A Redis connection that retries forever (BullMQ needs `maxRetriesPerRequest: null`) and logs
 * instead of crashing when Redis goes away.
 */
/**
 * `autoPipelining`: commands issued in the same tick go out in one write (ioredis's
 * enableAutoPipelining). For connections serving concurrent requests (the gateway's per-request
 * checks), not for those BullMQ shares.
 */
export function connectRedis(
  url: string,
  logger: Logger,
  options: { autoPipelining?: boolean } = {},
): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    enableAutoPipelining: options.autoPipelining ?? false,
    enableReadyCheck: true,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let warned = false;
  redis.on('error', (error) => {
    if (!warned) logger.warn({ err: error }, 'Redis connection error');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
    logger.info('Redis connected');
  });
  return redis;
}
