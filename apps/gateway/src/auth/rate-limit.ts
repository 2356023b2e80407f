import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { Errors } from '@custody/errors';

const WINDOW_SECONDS = 60;
export const RATE_WINDOW_MS = WINDOW_SECONDS * 1000;

/** One request counted in a window: its count and the window's time left. */
const COUNT = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return {count, redis.call('PTTL', KEYS[1])}
`;

type Count = (key: string, windowMs: number) => Promise<[number, number]>;

/**
 * One-minute windows in Redis, shared by every gateway replica; a window starts at its first
 * request (`PEXPIRE … NX`). Headers follow the IETF RateLimit draft:
 * `RateLimit-Policy: <limit>;w=60` and `RateLimit: limit=…, remaining=…, reset=…`.
 * A v1 token's request is counted by the token check's own Redis command (TokenVerifier);
 * the other buckets count here.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('custodyRateCount' in redis))
      redis.defineCommand('custodyRateCount', { numberOfKeys: 1, lua: COUNT });
  }

  key(bucket: string, id: string): string {
    return `${this.prefix}:ratelimit:${bucket}:${id}`;
  }

  async consume(res: Response, bucket: string, id: string, limit: number): Promise<void> {
    if (limit <= 0) return;
    const [count, ttlMs] = await (
      this.redis as unknown as { custodyRateCount: Count }
    ).custodyRateCount(this.key(bucket, id), RATE_WINDOW_MS);
    this.apply(res, limit, count, ttlMs);
  }

  /** The RateLimit headers of a counted request; 429 once the window's limit is passed. */
  apply(res: Response, limit: number, count: number, ttlMs: number): void {
    const reset = Math.max(1, Math.ceil(ttlMs / 1000));
    res.setHeader('RateLimit-Policy', `${limit};w=${WINDOW_SECONDS}`);
    res.setHeader(
      'RateLimit',
      `limit=${limit}, remaining=${Math.max(0, limit - count)}, reset=${reset}`,
    );
    if (count > limit) {
      res.setHeader('Retry-After', String(reset));
      throw Errors.rateLimited();
    }
  }
}
