import { Redis } from 'ioredis';
import type { Logger } from '@custody/logging';

/**
 * A Redis connection that retries forever (BullMQ needs `maxRetriesPerRequest: null`) and logs
 * instead of crashing when Redis goes away. Commands are written as they are issued: ioredis's
 * auto-pipelining made each tick's batch a `Pipeline` with an accessor of its own, a new V8 map
 * per batch kept until a full collection; at half load it cost the gateway more CPU and
 * latency than the writes it saved (docs/performance.md, "Redis auto-pipelining off").
 */
export function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
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
