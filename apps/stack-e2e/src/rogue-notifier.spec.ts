import { randomUUID } from 'node:crypto';
import amqp, { type ConsumeMessage } from 'amqplib';
import {
  HEADERS,
  IDENTITY_RPC,
  LEDGER_RPC,
  SIGNING_RPC,
  type AuthContext,
  type ForwardGrant,
  type RpcReply,
  type RpcRequest,
  type ServiceName,
} from '@custody/contracts';
import { Broker, devProofSigner, RpcClient, runWithOrigin } from '@custody/messaging';
import { appBrokerUrl, testLogger, waitFor } from '@custody/testing';
import { Api } from './api';
import { type Stack, startStack } from './stack';
import { newUser, openWallet, SENDER_ADDRESS } from './world';

/**
 * A rogue holding the notifier's full credentials (its broker login and its RPC proof key, as
 * `npm start` configures them: the development key) reads requests off the notifier's own queue
 * beside the real notifier. From an admin's real `GET /v1/events` it takes the auth context and
 * whatever travels with it, and tries to mint an admin, confirm a deposit, start a withdrawal and
 * get a signature with them. Every attempt is refused and audited, and nothing changes. A
 * command it intercepts, sent again with the sender's own broker login, is refused by every
 * replica of the notifier: each proof is taken once.
 */

let stack: Stack;
let api: Api;
let admin: string;
let client: { id: string; token: string };
let user: string;
let wallet: string;
let income: string;
const closers: (() => Promise<void>)[] = [];

interface Captured {
  request: RpcRequest;
  requestId: string;
  content: Buffer;
}

/**
 * Consumes the notifier's RPC queue as the notifier until a request for `method` comes; puts it
 * back for the real notifier (which then gets it as a redelivery) and answers it.
 */
async function intercept(method: string, trigger: () => Promise<unknown>): Promise<Captured> {
  const connection = await amqp.connect(appBrokerUrl('notifier'));
  const channel = await connection.createChannel();
  await channel.prefetch(1);
  let found: Captured | undefined;
  let tag = '';
  const seen = new Promise<Captured>((resolve) => {
    void channel
      .consume(`${stack.namespace}.rpc.notifier`, (msg: ConsumeMessage | null) => {
        if (!msg) return;
        const calls = requestsOf(msg);
        const hit = calls.find((call) => call.request.method === method);
        if (hit && !found) {
          found = hit;
          // Out of the way first, so that the message goes to the real notifier.
          void channel.cancel(tag).then(() => channel.nack(msg, false, true));
          resolve(hit);
        } else channel.nack(msg, false, true);
      })
      .then((consumer) => (tag = consumer.consumerTag));
  });
  closers.push(() => connection.close().catch(() => undefined));
  // The rogue and the notifier share the queue: ask until the rogue gets one.
  const asking = (async () => {
    for (let i = 0; i < 50 && !found; i += 1) await trigger();
  })();
  const captured = await seen;
  await asking;
  return captured;
}

/** The requests a message carries: itself, or each call of a batch. */
function requestsOf(msg: ConsumeMessage): Captured[] {
  const body = JSON.parse(msg.content.toString('utf8')) as unknown;
  const headers = msg.properties.headers ?? {};
  if (headers[HEADERS.batch] !== undefined)
    return (body as { requestId: string; request: RpcRequest }[]).map((call) => ({
      request: call.request,
      requestId: call.requestId,
      content: Buffer.from(JSON.stringify(call.request)),
    }));
  return [
    {
      request: body as RpcRequest,
      requestId: String(headers[HEADERS.requestId]),
      content: msg.content,
    },
  ];
}

/** Publishes a captured request again as `login`'s broker user and answers its reply. */
async function resend(
  login: 'gateway' | 'notifier',
  captured: Captured,
  route: { exchange: string; key: string },
): Promise<RpcReply> {
  const connection = await amqp.connect(appBrokerUrl(login));
  try {
    const channel = await connection.createChannel();
    const reply = new Promise<RpcReply>((resolve) => {
      void channel.consume(
        'amq.rabbitmq.reply-to',
        (msg) => msg && resolve(JSON.parse(msg.content.toString('utf8')) as RpcReply),
        { noAck: true },
      );
    });
    channel.publish(route.exchange, route.key, captured.content, {
      userId: login,
      replyTo: 'amq.rabbitmq.reply-to',
      correlationId: randomUUID(),
      headers: {
        [HEADERS.requestId]: captured.requestId,
        [HEADERS.deadline]: Date.now() + 10_000,
        [HEADERS.caller]: login,
      },
    });
    return await reply;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** The notifier's own RPC client: its broker login and its (development) proof key. */
async function notifierClient(): Promise<RpcClient> {
  const broker = new Broker({
    url: appBrokerUrl('notifier'),
    namespace: stack.namespace,
    logger: testLogger(),
  });
  await broker.connect();
  const rpc = new RpcClient({
    broker,
    caller: 'notifier',
    signer: devProofSigner('notifier'),
    // Its login may write into any queue through the default exchange (the RPC exchange's topic
    // permissions would refuse it sooner, below).
    straightToQueue: true,
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await rpc.start();
  closers.push(async () => {
    await rpc.stop();
    await broker.close();
  });
  return rpc;
}

beforeAll(async () => {
  stack = await startStack();
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  client = await api.newClient(admin, 'Rogue notifier target');
  user = await newUser(api, client.token);
  wallet = await openWallet(api, client.token, user);
  const created = await api.post('/v1/admin/incomes', {
    token: admin,
    body: {
      walletId: wallet,
      amount: '5',
      blockchainTransactionId: `0xrogue-notifier${process.pid}`,
      senderAddress: SENDER_ADDRESS,
      transactionTimestamp: '2026-11-01T10:00:00Z',
    },
  });
  expect(created.status).toBe(201);
  income = (created.body as { id: string }).id;
}, 120_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await stack?.cleanup();
});

async function adminClients(): Promise<number> {
  const listed = await api.get('/v1/clients?limit=0', { token: admin });
  return (listed.body as unknown[]).length;
}

describe("a rogue with the notifier's broker login and proof key", () => {
  it("gets nothing done with an admin's auth context taken from a real GET /v1/events", async () => {
    const clientsBefore = await adminClients();
    const captured = await intercept('events.list', async () => {
      const feed = await api.get('/v1/events?limit=1', { token: admin });
      expect(feed.status).toBe(200);
    });
    const auth = captured.request.auth as AuthContext;
    expect(auth).toMatchObject({ audience: 'admin' });
    // The notifier's methods forward nothing: no attestation of any forward came with it.
    expect(captured.request.forwards).toBeUndefined();
    // Its own valid proof, in the name of the captured request, with what came with it.
    const rogue = await notifierClient();
    const origin = {
      auth,
      requestId: captured.requestId,
      forwards: captured.request.forwards as ForwardGrant | undefined,
    };
    // Mint an admin, confirm the deposit, start a withdrawal, get a signature.
    const attempts: [ServiceName, string, unknown][] = [
      [
        'identity',
        IDENTITY_RPC.createClient,
        { name: 'Rogue admin', email: 'rogue@evil.test', password: 'rogue-password-1' },
      ],
      ['wallet-ledger', LEDGER_RPC.updateIncome, { id: income, status: 'confirmed' }],
      [
        'wallet-ledger',
        LEDGER_RPC.createWithdrawal,
        { userId: user, walletId: wallet, amount: '1', address: SENDER_ADDRESS },
      ],
      ['signing', SIGNING_RPC.signEvmMessage, { ownerId: wallet, chain: 'evm', message: 'pay' }],
    ];
    for (const [service, method, params] of attempts)
      await expect(
        runWithOrigin(origin, () => rogue.callAny(service, method, params, { auth })),
      ).rejects.toMatchObject({ status: 403, code: 'caller_not_allowed' });
    // The gateway's own message, sent on unchanged to identity through the default exchange
    // (which a service's login may write to): its proof names another sender and receiver.
    const onward = await resend('notifier', captured, {
      exchange: '',
      key: `${stack.namespace}.rpc.identity`,
    });
    expect(onward).toMatchObject({ ok: false, error: { status: 401, code: 'rpc_proof_invalid' } });
    // Nothing changed.
    expect(await adminClients()).toBe(clientsBefore);
    const deposit = await api.get(`/v1/users/${user}/wallets/${wallet}/incomes/${income}`, {
      token: admin,
    });
    expect(deposit.body).toMatchObject({ status: 'pending' });
    const withdrawals = await api.get(`/v1/users/${user}/wallets/${wallet}/withdrawals`, {
      token: admin,
    });
    expect(withdrawals.body).toEqual([]);
  });

  it('cannot publish a request to a service its contract does not call, through the RPC exchange', async () => {
    const connection = await amqp.connect(appBrokerUrl('notifier'));
    try {
      const channel = await connection.createConfirmChannel();
      const closed = new Promise<string>((resolve) =>
        channel.on('error', (error: Error) => resolve(error.message)),
      );
      channel.publish(`${stack.namespace}.rpc`, 'identity', Buffer.from('{}'));
      expect(await closed).toMatch(/ACCESS_REFUSED/);
    } finally {
      await connection.close().catch(() => undefined);
    }
  });

  it('is refused by every replica when it sends an intercepted command again', async () => {
    const secret = async () =>
      (
        (await api.get('/v1/notifications/signing-secret', { token: client.token })).body as {
          secret: string;
        }
      ).secret;
    // The real notifier gets the intercepted command back as a redelivery: it takes its proof
    // and, not knowing whether it ran, runs it not (the client is told to retry).
    let answered = 0;
    const captured = await intercept('signingSecret.rotate', async () => {
      const rotated = await api.post('/v1/notifications/signing-secret/rotate', {
        token: client.token,
      });
      answered = rotated.status;
    });
    expect(captured.request.idempotent).toBe(false);
    expect(answered).toBe(503);
    const before = await secret();
    // A second notifier replica shares the queue and the database.
    const extra = stack.spawnExtra('notifier', { PORT: '0' });
    await waitFor(() => extra.logs.some((line) => line['msg'] === 'notifier ready') || undefined, {
      timeoutMs: 30_000,
      what: 'the second notifier replica',
    });
    // The gateway's stolen broker login may publish to the notifier: copies of the same message.
    const replies = await Promise.all(
      [1, 2, 3, 4].map(() =>
        resend('gateway', captured, { exchange: `${stack.namespace}.rpc`, key: 'notifier' }),
      ),
    );
    for (const reply of replies)
      expect(reply).toMatchObject({ ok: false, error: { status: 409, code: 'rpc_replayed' } });
    expect(await secret()).toBe(before);
    // A fresh request runs as ever.
    const fresh = await api.post('/v1/notifications/signing-secret/rotate', {
      token: client.token,
    });
    expect(fresh.status).toBe(200);
  });

  it('is audited by every service it reached, with the reason', async () => {
    await waitFor(
      async () => {
        const records = (
          await api.get('/v1/audit-events?action=rpcRefused&limit=0', { token: admin })
        ).body as { path: string; status: number; targetId: string; detail: string }[];
        const refusedAt = (path: string, status: number) =>
          records.some((r) => r.path === path && r.status === status && r.targetId === 'notifier');
        return (
          (refusedAt('rpc.identity/clients.create', 403) &&
            refusedAt('rpc.wallet-ledger/incomes.update', 403) &&
            refusedAt('rpc.wallet-ledger/withdrawals.create', 403) &&
            refusedAt('rpc.signing/sign.evmMessage', 403) &&
            records.some(
              (r) =>
                r.path === 'rpc.notifier/signingSecret.rotate' &&
                r.status === 409 &&
                r.targetId === 'gateway' &&
                /proof: replayed/.test(r.detail),
            )) ||
          undefined
        );
      },
      { timeoutMs: 20_000, what: 'the refusals in the audit log' },
    );
  });
});
