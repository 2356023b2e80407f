import { deleteMqNamespace, expectProblem, testServiceUrls, uniqueName } from '@custody/testing';
import { type RunningGateway, startGateway } from '../gateway';

// The console's session routes on a gateway without a console api client and without services:
// what they answer before any service is asked (the whole way through is
// apps/stack-e2e/src/console-session.spec.ts).

let gateway: RunningGateway;
const namespace = uniqueName('t');
const COOKIE = `__Host-custody-console=${'A'.repeat(43)}`;

beforeAll(async () => {
  const { amqpUrl, redisUrl } = testServiceUrls();
  gateway = await startGateway({
    AMQP_URL: amqpUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: namespace,
    MQ_NAMESPACE: namespace,
    PORT: '0',
    OPS_PORT: '0',
    LOG_LEVEL: 'silent',
    RPC_TIMEOUT_MS: '1000',
  });
});

afterAll(async () => {
  await gateway.stop();
  await deleteMqNamespace(namespace);
});

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(gateway.url + path, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('the console session routes', () => {
  it('answer 503 console_not_configured to a sign-in when the gateway has no console api client, and set no cookie', async () => {
    const res = await call('/console/session', json({ email: 'a@b.test', password: 'secret' }));
    expectProblem(res, 503, 'console_not_configured');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refuse a cross-site sign-in or change with 403 csrf_rejected, before anything else', async () => {
    const evil = { origin: 'https://evil.example' };
    expectProblem(
      await call('/console/session', json({ email: 'a@b.test', password: 'secret' }, evil)),
      403,
      'csrf_rejected',
    );
    expectProblem(
      await call(
        '/console/api/v1/users/individual-person',
        json({ name: 'x' }, { ...evil, cookie: COOKIE }),
      ),
      403,
      'csrf_rejected',
    );
    expectProblem(
      await call('/console/session', {
        method: 'DELETE',
        headers: { 'sec-fetch-site': 'cross-site', cookie: COOKIE },
      }),
      403,
      'csrf_rejected',
    );
  });

  it('answer 401 session_required without a session, whatever bearer token comes along', async () => {
    expectProblem(await call('/console/session'), 401, 'session_required');
    expectProblem(
      await call('/console/session', { headers: { cookie: COOKIE } }),
      401,
      'session_required',
    );
    expectProblem(await call('/console/api/v1/users'), 401, 'session_required');
    expectProblem(
      await call('/console/api/v1/users', { headers: { authorization: 'Bearer x.y.z' } }),
      401,
      'session_required',
    );
  });

  it('sign out without a session by removing the cookie (idempotent)', async () => {
    const res = await call('/console/session', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()).toEqual([
      '__Host-custody-console=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0',
    ]);
  });

  it('validate the sign-in body as the API does', async () => {
    expectProblem(
      await call('/console/session', json({ email: 'a@b.test', password: 'x', apiClient: 'y' })),
      400,
      'validation_failed',
    );
  });
});
