import { type AppName, APPS, EVENT_ROUTES, SERVICES } from '@custody/contracts';
import {
  alertQueries,
  dashboardQueries,
  exposedMetricNames,
  metricNames,
  waitFor,
} from '@custody/testing';
import pg from 'pg';
import { Api, expectProblem } from './api';
import { type Stack, startStack, TEST_MNEMONIC } from './stack';

let stack: Stack;
let adminToken: string;

beforeAll(async () => {
  stack = await startStack({
    env: { gateway: { RPC_TIMEOUT_MS: '1500', READINESS_TIMEOUT_MS: '500' } },
  });
  adminToken = await new Api(stack.gatewayUrl).adminToken();
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(stack.gatewayUrl + path, {
    headers: { authorization: `Bearer ${adminToken}`, ...headers },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: (await res.json()) as any,
  };
}

describe('the whole stack', () => {
  it('is ready only when every backend service answers its RPC ping', async () => {
    // In public, the status alone; the ops port names each check.
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    const detailed = await fetch(`${stack.gatewayOpsUrl}/readyz`);
    expect(detailed.status).toBe(200);
    const { checks } = (await detailed.json()) as { checks: Record<string, { status: string }> };
    for (const name of ['broker', 'redis', ...SERVICES])
      expect(checks[name]).toMatchObject({ status: 'ok' });
  });

  it('reports the same checks to an admin through GET /v1/system/health, to no one else', async () => {
    const health = await get('/v1/system/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      status: 'ready',
      checks: Object.fromEntries(
        ['broker', 'redis', ...SERVICES].map((name) => [name, { status: 'ok' }]),
      ),
    });
    const api = new Api(stack.gatewayUrl);
    const client = await api.newClient(adminToken, 'Health');
    expectProblem(await api.get('/v1/system/health', { token: client.token }), 403, 'forbidden');
    expectProblem(await api.get('/v1/system/health'), 401, 'unauthorized');
  });

  it.each(SERVICES)(
    'round-trips an RPC through the gateway to %s and its database',
    async (service) => {
      const pong = await get(`/v1/system/ping/${service}`);
      expect(pong.status).toBe(200);
      expect(pong.body).toMatchObject({ service, checks: { database: 'ok', broker: 'ok' } });
      if (service === 'trading' || service === 'notifier')
        expect(pong.body.checks.redis).toBe('ok');
    },
  );

  it('serves /healthz, /readyz and /metrics from every app, the gateway on its ops port only', async () => {
    expect(stack.gatewayOpsUrl).not.toBe(stack.gatewayUrl);
    for (const app of APPS) {
      const url = stack.apps[app].opsUrl;
      expect(url).not.toBe('');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      expect(await (await fetch(`${url}/metrics`)).text()).toContain(`app="${app}"`);
    }
    expectProblem(await new Api(stack.gatewayUrl).get('/metrics'), 404, 'route_not_found');
  });

  it('exposes every metric the alert rules and the dashboard name (docs/monitoring.md)', async () => {
    const scraped = Object.fromEntries(
      await Promise.all(
        APPS.map(async (app) => [
          app,
          await (await fetch(`${stack.apps[app].opsUrl}/metrics`)).text(),
        ]),
      ),
    ) as Record<AppName, string>;

    // The gauges read at scrape time have their values, not the unknown of a failed read.
    for (const app of APPS) expect(scraped[app]).toMatch(/^readiness_ok\{[^}]*\} 1$/m);
    for (const app of SERVICES)
      expect(scraped[app]).toMatch(/^outbox_oldest_unsent_age_seconds\{[^}]*\} \d/m);
    const consumers = new Set(Object.values(EVENT_ROUTES).flatMap((route) => route.consumers));
    for (const app of consumers)
      expect(scraped[app]).toContain(
        `dead_letter_queue_messages{queue="${stack.namespace}.${app}.events.dlq",app="${app}"} 0`,
      );

    // A name a rule or a panel reads that no process exposes (renamed, misspelt) fails here.
    const exposed = new Set(
      Object.values(scraped).flatMap((text) => [...exposedMetricNames(text)]),
    );
    const named = new Map<string, string[]>();
    for (const query of [...alertQueries(), ...dashboardQueries()])
      for (const name of metricNames(query.expr))
        named.set(name, [...(named.get(name) ?? []), query.source]);
    const missing = [...named]
      .filter(([name]) => !exposed.has(name))
      .map(([name, sources]) => `${name} (${sources.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('carries the request id from the gateway into the service log lines', async () => {
    await get('/v1/system/ping/identity', { 'x-request-id': 'e2e-trace-7' });
    await waitFor(
      () => stack.apps.identity.logs.some((line) => line['requestId'] === 'e2e-trace-7'),
      {
        what: 'a log line of identity with the request id',
      },
    );
    const line = stack.apps.identity.logs.find((l) => l['requestId'] === 'e2e-trace-7')!;
    expect(line).toMatchObject({ service: 'identity', rpc: 'system.ping' });
    await waitFor(() => stack.apps.gateway.logs.some((l) => l['requestId'] === 'e2e-trace-7'), {
      what: 'the gateway access log line with the request id',
    });
  });

  it('answers 504 when a service does not reply in time, and recovers when it does', async () => {
    const trading = stack.apps.trading.child;
    trading.kill('SIGSTOP'); // alive and holding its queue, but answering nothing
    try {
      const timedOut = await get('/v1/system/ping/trading');
      expect(timedOut.status).toBe(504);
      expect(timedOut.type).toMatch(/^application\/problem\+json/);
      expect(timedOut.body).toMatchObject({ status: 504, code: 'upstream_timeout' });
      expect((await get('/readyz')).status).toBe(503);
    } finally {
      trading.kill('SIGCONT');
    }
    await waitFor(async () => (await get('/v1/system/ping/trading')).status === 200, {
      what: 'trading to answer again',
    });
  });

  it('never writes the signing seed or a private key to any log line', async () => {
    const { HDNodeWallet, Mnemonic } = await import('ethers');
    const root = HDNodeWallet.fromSeed(Mnemonic.fromPhrase(TEST_MNEMONIC).computeSeed());
    const secrets = [
      TEST_MNEMONIC,
      root.privateKey,
      root.derivePath("m/44'/60'/0'/0/0").privateKey,
    ];
    const logs = JSON.stringify(Object.values(stack.apps).map((p) => p.logs));
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });

  it('keeps the signing seed and private keys out of every database row', async () => {
    const { HDNodeWallet, Mnemonic } = await import('ethers');
    const admin = new Api(stack.gatewayUrl);
    const user = (
      await admin.post('/v1/users/individual-person', {
        token: adminToken,
        body: { generalConditions: '2026-01-01' },
      })
    ).body.id;
    await admin.post(`/v1/users/${user}/wallets`, {
      token: adminToken,
      body: { assetId: 'eth', device: 'd', ip: '192.0.2.1' },
    });
    const root = HDNodeWallet.fromSeed(Mnemonic.fromPhrase(TEST_MNEMONIC).computeSeed());
    const keys = [0, 1, 2].map((i) => root.derivePath(`m/44'/60'/0'/0/${i}`).privateKey.slice(2));
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const tables = await client.query(
      `SELECT table_schema, table_name FROM information_schema.tables
        WHERE table_schema IN ('identity','ledger','trading','signing','issuer','notifier') AND table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const t of tables.rows) {
      const rows = await client.query(
        `SELECT t::text AS row FROM "${t.table_schema}"."${t.table_name}" t`,
      );
      dump += rows.rows.map((r) => r.row).join('\n');
    }
    await client.end();
    expect(dump).toContain("m/44'/60'/0'/0/"); // the dump holds real data: the keys' derivation paths
    for (const secret of [TEST_MNEMONIC, root.privateKey.slice(2), ...keys])
      expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it('stops every app cleanly on SIGTERM', async () => {
    const codes = await stack.stopAll();
    expect(codes).toEqual(Object.fromEntries(APPS.map((app) => [app, 0])));
  });
});
