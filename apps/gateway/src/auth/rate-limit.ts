import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { Errors } from '@custody/errors';

const WINDOW_SECONDS = 60;

/**
 * Fixed one-minute windows in Redis, shared by every gateway replica. Headers follow the IETF
 * RateLimit draft: `RateLimit-Policy: <limit>;w=60` and `RateLimit: limit=…, remaining=…, reset=…`.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async consume(res: Response, bucket: string, id: string, limit: number): Promise<void> {
    if (limit <= 0) return;
    const window = Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
    const key = `${this.prefix}:ratelimit:${bucket}:${id}:${window}`;
    const [[, count]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, WINDOW_SECONDS * 2)
      .exec()) as [[unknown, number]];
    const reset = WINDOW_SECONDS - (Math.floor(Date.now() / 1000) % WINDOW_SECONDS);
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
