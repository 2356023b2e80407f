import { Redis } from 'ioredis';
import { testServiceUrls, uniqueName } from '@custody/testing';
import { type StateCheck, TokenStateChecks } from './token-state';

let redis: Redis;
let prefix: string;
let batches: number[];
let checks: TokenStateChecks;

beforeAll(() => {
  redis = new Redis(testServiceUrls().redisUrl);
});

afterAll(async () => {
  await redis.quit();
});

beforeEach(async () => {
  prefix = `test-${uniqueName()}`;
  batches = [];
  checks = new TokenStateChecks(redis, `${prefix}:seeded`, (size) => batches.push(size));
  await redis.set(`${prefix}:seeded`, '1');
  await redis.set(`${prefix}:version:a`, '3');
  await redis.set(`${prefix}:version:b`, '1');
  await redis.set(`${prefix}:revoked:jti-revoked`, '1');
});

afterEach(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
});

function check(client: 'a' | 'b', jti: string, tokenVersion: string, limit = 100): StateCheck {
  return {
    versionKey: `${prefix}:version:${client}`,
    revokedKey: `${prefix}:revoked:${jti}`,
    windowKey: `${prefix}:window:${client}`,
    tokenVersion,
    limit,
    windowMs: 60_000,
  };
}

describe('TokenStateChecks', () => {
  it('answers each check of a batch by its own token: valid, revoked, outdated, uncounted', async () => {
    const asked = [
      check('a', 'jti-1', '3'),
      check('a', 'jti-revoked', '3'),
      check('b', 'jti-2', '0'),
      check('b', 'jti-3', '1', 0),
      check('b', 'jti-4', '1'),
    ];
    // The first goes alone; the others arrive while it is in flight and go as one command.
    const answers = await Promise.all([...asked, ...asked].map((c) => checks.check(c)));

    expect(batches).toEqual([1, 9]);
    expect(answers.map((a) => [a.seeded, a.valid, a.count])).toEqual([
      [true, true, 1],
      [true, false, 0],
      [true, false, 0],
      [true, true, 0],
      [true, true, 1],
      [true, true, 2],
      [true, false, 0],
      [true, false, 0],
      [true, true, 0],
      [true, true, 2],
    ]);
    expect(answers[0]!.ttlMs).toBeGreaterThan(59_000);
  });

  it('counts the requests of one window in the order they came, across batches', async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => checks.check(check('a', 'jti-1', '3', 1000))),
    );

    expect(batches).toEqual([1, 64, 64, 21]);
    expect(answers.map((a) => a.count)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
  });

  it('answers "not seeded" to every check when Redis lost its contents', async () => {
    await redis.del(`${prefix}:seeded`);

    const answers = await Promise.all([1, 2, 3].map(() => checks.check(check('a', 'jti-1', '3'))));

    expect(answers.map((a) => a.seeded)).toEqual([false, false, false]);
    expect(await redis.exists(`${prefix}:window:a`)).toBe(0);
  });

  it('fails only the check whose window cannot be counted; the others are answered and counted', async () => {
    await redis.hset(`${prefix}:window:b`, 'not', 'a counter');

    const answers = await Promise.allSettled([
      checks.check(check('a', 'jti-1', '3')),
      checks.check(check('b', 'jti-2', '1')),
      checks.check(check('a', 'jti-1', '3')),
    ]);

    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(answers[2]).toMatchObject({ value: { valid: true, count: 2 } });
  });
});
