import { Broker, RpcClient } from '@custody/messaging';
import {
  deleteMqNamespace,
  expectProblem,
  testLogger,
  testServiceUrls,
  uniqueName,
} from '@custody/testing';
import { toOpenApiPath } from '@custody/http';
import { expressRoutes } from './express-routes';
import { allRoutes } from './routes';
import { type RunningGateway, startGateway } from './gateway';

let gateway: RunningGateway;
const namespace = uniqueName('t');

beforeAll(async () => {
  const { amqpUrl, redisUrl } = testServiceUrls();
  gateway = await startGateway({
    AMQP_URL: amqpUrl,
    REDIS_URL: redisUrl,
    MQ_NAMESPACE: namespace,
    PORT: '0',
    OPS_PORT: '0',
    LOG_LEVEL: 'silent',
    RPC_TIMEOUT_MS: '1000',
    READINESS_TIMEOUT_MS: '300',
    BODY_LIMIT_BYTES: '2048',
  });
});

afterAll(async () => {
  await gateway.stop();
  await deleteMqNamespace(namespace);
});

async function call(path: string, init: RequestInit = {}, base = gateway.url) {
  const res = await fetch(base + path, init);
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return {
    res,
    status: res.status,
    headers: res.headers,
    type: res.headers.get('content-type') ?? '',
    body,
  };
}

describe('OpenAPI documents', () => {
  it('document every endpoint the gateway routes, and nothing it does not', async () => {
    for (const version of ['v1', 'v2']) {
      const doc = (await call(`/${version}/openapi.json`)).body;
      expect(doc.openapi).toBe('3.1.0');
      const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
        .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} /${version}${path}`))
        .sort();
      const routed = expressRoutes(gateway.app)
        .filter((r) => r.path.startsWith(`/${version}/`) && r.path !== `/${version}/openapi.json`)
        .map((r) => `${r.method} ${toOpenApiPath(r.path)}`)
        .sort();
      expect(documented).toEqual(routed);
    }
    expect(expressRoutes(gateway.app).length).toBeGreaterThan(0);
  });

  it('serve the API reference page and its assets without any CDN', async () => {
    const page = await call('/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('/docs/assets/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${gateway.url}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const init = await call('/docs/init.js');
    expect(init.body).toContain('/v2/openapi.json');
  });
});

describe('HTTP errors at the gateway', () => {
  it('answers 404 route_not_found for an unknown route', async () => {
    expectProblem(await call('/v1/no-such-thing'), 404, 'route_not_found');
  });

  it('answers 400 malformed_json for a broken JSON body', async () => {
    expectProblem(
      await call('/v1/anything', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":',
      }),
      400,
      'malformed_json',
    );
  });

  it('answers 415 for a body that is not JSON', async () => {
    expectProblem(
      await call('/v1/anything', {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<a/>',
      }),
      415,
      'unsupported_media_type',
    );
  });

  it('answers 413 for a body over the limit', async () => {
    expectProblem(
      await call('/v1/anything', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ big: 'x'.repeat(4096) }),
      }),
      413,
      'payload_too_large',
    );
  });

  it('answers 401 to a protected route without a bearer token, before validating input', async () => {
    expectProblem(await call('/v1/system/ping/mainframe'), 401, 'unauthorized');
  });

  it('answers 401 invalid_client to the token route without Basic credentials', async () => {
    expectProblem(
      await call('/v1/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      401,
      'invalid_client',
    );
  });

  it('answers 503 when identity cannot be reached to verify a token', async () => {
    expectProblem(
      await call('/v1/clients', { headers: { authorization: 'Bearer a.b.c' } }),
      503,
      'service_unavailable',
    );
  });
});

describe('ops endpoints', () => {
  const atOps = (path: string) => call(path, {}, gateway.opsUrl);

  it('is alive but not ready while no backend service answers, naming nothing in public', async () => {
    expect((await call('/healthz')).status).toBe(200);
    const ready = await call('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'not_ready' });
  });

  it('answers /metrics on the public port as any unknown route', async () => {
    expectProblem(await call('/metrics'), 404, 'route_not_found');
  });

  it('names each check on the ops port', async () => {
    expect(gateway.opsUrl).not.toBe(gateway.url);
    expect((await atOps('/healthz')).status).toBe(200);
    const ready = await atOps('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('not_ready');
    expect(ready.body.checks).toMatchObject({
      broker: { status: 'ok' },
      redis: { status: 'ok' },
      identity: { status: 'failed' },
    });
  });

  it('exports Prometheus metrics including HTTP latencies on the ops port', async () => {
    await call('/healthz');
    const metrics = await atOps('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain/);
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('process_cpu_seconds_total');
  });

  it('serves nothing of the API on the ops port', async () => {
    expectProblem(await atOps('/v1/openapi.json'), 404, 'route_not_found');
    expectProblem(await atOps('/v1/system/ping/identity'), 404, 'route_not_found');
  });

  it('closes both ports when it stops', async () => {
    const { amqpUrl, redisUrl } = testServiceUrls();
    const other = await startGateway({
      AMQP_URL: amqpUrl,
      REDIS_URL: redisUrl,
      MQ_NAMESPACE: namespace,
      PORT: '0',
      OPS_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    expect((await fetch(`${other.opsUrl}/healthz`)).status).toBe(200);
    await other.stop();
    await expect(fetch(`${other.url}/healthz`)).rejects.toThrow();
    await expect(fetch(`${other.opsUrl}/healthz`)).rejects.toThrow();
  });
});

describe('the route table', () => {
  // The table only: its handlers are never called here, so the client never connects.
  const logger = testLogger();
  const broker = new Broker({ url: testServiceUrls().amqpUrl, namespace, logger });
  const rpc = new RpcClient({ broker, defaultTimeoutMs: 1, logger });
  const routes = allRoutes({
    rpc,
    individualRequired: ['generalConditions'],
    readiness: () => Promise.reject(new Error('the route table is only read')),
  });

  it('names the scope of every route a bearer token of the v1 API reaches', () => {
    const unscoped = routes
      .filter((r) => (r.auth === 'client' || r.auth === 'admin') && !r.scope)
      .map((r) => r.operationId);
    expect(unscoped).toEqual([]);
  });

  it('lets user-bound tokens reach only routes of a user record or a public catalog', () => {
    const lane = routes.filter((r) => r.userTokens).map((r) => `${r.method} ${r.path}`);
    const outside = lane.filter(
      (route) =>
        !/^(get|post|patch|delete) \/users\/:user(\/|$)/.test(route) &&
        !/^get \/(assets|enums)\//.test(route) &&
        !/^get \/assets$/.test(route) &&
        !/ \/transfers/.test(route),
    );
    expect(outside).toEqual([]);
    expect(lane).not.toContain('delete /users/:user');
    expect(routes.filter((r) => r.auth === 'admin' && r.userTokens)).toEqual([]);
  });
});
