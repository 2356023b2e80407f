import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { Errors } from '@custody/errors';

const WINDOW_SECONDS = 60;

/**
 * One-minute windows in Redis, shared by every gateway replica; a window starts at its first
 * request (`PEXPIRE … NX`). Headers follow the IETF RateLimit draft:
 * `RateLimit-Policy: <limit>;w=60` and `RateLimit: limit=…, remaining=…, reset=…`.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async consume(res: Response, bucket: string, id: string, limit: number): Promise<void> {
    if (limit <= 0) return;
    const key = `${this.prefix}:ratelimit:${bucket}:${id}`;
    const results = await this.redis
      .multi()
      .incr(key)
      .pexpire(key, WINDOW_SECONDS * 1000, 'NX')
      .pttl(key)
      .exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttlMs = Number(results?.[2]?.[1] ?? WINDOW_SECONDS * 1000);
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
