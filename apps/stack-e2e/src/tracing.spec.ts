import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APPS } from '@custody/contracts';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver, waitFor } from '@custody/testing';
import { parseEther, Wallet } from 'ethers';
import { Api } from './api';
import { type LocalChain, startLocalChain } from './local-chain';
import { type Stack, startStack } from './stack';
import { fund, newUser, openWallet } from './world';

/**
 * OpenTelemetry across the processes of a stack (docs/tracing.md): every app exports to a local
 * OTLP/HTTP receiver, and the tests read one request's trace from what arrived there.
 */

let receiver: OtlpReceiver;
let chain: LocalChain;
let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let sink: {
  url: string;
  received: { path: string; headers: IncomingHttpHeaders }[];
  server: Server;
};

const device = { device: 'Pixel 9', ip: '203.0.113.9' };

async function startSink() {
  const received: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  sink = await startSink();
  chain = await startLocalChain();
  const tracing = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // Spans leave every 100 ms instead of 5 s: the test waits for them, not for a timer.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier'],
    env: {
      ...Object.fromEntries(APPS.map((app) => [app, tracing])),
      notifier: {
        ...tracing,
        NOTIFIER_ALLOW_PRIVATE_URLS: 'true',
        NOTIFIER_DISPATCH_INTERVAL_MS: '100',
      },
      // The chain adapter on anvil: its sender's runs are traces of their own.
      'wallet-ledger': {
        ...tracing,
        EVM_RPC_URL: chain.url,
        EVM_CHAIN_ID: String(chain.chainId),
        EVM_CONFIRMATIONS: '1',
        EVM_REORG_DEPTH: '1',
        EVM_POLL_INTERVAL_MS: '200',
        EVM_TOKENS: `usdc=${chain.token}`,
      },
      signing: { ...tracing, SIGNING_MASTER_MNEMONIC: Wallet.createRandom().mnemonic!.phrase },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Traced');
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
  await chain?.stop();
  await receiver?.close();
  await new Promise((resolve) => sink?.server.close(resolve));
});

/** The spans of the trace of the request sent with `requestId`, once `complete` holds for them. */
async function traceOf(
  requestId: string,
  complete: (spans: ReceivedSpan[]) => boolean,
  what: string,
): Promise<ReceivedSpan[]> {
  return waitFor(
    () => {
      const traceId = receiver.spans.find(
        (span) => span.attributes['custody.request_id'] === requestId,
      )?.traceId;
      const spans = receiver.spans.filter((span) => span.traceId === traceId);
      return traceId !== undefined && complete(spans) ? spans : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 50, what },
  );
}

function find(spans: ReceivedSpan[], service: string, kind: string, name: string): ReceivedSpan {
  const found = spans.find((s) => s.service === service && s.kind === kind && s.name === name);
  if (!found)
    throw new Error(
      `no ${kind} span ${name} of ${service} in ${JSON.stringify(spans.map((s) => [s.service, s.kind, s.name]))}`,
    );
  return found;
}

function parentOf(spans: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan | undefined {
  return spans.find((s) => s.spanId === span.parentSpanId);
}

/** Every SERVER span of a service is the child of a CLIENT span of another process. */
function expectLinkedAcrossRabbitMq(spans: ReceivedSpan[], service: string): void {
  const served = spans.filter((s) => s.service === service && s.kind === 'server');
  expect(served.length).toBeGreaterThan(0);
  for (const span of served) {
    const caller = parentOf(spans, span);
    expect([span.name, caller?.kind, caller?.name]).toEqual([span.name, 'client', span.name]);
    expect(caller?.service).not.toBe(service);
  }
}

const isSql = (span: ReceivedSpan) => span.attributes['db.system.name'] === 'postgresql';

describe('a withdrawal', () => {
  let requestId: string;
  let spans: ReceivedSpan[];

  beforeAll(async () => {
    const types = await api.get('/v1/notifications?limit=0', { token: tenant.token });
    const typeId = types.body.find(
      (t: { event: string }) => t.event === 'withdrawal.is-created',
    ).id;
    const receiverCreated = await api.post(`/v1/notifications/${typeId}`, {
      token: tenant.token,
      body: { url: `${sink.url}/withdrawals` },
    });
    expect(receiverCreated.status).toBe(201);
    const user = await newUser(api, tenant.token);
    const wallet = await openWallet(api, tenant.token, user);
    await fund(api, admin, wallet, '2');
    requestId = `trace-${randomUUID()}`;
    const created = await api.post(`/v1/users/${user}/wallets/${wallet}/withdrawals`, {
      token: tenant.token,
      headers: { 'x-request-id': requestId },
      body: {
        assetId: 'eth',
        amount: '1',
        receiverAddress: '0x000000000000000000000000000000000000bEEF',
        ...device,
      },
    });
    expect(created.status).toBe(201);
    spans = await traceOf(
      requestId,
      (all) =>
        all.some((s) => s.service === 'notifier' && s.name === 'notifier deliver') &&
        all.some((s) => s.service === 'gateway' && s.kind === 'server'),
      'the withdrawal trace up to its webhook',
    );
  }, 60_000);

  it('is one trace from the HTTP request through wallet-ledger, identity and policy, parented across RabbitMQ', () => {
    const request = find(
      spans,
      'gateway',
      'server',
      'POST /v1/users/:user/wallets/:wallet/withdrawals',
    );
    expect(request.parentSpanId).toBeUndefined();
    const call = find(spans, 'gateway', 'client', 'wallet-ledger/withdrawals.create');
    expect(parentOf(spans, call)).toBe(request);
    const handled = find(spans, 'wallet-ledger', 'server', 'wallet-ledger/withdrawals.create');
    expect(parentOf(spans, handled)).toBe(call);
    expect(handled.attributes['custody.request_id']).toBe(requestId);
    // wallet-ledger asks identity whether the user is blocked and policy for its decision.
    find(spans, 'policy', 'server', 'policy/policies.evaluate-batch');
    for (const service of ['wallet-ledger', 'identity', 'policy'])
      expectLinkedAcrossRabbitMq(spans, service);
  });

  it("covers PostgreSQL's statements in the services it reaches", () => {
    const services = new Set(spans.filter(isSql).map((s) => s.service));
    expect([...services].sort()).toEqual(expect.arrayContaining(['policy', 'wallet-ledger']));
    const insert = spans.find(
      (s) =>
        isSql(s) &&
        s.service === 'wallet-ledger' &&
        String(s.attributes['db.query.text'] ?? '').includes('outbox'),
    );
    expect(insert).toBeDefined();
  });

  it("joins the webhook of its event to the trace: outbox, publish, the notifier's consumer, the delivery and its request", () => {
    const published = find(spans, 'wallet-ledger', 'producer', 'withdrawal.is-created publish');
    const consumed = find(spans, 'notifier', 'consumer', 'withdrawal.is-created process');
    expect(parentOf(spans, consumed)).toBe(published);
    const delivered = find(spans, 'notifier', 'consumer', 'notifier deliver');
    expect(parentOf(spans, delivered)).toBe(consumed);
    // The webhook's POST (beside the delivery's statements).
    const posted = spans.filter(
      (s) => s.service === 'notifier' && s.kind === 'client' && s.parentSpanId === delivered.spanId,
    );
    expect(posted.map((s) => s.name)).toContain('POST');
    // The receiver got the trace context with the webhook.
    const hook = sink.received.find((r) => r.path === '/withdrawals');
    expect(String(hook?.headers['traceparent'] ?? '').split('-')[1]).toBe(request(spans).traceId);
  });
});

function request(spans: ReceivedSpan[]): ReceivedSpan {
  return find(spans, 'gateway', 'server', 'POST /v1/users/:user/wallets/:wallet/withdrawals');
}

describe('a signature', () => {
  it('is one trace from the HTTP request to the signing service and its statements', async () => {
    const user = await newUser(api, tenant.token);
    const wallet = await openWallet(api, tenant.token, user);
    const requestId = `trace-${randomUUID()}`;
    const signed = await api.post(`/v1/users/${user}/wallets/${wallet}/sign-message`, {
      token: tenant.token,
      headers: { 'x-request-id': requestId },
      body: { message: 'traced' },
    });
    expect(signed.status).toBe(200);
    const spans = await traceOf(
      requestId,
      (all) =>
        all.some((s) => s.service === 'signing' && s.kind === 'server') &&
        all.some((s) => s.service === 'gateway' && s.kind === 'server'),
      'the signature trace',
    );
    const root = spans.find((s) => s.parentSpanId === undefined);
    expect([root?.service, root?.kind]).toEqual(['gateway', 'server']);
    for (const service of ['wallet-ledger', 'policy', 'signing'])
      expectLinkedAcrossRabbitMq(spans, service);
    expect(spans.some((s) => isSql(s) && s.service === 'signing')).toBe(true);
  }, 60_000);
});

describe("the chain sender's run", () => {
  it('is one trace of its own: the decision, the signature, its statements and its calls to the node', async () => {
    const user = await newUser(api, tenant.token);
    const wallet = await openWallet(api, tenant.token, user);
    const address = (await api.get(`/v1/users/${user}/wallets/${wallet}`, { token: tenant.token }))
      .body.address as string;
    await (await chain.funder.sendTransaction({ to: address, value: parseEther('1') })).wait();
    const read = (path: string) => api.get(path, { token: tenant.token });
    await waitFor(
      async () => {
        await chain.mine(1);
        return (await read(`/v1/users/${user}/wallets/${wallet}`)).body.balance === '1';
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the deposit to be credited' },
    );
    const created = await api.post(`/v1/users/${user}/wallets/${wallet}/withdrawals`, {
      token: tenant.token,
      body: {
        assetId: 'eth',
        amount: '0.1',
        receiverAddress: Wallet.createRandom().address,
        ...device,
      },
    });
    expect(created.status).toBe(201);
    // The run that signed it: a root span of wallet-ledger with the signing call under it.
    const signedIn = await waitFor(
      () => {
        const call = receiver.spans.find(
          (s) =>
            s.service === 'wallet-ledger' &&
            s.kind === 'client' &&
            s.name === 'signing/sign.evmTransaction',
        );
        return call?.traceId;
      },
      { timeoutMs: 30_000, what: "the sender's signature call" },
    );
    const spans = await waitFor(
      () => {
        const all = receiver.spans.filter((s) => s.traceId === signedIn);
        // The run's own span leaves last, when the run ends.
        return all.some((s) => s.service === 'signing' && s.kind === 'server') &&
          all.some((s) => s.kind === 'client' && s.name === 'POST') &&
          all.some((s) => s.parentSpanId === undefined)
          ? all
          : undefined;
      },
      { timeoutMs: 20_000, what: "the sender run's trace" },
    );
    const root = spans.find((s) => s.parentSpanId === undefined);
    expect([root?.service, root?.name]).toEqual(['wallet-ledger', 'chain withdrawals']);
    expectLinkedAcrossRabbitMq(spans, 'signing');
    expectLinkedAcrossRabbitMq(spans, 'policy');
    expect(spans.some((s) => isSql(s) && s.service === 'wallet-ledger')).toBe(true);
    // Its JSON-RPC calls to the node (the fees, the pending count, the broadcast).
    expect(
      spans.filter((s) => s.service === 'wallet-ledger' && s.name === 'POST').length,
    ).toBeGreaterThan(0);
  }, 90_000);
});

describe('what spans keep', () => {
  it("keeps a query's parameter names, never their values", async () => {
    const listed = await api.get('/v1/users?email=someone%40example.com&limit=5', {
      token: tenant.token,
      headers: { 'x-request-id': `trace-${randomUUID()}` },
    });
    expect(listed.status).toBe(200);
    const span = await waitFor(
      () =>
        receiver.spans.find(
          (s) => s.service === 'gateway' && s.kind === 'server' && s.name === 'GET /v1/users',
        ),
      { timeoutMs: 20_000, what: 'the list request span' },
    );
    expect(span.attributes['url.query']).toBe('email&limit');
    expect(JSON.stringify(receiver.spans)).not.toContain('someone');
  });
});

describe('what is not traced', () => {
  it('makes no span of the probes and scrapes of the ops ports', async () => {
    await fetch(`${stack.apps['wallet-ledger'].opsUrl}/metrics`);
    await fetch(`${stack.gatewayOpsUrl}/readyz`);
    const probes = receiver.spans.filter((s) =>
      /\/(healthz|readyz|metrics)$/.test(
        String(s.attributes['http.target'] ?? s.attributes['url.path'] ?? ''),
      ),
    );
    expect(probes).toEqual([]);
    expect(receiver.unreadable).toBe(0);
  });
});
