import { Redis } from 'ioredis';
import { IDENTITY_RPC, type TokenRequest } from '@custody/contracts';
import { testServiceUrls, uniqueName, waitFor } from '@custody/testing';
import { admin, BOOTSTRAP, createIdentityHarness, type IdentityHarness } from '../test-harness';
import { SignInLockout } from './sign-in-lockout';
import { accountKey, failureRecords, lockedAttemptRecords } from './sign-in.rules';

// Password sign-in's lockout per account: the Redis counts on a real Redis, the audit records it
// makes, and identity's token issuance with it, over RPC as the gateway calls it.

describe('the lockout rules', () => {
  const settings = { failures: 3, windowMs: 60_000, lockMs: 120_000 };
  const now = new Date('2026-01-02T03:04:05.000Z');
  const adminRow = { id: 'a1', audience: ['admin' as const], tenantId: null };
  const member = { id: 'm1', audience: ['general' as const], tenantId: 't1' };

  it('keys an account by its e-mail in any case, without the address itself', () => {
    expect(accountKey('Ops@Example.com')).toBe(accountKey('ops@example.com'));
    expect(accountKey('ops@example.com')).toMatch(/^[0-9a-f]{64}$/);
    expect(accountKey('ops@example.com')).not.toBe(accountKey('other@example.com'));
  });

  it("records an admin's failed sign-in in the platform's chain, and a lockout in the account's tenant's", () => {
    const adminFailure = failureRecords(
      { requestId: 'r1', client: adminRow, now },
      { locked: false, failures: 2 },
      settings,
    );
    expect(adminFailure).toEqual([
      expect.objectContaining({
        occurredAt: now.toISOString(),
        detail: 'wrong password (failure 2 of 3)',
        record: expect.objectContaining({
          requestId: 'r1',
          action: 'adminSignInFailed',
          tenantId: null,
          clientId: null,
          targetId: 'a1',
          status: 401,
          outcome: 'failure',
        }),
      }),
    ]);
    // A member's failure alone is not recorded (the gateway records the request); its lockout is.
    expect(
      failureRecords(
        { requestId: 'r2', client: member, now },
        { locked: false, failures: 1 },
        settings,
      ),
    ).toEqual([]);
    const locked = failureRecords(
      { requestId: 'r3', client: member, now },
      { locked: true, failures: 3 },
      settings,
    );
    expect(locked).toEqual([
      expect.objectContaining({
        detail: '3 failed sign-ins within 60 s: account locked for 120 s',
        record: expect.objectContaining({
          action: 'signInLocked',
          tenantId: 't1',
          targetId: 'm1',
          status: 429,
        }),
      }),
    ]);
    const unknown = failureRecords(
      { requestId: 'r4', client: undefined, now },
      { locked: true, failures: 3 },
      settings,
    );
    expect(unknown[0]?.record).toMatchObject({
      action: 'signInLocked',
      tenantId: null,
      targetId: null,
    });
    expect(lockedAttemptRecords({ requestId: 'r5', client: adminRow, now }, 1_500)).toEqual([
      expect.objectContaining({
        detail: 'refused: the account is locked for 2 s more',
        record: expect.objectContaining({ action: 'adminSignInFailed', status: 429 }),
      }),
    ]);
    expect(lockedAttemptRecords({ requestId: 'r6', client: member, now }, 1_500)).toEqual([]);
  });
});

describe('SignInLockout on Redis', () => {
  const redis = new Redis(testServiceUrls().redisUrl);
  const prefix = uniqueName('lockout');

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('locks at the Nth failure within the window, counts nothing while locked, and unlocks after the lock', async () => {
    const lockout = new SignInLockout(redis, prefix, {
      failures: 3,
      windowMs: 60_000,
      lockMs: 400,
    });
    const account = accountKey('locks@example.com');
    expect(await lockout.fail(account)).toEqual({ locked: false, failures: 1 });
    expect(await lockout.fail(account)).toEqual({ locked: false, failures: 2 });
    expect(await lockout.lockedForMs(account)).toBe(0);
    expect(await lockout.fail(account)).toEqual({ locked: true, failures: 3 });
    const remaining = await lockout.lockedForMs(account);
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(400);
    expect(await lockout.fail(account)).toEqual({ locked: false, failures: 0 });
    // Another account is not touched.
    expect(await lockout.lockedForMs(accountKey('other@example.com'))).toBe(0);
    await waitFor(async () => (await lockout.lockedForMs(account)) === 0, {
      what: 'the lock to end',
    });
    // The count starts again after a lock.
    expect(await lockout.fail(account)).toEqual({ locked: false, failures: 1 });
  });

  it('starts the count again after a success, and after the window', async () => {
    const lockout = new SignInLockout(redis, prefix, {
      failures: 3,
      windowMs: 300,
      lockMs: 60_000,
    });
    const account = accountKey('resets@example.com');
    await lockout.fail(account);
    await lockout.fail(account);
    await lockout.succeed(account);
    expect(await lockout.fail(account)).toEqual({ locked: false, failures: 1 });
    await lockout.fail(account);
    await waitFor(
      async () => (await redis.exists(`${prefix}:auth:sign-in-failures:${account}`)) === 0,
      {
        what: 'the window to end',
      },
    );
    expect(await lockout.fail(account)).toEqual({ locked: false, failures: 1 });
    expect(await lockout.lockedForMs(account)).toBe(0);
  });

  it('does nothing when the lockout is off (0 failures)', async () => {
    const lockout = new SignInLockout(redis, prefix, {
      failures: 0,
      windowMs: 1_000,
      lockMs: 1_000,
    });
    const account = accountKey('off@example.com');
    for (let i = 0; i < 10; i += 1) expect((await lockout.fail(account)).locked).toBe(false);
    expect(await lockout.lockedForMs(account)).toBe(0);
    expect(await redis.keys(`${prefix}:auth:sign-in-*:${account}`)).toEqual([]);
  });
});

describe('token issuance with the lockout', () => {
  // Identity's defaults: 5 failures within 15 minutes lock an account for 15 minutes.
  const LIMIT = 5;
  let h: IdentityHarness;
  const apiClient = { id: BOOTSTRAP.apiClientId, secret: BOOTSTRAP.apiClientSecret };
  const issue = (request: TokenRequest, requestId?: string) =>
    h.gateway.call(
      'identity',
      IDENTITY_RPC.issueToken,
      { credentials: apiClient, request },
      requestId ? { requestId } : {},
    );
  const password = (username: string, secret: string) =>
    ({ grant_type: 'password', username, password: secret }) as const;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as { status: number; code: string; details?: unknown },
    );
  const auditOf = async (action: string) =>
    (
      await h.call(
        IDENTITY_RPC.listAuditEvents,
        {
          list: { page: 1, limit: 0, sort: { field: 'createdAt', direction: 'asc' } },
          filters: { action },
        },
        admin,
      )
    ).items;

  beforeAll(async () => {
    h = await createIdentityHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('locks an admin after five wrong passwords: the right one is refused with 429 account_locked, and each failure and the lockout are in the audit log', async () => {
    const wrong = [];
    for (let i = 1; i <= LIMIT; i += 1)
      wrong.push(await failure(issue(password(BOOTSTRAP.email, 'wrong-password'), `lockout-${i}`)));
    expect(wrong.map((e) => e?.code)).toEqual(Array(LIMIT).fill('invalid_grant'));

    const locked = await failure(
      issue(password(BOOTSTRAP.email.toUpperCase(), BOOTSTRAP.password)),
    );
    expect(locked).toMatchObject({ status: 429, code: 'account_locked' });
    const retryAfter = (locked?.details as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    const failed = await auditOf('adminSignInFailed');
    expect(failed.map((r) => [r.requestId, r.status, r.detail])).toEqual([
      ...Array.from({ length: LIMIT }, (_, i) => [
        `lockout-${i + 1}`,
        401,
        `wrong password (failure ${i + 1} of ${LIMIT})`,
      ]),
      [
        expect.any(String),
        429,
        expect.stringMatching(/^refused: the account is locked for \d+ s more$/),
      ],
    ]);
    const lockouts = await auditOf('signInLocked');
    expect(lockouts).toEqual([
      expect.objectContaining({
        requestId: `lockout-${LIMIT}`,
        tenantId: null,
        status: 429,
        outcome: 'failure',
        detail: `${LIMIT} failed sign-ins within 900 s: account locked for 900 s`,
      }),
    ]);
    expect(new Set([...failed, ...lockouts].map((r) => r.targetId)).size).toBe(1);
  });

  it('starts the count again after a successful sign-in', async () => {
    const email = 'resets@clients.test';
    const created = await h.call(
      IDENTITY_RPC.createClient,
      { name: 'Resets', email, password: 'resets-client-password' },
      admin,
    );
    for (let round = 0; round < 3; round += 1) {
      for (let i = 1; i < LIMIT; i += 1)
        expect(await failure(issue(password(email, 'wrong-password')))).toMatchObject({
          code: 'invalid_grant',
        });
      await expect(issue(password(email, 'resets-client-password'))).resolves.toMatchObject({
        client: { id: created.id },
      });
    }
  });

  it('locks an unknown e-mail as it locks a known one, with the same answers', async () => {
    const answers = [];
    for (let i = 0; i <= LIMIT; i += 1)
      answers.push((await failure(issue(password('nobody@clients.test', 'wrong-password'))))?.code);
    expect(answers).toEqual([...Array(LIMIT).fill('invalid_grant'), 'account_locked']);
  });
});
