import type { Redis } from 'ioredis';
import { Errors } from '@custody/errors';
import { AnswerPacedBatches, ItemFailed } from './answer-paced-batches';

/**
 * The state of every token in a batch and, for each valid one, one request counted in its
 * client's rate-limit window: one Redis command for all the requests that arrived while the
 * previous command was in flight, instead of one per request.
 * KEYS: the seeded flag, then per token its client's version, its revocation and its rate-limit
 * window. ARGV per token: its version, the limit (0 = no counting), the window in ms.
 * Returns {0} when Redis lost its contents, else {1} followed by {valid, count, ttl ms} per token,
 * valid being -1 when counting failed for that token alone (`pcall`: a Lua error would abort the
 * script with the counts before it made and fail every token of the batch). A window met twice
 * in a batch is counted twice, in order. `PEXPIRE … NX`: a window starts at its first request
 * (Redis ≥ 7).
 */
const CHECK_AND_COUNT = `
if not redis.call('GET', KEYS[1]) then return {0} end
local out = {1}
local function failed(reply) return type(reply) == 'table' and reply.err ~= nil end
for i = 0, (#KEYS - 1) / 3 - 1 do
  local k, a, n = 1 + 3 * i, 3 * i, #out
  local current = redis.call('GET', KEYS[k + 1])
  if redis.call('EXISTS', KEYS[k + 2]) == 1 or current ~= ARGV[a + 1] then
    out[n + 1] = 0; out[n + 2] = 0; out[n + 3] = 0
  elseif (tonumber(ARGV[a + 2]) or 0) <= 0 then
    out[n + 1] = 1; out[n + 2] = 0; out[n + 3] = 0
  else
    local window = KEYS[k + 3]
    local count = redis.pcall('INCR', window)
    local ttl
    if not failed(count) and not failed(redis.pcall('PEXPIRE', window, ARGV[a + 3], 'NX')) then
      ttl = redis.pcall('PTTL', window)
    end
    if ttl == nil or failed(ttl) then
      out[n + 1] = -1; out[n + 2] = 0; out[n + 3] = 0
    else
      out[n + 1] = 1; out[n + 2] = count; out[n + 3] = ttl
    end
  end
end
return out
`;

/** Requests whose tokens one Redis command checks at most (3 keys and 3 arguments each). */
const CHECKS_PER_COMMAND = 64;
/** Checks waiting for Redis at most; past that a request is refused (503), not queued. */
const MAX_WAITING_CHECKS = 20_000;

/** One request's token check, and its count in its client's window. */
export interface StateCheck {
  /** The token's client's current version, its revocation and the client's window. */
  versionKey: string;
  revokedKey: string;
  windowKey: string;
  /** The version the token was issued with. */
  tokenVersion: string;
  /** Requests allowed per window; 0 counts nothing. */
  limit: number;
  windowMs: number;
}

export interface StateAnswer {
  /** false when Redis lost its contents (identity must seed them again). */
  seeded: boolean;
  valid: boolean;
  /** The window's count with this request, and its time left (0 when nothing was counted). */
  count: number;
  ttlMs: number;
}

type CheckAndCount = (
  numberOfKeys: number,
  ...keysThenArgs: (string | number)[]
) => Promise<number[]>;

/**
 * Token checks in batches paced by Redis's answers (`AnswerPacedBatches`): at low load each goes
 * at once and alone; under load one Lua call carries every check that arrived during the
 * previous call (docs/performance.md, "Token checks in batches").
 */
export class TokenStateChecks {
  private readonly batches: AnswerPacedBatches<StateCheck, StateAnswer>;

  constructor(
    private readonly redis: Redis,
    private readonly seededKey: string,
    /** Observes each batch sent (tests). */
    onBatch?: (size: number) => void,
  ) {
    // No numberOfKeys: each call says how many keys it has.
    if (!('custodyCheckAndCountMany' in redis))
      redis.defineCommand('custodyCheckAndCountMany', { lua: CHECK_AND_COUNT });
    this.batches = new AnswerPacedBatches(
      (checks) => {
        onBatch?.(checks.length);
        return this.checkMany(checks);
      },
      {
        maxBatch: CHECKS_PER_COMMAND,
        maxWaiting: MAX_WAITING_CHECKS,
        overloaded: () =>
          Errors.unavailable('Too many requests wait for authentication.', 'auth_unavailable'),
      },
    );
  }

  check(check: StateCheck): Promise<StateAnswer> {
    return this.batches.submit(check);
  }

  private async checkMany(checks: StateCheck[]): Promise<(StateAnswer | ItemFailed)[]> {
    const keys: string[] = [this.seededKey];
    const args: (string | number)[] = [];
    for (const check of checks) {
      keys.push(check.versionKey, check.revokedKey, check.windowKey);
      args.push(check.tokenVersion, check.limit, check.windowMs);
    }
    const reply = await (
      this.redis as unknown as { custodyCheckAndCountMany: CheckAndCount }
    ).custodyCheckAndCountMany(keys.length, ...keys, ...args);
    if (reply[0] !== 1)
      return checks.map(() => ({ seeded: false, valid: false, count: 0, ttlMs: 0 }));
    return checks.map((_, i) => {
      const valid = reply[1 + 3 * i];
      if (valid === -1)
        return new ItemFailed(new Error('Counting the request in its rate-limit window failed'));
      return {
        seeded: true,
        valid: valid === 1,
        count: reply[2 + 3 * i] ?? 0,
        ttlMs: reply[3 + 3 * i] ?? 0,
      };
    });
  }
}
