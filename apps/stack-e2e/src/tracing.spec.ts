import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APPS } from '@custody/contracts';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver, waitFor } from '@custody/testing';
import { parseEther, Wallet } from 'ethers';
import { Api } from './api';
import { type LocalChain, startLocalChain } from './local-chain';
import { approvalsWorld } from './approvals-world';
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
      // The chain adapter on anvil: its sender works on a withdrawal in the withdrawal's trace.
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

/**
 * Our own spans (libs/telemetry's tracer), not the http and pg instrumentations' (not even loaded
 * while tracing is off). Each is one hook site on the path, which makes at most three calls of the
 * hooks while off: docs/tracing.md ("When it is off") bounds their cost per operation by these
 * counts, which the tests below keep under the figures it uses.
 */
const isOwn = (span: ReceivedSpan) => span.scope === 'custody';

/** The HTTP requests our routes served (each asks `tracingEnabled()` once, libs/http). */
const isServedHttp = (span: ReceivedSpan) => span.scope.endsWith('http') && span.kind === 'server';

/**
 * The spans of the trace `traceId` once no more arrive: none for 2 s, 20 export intervals (the
 * events a step publishes are consumed, and exported, after the step's own spans).
 */
async function settled(traceId: string, what: string): Promise<ReceivedSpan[]> {
  let seen = -1;
  let since = Date.now();
  return waitFor(
    () => {
      const spans = receiver.spans.filter((s) => s.traceId === traceId);
      if (spans.length !== seen) {
        seen = spans.length;
        since = Date.now();
      }
      return Date.now() - since >= 2_000 ? spans : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100, what },
  );
}

/** Our spans of an operation by process, kind and name, and the HTTP requests it served. */
function census(label: string, spans: ReceivedSpan[]) {
  const own = spans.filter(isOwn);
  const byName: Record<string, number> = {};
  for (const span of own) {
    const key = `${span.service} ${span.kind} ${span.name}`;
    byName[key] = (byName[key] ?? 0) + 1;
  }
  const http = spans.filter(isServedHttp).length;
  console.log(
    `${label}: ${own.length} own spans, ${http} HTTP requests served, ${spans.length} spans in all\n` +
      Object.entries(byName)
        .sort()
        .map(([name, n]) => `  ${n} × ${name}`)
        .join('\n'),
  );
  return { own: own.length, http };
}

/**
 * At most this many of our spans per operation: the counts docs/tracing.md's bound uses (seen: a
 * read 2, a transfer 5, a signature 9, a withdrawal on chain 23; the margin is for caches filled
 * on a first call and for the node's calls that ethers may send one by one or in a batch).
 */
const OWN_SPANS = { read: 2, transfer: 6, signature: 12, withdrawal: 30 };

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
    // Each process exports its spans on its own schedule: wait for every one the test reads.
    const spans = await traceOf(
      requestId,
      (all) =>
        ['gateway', 'wallet-ledger', 'policy', 'signing'].every((service) =>
          all.some((s) => s.service === service && s.kind === 'server'),
        ) && all.some((s) => isSql(s) && s.service === 'signing'),
      'the signature trace',
    );
    const root = spans.find((s) => s.parentSpanId === undefined);
    expect([root?.service, root?.kind]).toEqual(['gateway', 'server']);
    for (const service of ['wallet-ledger', 'policy', 'signing'])
      expectLinkedAcrossRabbitMq(spans, service);
    expect(spans.some((s) => isSql(s) && s.service === 'signing')).toBe(true);
    const whole = await settled(root!.traceId, 'the signature trace to settle');
    expect(census('a signature (POST …/sign-message)', whole).own).toBeLessThanOrEqual(
      OWN_SPANS.signature,
    );
  }, 60_000);
});

describe('a read', () => {
  it("is the gateway's request and its call to identity, as the read bench's requests", async () => {
    const user = await newUser(api, tenant.token);
    // The bench reads a user again and again: its tenant and token are known to the gateway.
    expect((await api.get(`/v1/users/${user}`, { token: tenant.token })).status).toBe(200);
    const requestId = `trace-${randomUUID()}`;
    const read = await api.get(`/v1/users/${user}`, {
      token: tenant.token,
      headers: { 'x-request-id': requestId },
    });
    expect(read.status).toBe(200);
    const [first] = await traceOf(
      requestId,
      (all) =>
        all.some((s) => s.service === 'identity' && s.kind === 'server') &&
        all.some((s) => s.service === 'gateway' && s.kind === 'server'),
      'the read trace',
    );
    const whole = await settled(first!.traceId, 'the read trace to settle');
    const counts = census('a read (GET /v1/users/:user)', whole);
    expect(counts.own).toBeLessThanOrEqual(OWN_SPANS.read);
    expect(counts.http).toBe(1);
  }, 60_000);
});

/** Whether `span` is `ancestor` or below it. */
function isUnder(spans: ReceivedSpan[], span: ReceivedSpan, ancestor: ReceivedSpan): boolean {
  for (let at: ReceivedSpan | undefined = span; at; at = parentOf(spans, at))
    if (at === ancestor) return true;
  return false;
}

/** The node's JSON-RPC spans (traced-provider.ts) that asked for `method`, alone or in a batch. */
const asked = (method: string) => (span: ReceivedSpan) =>
  String(span.attributes['custody.jsonrpc.methods'] ?? '')
    .split(',')
    .includes(method);

/** A wallet of the tenant's user holding `eth` ETH on anvil, credited by the deposit scan. */
async function walletOnChain(token: string, eth: string) {
  const user = await newUser(api, token);
  const wallet = await openWallet(api, token, user);
  const read = () => api.get(`/v1/users/${user}/wallets/${wallet}`, { token });
  const address = (await read()).body.address as string;
  await (await chain.funder.sendTransaction({ to: address, value: parseEther(eth) })).wait();
  await waitFor(
    async () => {
      await chain.mine(1);
      return (await read()).body.balance === eth;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: 'the deposit to be credited' },
  );
  return { user, wallet };
}

/**
 * The chain sender's work on the withdrawal (docs/tracing.md, "A withdrawal's trace"): a span
 * `withdrawal send` of wallet-ledger, a child of wallet-ledger's handling of the request that
 * created it, linked to the sender's run (a root span of its own trace), with the policy's
 * decision, the signature and the node's eth_sendRawTransaction under it.
 */
async function expectSentInTrace(
  spans: ReceivedSpan[],
  created: ReceivedSpan,
): Promise<ReceivedSpan> {
  const send = find(spans, 'wallet-ledger', 'internal', 'withdrawal send');
  expect(parentOf(spans, send)).toBe(created);
  const [run] = send.links;
  expect(run?.traceId).not.toBe(send.traceId);
  // The run's span leaves when the run ends, after the withdrawal's.
  const runSpan = await waitFor(() => receiver.spans.find((s) => s.spanId === run?.spanId), {
    timeoutMs: 20_000,
    what: "the sender run's span",
  });
  expect([runSpan.name, runSpan.parentSpanId]).toEqual(['chain withdrawals', undefined]);
  const signed = find(spans, 'signing', 'server', 'signing/sign.evmTransaction');
  expect(isUnder(spans, signed, send)).toBe(true);
  const authorized = find(spans, 'policy', 'server', 'policy/decisions.authorize');
  expect(isUnder(spans, authorized, send)).toBe(true);
  // The broadcast: a JSON-RPC span with the HTTP POST to the node under it.
  const broadcast = spans.find(asked('eth_sendRawTransaction'));
  expect(broadcast && [broadcast.service, broadcast.kind, isUnder(spans, broadcast, send)]).toEqual(
    ['wallet-ledger', 'client', true],
  );
  const posted = spans.filter((s) => s.parentSpanId === broadcast?.spanId);
  expect(posted.map((s) => [s.kind, s.name])).toEqual([['client', 'POST']]);
  return send;
}

describe('a transfer', () => {
  it("is the gateway's call to wallet-ledger and its event's, as the ledger bench's transfers", async () => {
    const [sender, payee] = await Promise.all([
      newUser(api, tenant.token),
      newUser(api, tenant.token),
    ]);
    const [from, to] = await Promise.all([
      openWallet(api, tenant.token, sender),
      openWallet(api, tenant.token, payee),
    ]);
    await fund(api, admin, from, '2');
    const transfer = (headers: Record<string, string>) =>
      api.post('/v1/transfers', {
        token: tenant.token,
        headers,
        body: {
          requestedTransactions: [
            {
              assetId: 'eth',
              senderUserId: sender,
              senderWalletId: from,
              receiverUserId: payee,
              receiverWalletId: to,
              amount: '0.1',
            },
          ],
        },
      });
    // The bench's transfers follow others between the same wallets.
    expect((await transfer({})).status).toBe(201);
    const requestId = `trace-${randomUUID()}`;
    expect((await transfer({ 'x-request-id': requestId })).status).toBe(201);
    const [first] = await traceOf(
      requestId,
      (all) =>
        all.some((s) => s.service === 'wallet-ledger' && s.kind === 'server') &&
        all.some((s) => s.service === 'gateway' && s.kind === 'server'),
      'the transfer trace',
    );
    const whole = await settled(first!.traceId, 'the transfer trace to settle');
    const counts = census('a transfer (POST /v1/transfers)', whole);
    expect(counts.own).toBeLessThanOrEqual(OWN_SPANS.transfer);
    expect(counts.http).toBe(1);
  }, 60_000);
});

describe('a withdrawal on chain', () => {
  it('is one trace from the HTTP request to the signature, the broadcast and the confirmation', async () => {
    const { user, wallet } = await walletOnChain(tenant.token, '1');
    const requestId = `trace-${randomUUID()}`;
    const created = await api.post(`/v1/users/${user}/wallets/${wallet}/withdrawals`, {
      token: tenant.token,
      headers: { 'x-request-id': requestId },
      body: {
        assetId: 'eth',
        amount: '0.1',
        receiverAddress: Wallet.createRandom().address,
        ...device,
      },
    });
    expect(created.status).toBe(201);
    const spans = await traceOf(
      requestId,
      (all) =>
        all.some((s) => s.name === 'withdrawal confirm') &&
        all.some((s) => s.name === 'withdrawal send') &&
        all.some((s) => s.service === 'gateway' && s.kind === 'server'),
      'the withdrawal trace up to its confirmation',
    );
    const roots = spans.filter((s) => s.parentSpanId === undefined);
    expect(roots).toEqual([request(spans)]);
    const handled = find(spans, 'wallet-ledger', 'server', 'wallet-ledger/withdrawals.create');
    const send = await expectSentInTrace(spans, handled);
    expect(send.attributes['custody.withdrawal_id']).toBe(created.body.id);
    // Mined and confirmed by a later run, in the same trace.
    const confirmed = find(spans, 'wallet-ledger', 'internal', 'withdrawal confirm');
    expect(parentOf(spans, confirmed)).toBe(handled);
    expect(confirmed.links[0]?.traceId).not.toBe(confirmed.traceId);
    expect(
      spans.some((s) => isSql(s) && isUnder(spans, s, confirmed) && s.service === 'wallet-ledger'),
    ).toBe(true);
    // Every service it crossed, with its statements, parented across RabbitMQ.
    const services = new Set(spans.map((s) => s.service));
    for (const service of ['gateway', 'wallet-ledger', 'identity', 'policy', 'signing'])
      expect(services).toContain(service);
    for (const service of ['wallet-ledger', 'identity', 'policy', 'signing'])
      expectLinkedAcrossRabbitMq(spans, service);
    const withSql = new Set(spans.filter(isSql).map((s) => s.service));
    for (const service of ['wallet-ledger', 'policy', 'signing'])
      expect(withSql).toContain(service);
    expect(spans.every((s) => s.status !== 2)).toBe(true);
    // Everything the withdrawal caused, its confirmation's events and their consumers included.
    const whole = await settled(send.traceId, 'the withdrawal trace to settle');
    expect(census('a withdrawal on chain', whole).own).toBeLessThanOrEqual(OWN_SPANS.withdrawal);
    // The sender's run that sent it: a trace of its own, on every poll whatever it finds.
    census("a sender's run", await settled(send.links[0]!.traceId, "the sender run's trace"));
  }, 120_000);
});

describe("an admin's speed-up", () => {
  it("joins the withdrawal's trace, linked to the admin's request", async () => {
    const { user, wallet } = await walletOnChain(tenant.token, '1');
    const requestId = `trace-${randomUUID()}`;
    // Not mined until the speed-up is sent: the first transaction waits in the node's pool.
    await chain.setAutomine(false);
    try {
      const created = await api.post(`/v1/users/${user}/wallets/${wallet}/withdrawals`, {
        token: tenant.token,
        headers: { 'x-request-id': requestId },
        body: {
          assetId: 'eth',
          amount: '0.1',
          receiverAddress: Wallet.createRandom().address,
          ...device,
        },
      });
      expect(created.status).toBe(201);
      const path = `/v1/users/${user}/wallets/${wallet}/withdrawals/${created.body.id}`;
      await waitFor(
        async () => (await api.get(path, { token: tenant.token })).body.status === 'broadcast',
        { what: 'the broadcast' },
      );
      const sped = await api.post(`/v1/admin/withdrawals/${created.body.id}/speed-up`, {
        token: admin,
      });
      expect(sped.status).toBe(200);
      // Each process exports its spans on its own schedule: wait for the replacement's broadcast
      // under the speed-up too, not only for the speed-up.
      const spans = await traceOf(
        requestId,
        (all) => {
          const speedUp = all.find((s) => s.name === 'withdrawal speed-up');
          return (
            speedUp !== undefined &&
            all.some((s) => asked('eth_sendRawTransaction')(s) && isUnder(all, s, speedUp))
          );
        },
        "the speed-up and its broadcast in the withdrawal's trace",
      );
      const handled = find(spans, 'wallet-ledger', 'server', 'wallet-ledger/withdrawals.create');
      const speedUp = find(spans, 'wallet-ledger', 'internal', 'withdrawal speed-up');
      expect(parentOf(spans, speedUp)).toBe(handled);
      expect(speedUp.attributes['custody.withdrawal_id']).toBe(created.body.id);
      // Linked to the admin's request: a trace of its own, rooted in the gateway's span of it.
      const [link] = speedUp.links;
      expect(link && link.traceId !== speedUp.traceId).toBe(true);
      const adminRequest = await waitFor(
        () =>
          receiver.spans.find(
            (s) =>
              s.traceId === link!.traceId &&
              s.service === 'gateway' &&
              s.kind === 'server' &&
              s.name.includes('speed-up'),
          ),
        { timeoutMs: 20_000, intervalMs: 50, what: "the admin's request" },
      );
      expect(adminRequest.parentSpanId).toBeUndefined();
      // The replacement's broadcast, under the speed-up.
      const broadcast = spans.find(
        (s) => asked('eth_sendRawTransaction')(s) && isUnder(spans, s, speedUp),
      );
      expect(broadcast?.service).toBe('wallet-ledger');
    } finally {
      await chain.setAutomine(true);
      // The pool's transaction mined now, not when the next test sends one.
      await chain.mine(1);
    }
  }, 90_000);
});

describe('a held withdrawal', () => {
  it("continues its request's trace when its approval releases it, linked to the approval's", async () => {
    const held = await api.newClient(admin, 'Traced held');
    const { member, policy } = approvalsWorld(
      () => api,
      () => admin,
    );
    const approver = await member(held.id, [['approvals', 'decide']]);
    await policy(held.token, {
      name: 'Approval above 0.05 ETH',
      activity: 'withdrawal',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '0.05' },
      action: 'require_approval',
      approvers: { quorum: 1, clientIds: [approver.id] },
    });
    const { user, wallet } = await walletOnChain(held.token, '1');
    const requestId = `trace-${randomUUID()}`;
    const created = await api.post(`/v1/users/${user}/wallets/${wallet}/withdrawals`, {
      token: held.token,
      headers: { 'x-request-id': requestId },
      body: {
        assetId: 'eth',
        amount: '0.1',
        receiverAddress: Wallet.createRandom().address,
        ...device,
      },
    });
    expect(created.status).toBe(201);
    const path = `/v1/users/${user}/wallets/${wallet}/withdrawals/${created.body.id}`;
    const pending = (await api.get(path, { token: held.token })).body;
    expect(pending.status).toBe('pending_approval');
    const approvalRequest = `trace-${randomUUID()}`;
    const decided = await api.post(`/v1/approvals/${pending.approvalId}/decisions`, {
      token: approver.token,
      headers: { 'x-request-id': approvalRequest },
      body: { decision: 'approve', reason: 'checked' },
    });
    expect(decided.status).toBe(201);
    const spans = await traceOf(
      requestId,
      (all) =>
        all.some((s) => s.name === 'withdrawal approval') &&
        all.some((s) => s.name === 'withdrawal send') &&
        all.some(asked('eth_sendRawTransaction')) &&
        // Each process exports its spans on its own schedule: the signer's may come last.
        all.some((s) => s.service === 'signing' && s.kind === 'server') &&
        all.some((s) => s.service === 'policy' && s.name === 'policy/decisions.authorize'),
      'the held withdrawal trace up to its broadcast',
    );
    const handled = find(spans, 'wallet-ledger', 'server', 'wallet-ledger/withdrawals.create');
    // The release: in the withdrawal's trace, linked to the approval's (the approver's request,
    // the policy service, the outcome's event and wallet-ledger's consumer).
    const released = find(spans, 'wallet-ledger', 'internal', 'withdrawal approval');
    expect(parentOf(spans, released)).toBe(handled);
    expect(released.attributes['custody.approval_outcome']).toBe('approved');
    const decision = await traceOf(
      approvalRequest,
      (all) => all.some((s) => s.spanId === released.links[0]?.spanId),
      'the approval trace up to the consumer of its outcome',
    );
    const consumer = decision.find((s) => s.spanId === released.links[0]?.spanId);
    expect([consumer?.service, consumer?.kind]).toEqual(['wallet-ledger', 'consumer']);
    expect(decision[0]?.traceId).not.toBe(released.traceId);
    // Its status change's statements and event are the release's.
    expect(spans.some((s) => isSql(s) && s.parentSpanId === released.spanId)).toBe(true);
    await expectSentInTrace(spans, handled);
  }, 120_000);
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
    // The node's JSON-RPC calls only inside a trace: a node check outside any is no trace.
    expect(
      receiver.spans.filter(
        (s) => s.attributes['rpc.system'] === 'jsonrpc' && s.parentSpanId === undefined,
      ),
    ).toEqual([]);
    expect(receiver.unreadable).toBe(0);
  });
});
