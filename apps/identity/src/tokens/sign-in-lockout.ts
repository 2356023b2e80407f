import type { Redis } from 'ioredis';
import type { FailureOutcome, LockoutSettings } from './sign-in.rules';

/**
 * One failed sign-in: counted in a window from the first failure; the failure that reaches the
 * limit locks the account (and starts the count again). Nothing is counted while it is locked:
 * the lock is what answers then.
 * KEYS: failures, lock. ARGV: limit, window ms, lock ms. Answers {failures, locked 0|1}.
 */
const FAIL = `
if redis.call('EXISTS', KEYS[2]) == 1 then return {0, 0} end
local failures = redis.call('INCR', KEYS[1])
if failures == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if failures >= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
  return {failures, 1}
end
return {failures, 0}
`;

/**
 * Per-account lockout of password sign-in, in Redis (shared by every identity replica; keys under
 * `auth:`, identity's keyspace). Redis keeps nothing on disk here: a restart of Redis forgets the
 * counts and the locks, as it forgets the rate-limit windows.
 */
export class SignInLockout {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly settings: LockoutSettings,
  ) {}

  private keys(account: string): [string, string] {
    return [
      `${this.prefix}:auth:sign-in-failures:${account}`,
      `${this.prefix}:auth:sign-in-lock:${account}`,
    ];
  }

  /** How long the account stays locked, in ms; 0 when it is not. */
  async lockedForMs(account: string): Promise<number> {
    if (this.settings.failures <= 0) return 0;
    const ttl = await this.redis.pttl(this.keys(account)[1]);
    return ttl > 0 ? ttl : 0;
  }

  async fail(account: string): Promise<FailureOutcome> {
    if (this.settings.failures <= 0) return { locked: false, failures: 0 };
    const answer = await this.redis.eval(
      FAIL,
      2,
      ...this.keys(account),
      this.settings.failures,
      this.settings.windowMs,
      this.settings.lockMs,
    );
    if (!Array.isArray(answer) || typeof answer[0] !== 'number' || typeof answer[1] !== 'number')
      throw new Error('sign-in lockout: unexpected answer from Redis');
    return { locked: answer[1] === 1, failures: answer[0] };
  }

  /** A successful sign-in starts the count again. */
  async succeed(account: string): Promise<void> {
    if (this.settings.failures <= 0) return;
    await this.redis.del(this.keys(account)[0]);
  }
}
