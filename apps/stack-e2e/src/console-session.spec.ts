import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { testServiceUrls, waitFor } from '@custody/testing';
import { Api, type ApiResponse, expectProblem } from './api';
import { launchBrowser } from './browser';
import { type Stack, startStack } from './stack';

// The console's session through the gateway (docs/decisions/operator-console.md, "Sign-in and
// session"): in Chromium, a sign-in that brings no secret and no token to the page, a session
// that survives a reload, a sign-out that revokes the login; over HTTP, cross-site requests
// refused and changing nothing; and the lockout of an account after repeated wrong passwords,
// whichever IPs they come from, on the token endpoint as on the console, in the audit log.

jest.setTimeout(120_000);

const CONSOLE_APP = { id: 'e2e-console', secret: 'e2e-console-api-client-secret' };
/** Identity's lockout for this stack: three failures lock an account for ten minutes. */
const LOCKOUT = { failures: 3, seconds: 600 };
const SESSION_COOKIE = '__Host-custody-console';
const EVIL = 'https://evil.example';

let stack: Stack;
let api: Api;
let admin: string;
let browser: Browser;
const contexts: BrowserContext[] = [];
let redis: Redis;

interface Login {
  id: string;
  email: string;
  password: string;
}

/** A client made for one test: a general client (a tenant), or an admin. */
async function newLogin(kind: 'tenant' | 'admin'): Promise<Login> {
  const email = `${kind}-${Math.random().toString(36).slice(2)}@e2e.test`;
  const password = `a-long-${kind}-password`;
  const created = await api.post('/v1/clients', {
    token: admin,
    body: {
      name: `Session ${kind}`,
      email,
      password,
      ...(kind === 'admin' ? { audience: ['admin'] } : {}),
    },
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, email, password };
}

beforeAll(async () => {
  stack = await startStack({
    env: {
      gateway: {
        CONSOLE_API_CLIENT_ID: CONSOLE_APP.id,
        CONSOLE_API_CLIENT_SECRET: CONSOLE_APP.secret,
      },
      identity: {
        SIGN_IN_LOCKOUT_FAILURES: String(LOCKOUT.failures),
        SIGN_IN_LOCKOUT_WINDOW_SECONDS: '600',
        SIGN_IN_LOCKOUT_SECONDS: String(LOCKOUT.seconds),
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  // The console's api client, which the gateway alone knows: the admin audience, so that admins
  // sign in through it too.
  const app = await api.post('/v1/api-clients', {
    token: admin,
    body: {
      id: CONSOLE_APP.id,
      name: 'Operator console',
      secret: CONSOLE_APP.secret,
      audience: 'admin',
      accessTokenExpiresIn: 900,
      refreshTokenExpiresIn: 3600,
    },
  });
  expect(app.status).toBe(201);
  browser = await launchBrowser();
  redis = new Redis(testServiceUrls().redisUrl);
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  redis?.disconnect();
  await stack?.cleanup();
});

/** The tokens the gateway keeps for a session (read from Redis, as only the gateway does). */
async function storedSession(cookie: string) {
  const key = `${stack.namespace}:auth:console-session:${createHash('sha256').update(cookie).digest('hex')}`;
  const raw = await redis.get(key);
  return raw === null
    ? undefined
    : (JSON.parse(raw) as {
        accessToken: string;
        accessExpiresAt: number;
        refreshToken: string;
        csrfToken: string;
      });
}

/** Everything the page received: each response's address, status, headers and body. */
interface Received {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface RecordedPage {
  page: Page;
  received: Received[];
  /** The Authorization headers the page sent (none is expected). */
  sent: string[];
  /** Waits for every response's body to be read. */
  settle(): Promise<unknown>;
}

async function recordedPage(): Promise<RecordedPage> {
  const context = await browser.newContext();
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  const received: Received[] = [];
  const sent: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('request', (request) => {
    pending.push(
      request.allHeaders().then((headers) => {
        if (headers['authorization']) sent.push(`${request.url()}: ${headers['authorization']}`);
      }),
    );
  });
  page.on('response', (response) => {
    pending.push(
      (async () => {
        const body = await response
          .body()
          .then((bytes) => bytes.toString('utf8'))
          .catch(() => '');
        received.push({
          url: response.url(),
          status: response.status(),
          headers: await response.allHeaders(),
          body,
        });
      })(),
    );
  });
  return { page, received, sent, settle: () => Promise.all(pending) };
}

async function signInOnPage(page: Page, login: Login): Promise<void> {
  await page.goto(`${stack.gatewayUrl}/console/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  // E-mail and password only: no api client to give.
  expect(await page.getByRole('textbox').count()).toBe(2);
  expect(await page.getByText(/api client/i).count()).toBe(0);
  await page.getByLabel('E-mail').fill(login.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
}

/** A session opened over HTTP, as a browser would (same origin): its cookie and CSRF token. */
async function httpSession(login: Login) {
  const res = await api.post('/console/session', {
    body: { email: login.email, password: login.password },
    headers: { origin: stack.gatewayUrl, 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status).toBe(201);
  const cookie = cookieOf(res);
  expect(cookie).toBeDefined();
  return { cookie: cookie ?? '', csrf: res.body.csrfToken as string, body: res.body };
}

function cookieOf(res: ApiResponse): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

const withCookie = (cookie: string, headers: Record<string, string> = {}) => ({
  cookie: `${SESSION_COOKIE}=${cookie}`,
  ...headers,
});

describe('the console session in a browser', () => {
  it('signs in with no secret and no token in anything the page receives, keeps the session across reloads, and signs out revoking the login', async () => {
    const login = await newLogin('tenant');
    const { page, received, sent, settle } = await recordedPage();
    await signInOnPage(page, login);

    // The cookie: HttpOnly, Secure (Chromium keeps it on http://127.0.0.1, a secure context),
    // SameSite=Strict, host-only on /; the page's script cannot read it.
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/',
      domain: '127.0.0.1',
    });
    await expect(page.evaluate(() => document.cookie)).resolves.toBe('');
    const cookie = session?.value ?? '';
    const tokens = await storedSession(cookie);
    expect(tokens?.accessToken).toMatch(/^eyJ/);

    // Reloads, at the overview and deep in the application: still signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.goto(`${stack.gatewayUrl}/console/users`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await expect(page.getByTestId('who').textContent()).resolves.toContain('Session tenant');

    // A change from the page with the session's CSRF token, as the console's client sends it
    // (read from the session, as the console does after a reload): a user created.
    const email = `reload-${Math.random().toString(36).slice(2)}@e2e.test`;
    const created = await page.evaluate(
      async ({ email: userEmail }) => {
        const current = (await (await fetch('/console/session')).json()) as { csrfToken: string };
        const res = await fetch('/console/api/v1/users/individual-person', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': current.csrfToken },
          body: JSON.stringify({
            generalConditions: '2026-01-01',
            name: 'Reload',
            surname: 'Kept',
            email: userEmail,
          }),
        });
        return res.status;
      },
      { email },
    );
    expect(created).toBe(201);
    // Without the token, from the same page, with its cookie: refused.
    const refused = await page.evaluate(async () => {
      const res = await fetch('/console/api/v1/users/individual-person', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ generalConditions: '2026-01-01', name: 'No', surname: 'Token' }),
      });
      return { status: res.status, body: (await res.json()) as { code: string } };
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'csrf_rejected' } });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Overview', level: 1 }).count()).toBe(0);

    // The server forgot the session, and identity revoked its login: neither the old cookie nor
    // the refresh token it stood for opens anything.
    expect(await storedSession(cookie)).toBeUndefined();
    expectProblem(
      await api.get('/console/session', { headers: withCookie(cookie) }),
      401,
      'session_required',
    );
    expectProblem(
      await api.post('/v1/tokens', {
        basic: CONSOLE_APP,
        body: { grant_type: 'refresh_token', refresh_token: tokens?.refreshToken },
      }),
      401,
    );
    expectProblem(
      await api.get('/v1/clients', { token: tokens?.accessToken ?? '' }),
      401,
      'token_revoked',
    );

    // Nothing the page received carried the console's api client secret, a token or the
    // password; and the page sent no Authorization header.
    await settle();
    expect(received.length).toBeGreaterThan(10);
    expect(received.some((r) => r.url.endsWith('/console/session') && r.status === 201)).toBe(true);
    const basic = Buffer.from(`${CONSOLE_APP.id}:${CONSOLE_APP.secret}`).toString('base64');
    const leaks = received.flatMap((r) => {
      const text = `${JSON.stringify(r.headers)}\n${r.body}`;
      const json = /json/.test(r.headers['content-type'] ?? '');
      return [
        CONSOLE_APP.secret,
        basic,
        login.password,
        tokens?.accessToken ?? 'none',
        tokens?.refreshToken ?? 'none',
        // The SDK's code (in the bundle) names these fields; no answer of the gateway does.
        ...(json ? ['access_token', 'refresh_token', 'apiClient'] : []),
      ]
        .filter((secret) => text.includes(secret))
        .map((secret) => `${r.url}: ${secret.slice(0, 12)}…`);
    });
    expect(leaks).toEqual([]);
    expect(received.filter((r) => /eyJ[\w-]+\.eyJ[\w-]+\./.test(r.body)).map((r) => r.url)).toEqual(
      [],
    );
    expect(sent).toEqual([]);
    const config = await api.get('/console/config.json');
    expect(JSON.stringify(config.body)).not.toContain(CONSOLE_APP.secret);
  });
});

describe('the console session under hostile input', () => {
  it('answers every malformed sign-in and session request with a 4xx problem, never a 5xx, and opens no session', async () => {
    const sameOrigin = { origin: stack.gatewayUrl, 'sec-fetch-site': 'same-origin' };
    const bodies: unknown[] = [
      {},
      { email: 'a@b.test' },
      { email: 42, password: 'x' },
      { email: 'a@b.test', password: ['x'] },
      { email: 'a@b.test', password: 'x', extra: true },
      { email: 'x'.repeat(10_000), password: 'y' },
      { email: 'a@b.test', password: 'p'.repeat(100_000) },
      [],
      null,
      'email=a@b.test',
    ];
    for (const body of bodies) {
      const res = await api.post('/console/session', { body, headers: sameOrigin });
      expect([400, 401, 413, 415, 429]).toContain(res.status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(typeof res.body.code).toBe('string');
      expect(cookieOf(res)).toBeUndefined();
    }
    // A session id that is none, forged, or of another shape: no session, no 5xx.
    for (const cookie of ['', 'x', 'a'.repeat(5_000), '../../etc/passwd', '%00%ff']) {
      const read = await api.get('/console/session', { headers: withCookie(cookie) });
      expectProblem(read, 401, 'session_required');
      const write = await api.post('/console/api/v1/users/individual-person', {
        body: { generalConditions: '2026-01-01', name: 'Nobody' },
        headers: withCookie(cookie, { ...sameOrigin, 'x-csrf-token': 'x' }),
      });
      expect(write.status).toBeGreaterThanOrEqual(400);
      expect(write.status).toBeLessThan(500);
    }
  });
});

describe('the console session over HTTP', () => {
  it('refuses a cross-site sign-in, and one without a session says so', async () => {
    const login = await newLogin('tenant');
    const crossSite = await api.post('/console/session', {
      body: { email: login.email, password: login.password },
      headers: { origin: EVIL },
    });
    expectProblem(crossSite, 403, 'csrf_rejected');
    expect(cookieOf(crossSite)).toBeUndefined();
    expectProblem(await api.get('/console/session'), 401, 'session_required');
    expectProblem(await api.get('/console/api/v1/users'), 401, 'session_required');
    // A bearer token does not open the console's API: only its cookie does.
    expectProblem(
      await api.get('/console/api/v1/users', { token: admin }),
      401,
      'session_required',
    );

    const { cookie, body } = await httpSession(login);
    expect(body).toEqual({
      who: {
        id: login.id,
        name: 'Session tenant',
        email: login.email,
        isAdmin: false,
        tenantId: login.id,
        scopes: null,
      },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      endsAt: expect.any(String),
    });
    const again = await api.get('/console/session', { headers: withCookie(cookie) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(body);
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('refreshes the access token on the server, once for many requests at once, and keeps the session', async () => {
    // The console's api client gives 2-second access tokens for this test.
    const lifetimes = (access: number) =>
      api.patch(`/v1/api-clients/${CONSOLE_APP.id}`, {
        token: admin,
        body: { accessTokenExpiresIn: access, refreshTokenExpiresIn: 3600 },
      });
    expect((await lifetimes(2)).status).toBe(200);
    try {
      const login = await newLogin('tenant');
      const { cookie } = await httpSession(login);
      const first = await storedSession(cookie);
      if (!first) throw new Error('no session stored');
      // Into the token's last fifth, where the gateway refreshes it before use.
      await waitFor(() => Date.now() >= first.accessExpiresAt - 300, {
        intervalMs: 20,
        what: "the access token's last fifth",
      });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          api.get('/console/api/v1/users', { headers: withCookie(cookie) }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
      const second = await storedSession(cookie);
      expect(second?.accessToken).not.toBe(first.accessToken);
      expect(second?.refreshToken).not.toBe(first.refreshToken);
      // One refresh: a second use of the first refresh token would have revoked the login.
      expect((await api.get('/console/session', { headers: withCookie(cookie) })).status).toBe(200);
      expect((await api.get('/v1/users', { token: second?.accessToken ?? '' })).status).toBe(200);
    } finally {
      await lifetimes(900);
    }
  });

  it('refuses a cross-site or tokenless change through the session, and it changes nothing', async () => {
    const login = await newLogin('tenant');
    const { cookie, csrf } = await httpSession(login);
    const email = `csrf-${Math.random().toString(36).slice(2)}@e2e.test`;
    const user = { generalConditions: '2026-01-01', name: 'Cross', surname: 'Site', email };
    const create = (headers: Record<string, string>) =>
      api.post('/console/api/v1/users/individual-person', {
        body: user,
        headers: withCookie(cookie, headers),
      });

    const attempts = {
      'another Origin, with the token': await create({ origin: EVIL, 'x-csrf-token': csrf }),
      'Sec-Fetch-Site cross-site, with the token': await create({
        'sec-fetch-site': 'cross-site',
        'x-csrf-token': csrf,
      }),
      'same origin, no token': await create({ origin: stack.gatewayUrl }),
      'same origin, a wrong token': await create({
        origin: stack.gatewayUrl,
        'x-csrf-token': 'A'.repeat(43),
      }),
    };
    for (const [name, res] of Object.entries(attempts)) {
      expect([name, res.status]).toEqual([name, 403]);
      expectProblem(res, 403, 'csrf_rejected');
    }
    // A cross-site sign-out neither: the session stays.
    expectProblem(
      await api.delete('/console/session', {
        headers: withCookie(cookie, { origin: EVIL, 'x-csrf-token': csrf }),
      }),
      403,
      'csrf_rejected',
    );
    expectProblem(
      await api.delete('/console/session', { headers: withCookie(cookie) }),
      403,
      'csrf_rejected',
    );
    expect((await api.get('/console/session', { headers: withCookie(cookie) })).status).toBe(200);

    // Nothing was created, nor recorded as done.
    const found = await api.get(`/console/api/v1/users?email=${encodeURIComponent(email)}`, {
      headers: withCookie(cookie),
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual([]);

    // The same request from the console's own origin with its token goes through.
    const made = await create({ origin: stack.gatewayUrl, 'x-csrf-token': csrf });
    expect(made.status).toBe(201);
    const listed = await api.get(`/console/api/v1/users?email=${encodeURIComponent(email)}`, {
      headers: withCookie(cookie),
    });
    expect(listed.body.map((u: { id: string }) => u.id)).toEqual([made.body.id]);

    const signedOut = await api.delete('/console/session', {
      headers: withCookie(cookie, { origin: stack.gatewayUrl, 'x-csrf-token': csrf }),
    });
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.getSetCookie()).toEqual([
      `${SESSION_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`,
    ]);
    expectProblem(
      await api.get('/console/api/v1/users', { headers: withCookie(cookie) }),
      401,
      'session_required',
    );
  });
});

describe('the lockout of an account', () => {
  /** Each sign-in's request id: the audit records of identity and the gateway share it. */
  const requestId = (login: Login, ip: string) => `lockout-${login.id}-${ip}`;
  const signIn = {
    tokens: (login: Login, password: string, ip: string) =>
      api.post('/v1/tokens', {
        basic: api.bootstrapApp,
        body: { grant_type: 'password', username: login.email, password },
        headers: { 'x-forwarded-for': ip, 'x-request-id': requestId(login, ip) },
      }),
    console: (login: Login, password: string, ip: string) =>
      api.post('/console/session', {
        body: { email: login.email, password },
        headers: { 'x-forwarded-for': ip, 'x-request-id': requestId(login, ip) },
      }),
  };
  const auditOf = async (action: string, targetId: string) => {
    const res = await api.get(`/v1/audit-events?action=${action}&sort=createdAt&limit=0`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    return (res.body as { targetId: string | null; status: number; requestId: string }[]).filter(
      (r) => r.targetId === targetId,
    );
  };

  it('locks an admin after three wrong passwords from three IPs, on the token endpoint as on the console, with Retry-After, audited', async () => {
    const target = await newLogin('admin');
    const ip = (n: number) => `10.0.${n}.1`;
    const failures = [
      await signIn.tokens(target, 'wrong-password', ip(1)),
      await signIn.console(target, 'wrong-password', ip(2)),
      await signIn.tokens(target, 'wrong-password', ip(3)),
    ];
    for (const res of failures) expectProblem(res, 401, 'invalid_grant');

    // The right password from a fourth IP, on either way in: locked.
    for (const locked of [
      await signIn.tokens(target, target.password, ip(4)),
      await signIn.console(target, target.password, ip(5)),
    ]) {
      expectProblem(locked, 429, 'account_locked');
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(LOCKOUT.seconds - 60);
      expect(retryAfter).toBeLessThanOrEqual(LOCKOUT.seconds);
      expect(locked.body.retryAfter).toBe(retryAfter);
      expect(cookieOf(locked)).toBeUndefined();
    }
    // Another admin is not locked by it.
    const other = await newLogin('admin');
    expect((await signIn.tokens(other, other.password, ip(6))).status).toBe(201);

    // Identity recorded each failed admin sign-in and the lockout, in the platform's chain.
    const failed = await auditOf('adminSignInFailed', target.id);
    expect(failed.map((r) => [r.requestId, r.status])).toEqual([
      [requestId(target, ip(1)), 401],
      [requestId(target, ip(2)), 401],
      [requestId(target, ip(3)), 401],
      [requestId(target, ip(4)), 429],
      [requestId(target, ip(5)), 429],
    ]);
    expect(await auditOf('signInLocked', target.id)).toEqual([
      expect.objectContaining({
        requestId: requestId(target, ip(3)),
        tenantId: null,
        status: 429,
        outcome: 'failure',
        detail: `${LOCKOUT.failures} failed sign-ins within 600 s: account locked for ${LOCKOUT.seconds} s`,
      }),
    ]);
    // The gateway's own records of those requests name the IPs they came from (X-Forwarded-For,
    // trusted from the loopback proxy).
    const ids = new Map([1, 2, 3, 4, 5].map((n) => [requestId(target, ip(n)), ip(n)]));
    const remote = await waitFor(
      async () => {
        const res = await api.get('/v1/audit-events?limit=0', { token: admin });
        const mine = (res.body as { requestId: string; remoteIp: string | null; action: string }[])
          .filter((r) => ids.has(r.requestId))
          .filter((r) => r.action === 'createToken' || r.action === 'createConsoleSession');
        return mine.length === ids.size ? mine : undefined;
      },
      { what: "the gateway's records of the five sign-ins" },
    );
    expect(remote.map((r) => r.remoteIp === ids.get(r.requestId))).toEqual(Array(5).fill(true));
  });

  it('starts the count again after a successful sign-in', async () => {
    const login = await newLogin('tenant');
    for (let round = 0; round < 3; round += 1) {
      for (let i = 1; i < LOCKOUT.failures; i += 1)
        expectProblem(
          await signIn.tokens(login, 'wrong-password', `10.99.${round}.${i}`),
          401,
          'invalid_grant',
        );
      expect((await signIn.console(login, login.password, `10.98.${round}.1`)).status).toBe(201);
    }
  });
});
