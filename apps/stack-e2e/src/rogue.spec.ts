import { randomBytes, randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  IDENTITY_RPC,
  LEDGER_RPC,
  SIGNING_RPC,
  type AppName,
  type AuthContext,
} from '@custody/contracts';
import {
  Broker,
  devProofSigner,
  RpcClient,
  RpcProofSigner,
  type RpcCallOptions,
} from '@custody/messaging';
import { appBrokerUrl, appRedisUrl, testLogger, waitFor, withLogin } from '@custody/testing';
import { Api } from './api';
import { type Stack, startStack } from './stack';
import { newIssuer, newUser, openWallet, SENDER_ADDRESS } from './world';

/**
 * A process that reaches the broker (a compromised notifier: it talks to the internet) tries to
 * get a signature, confirm a deposit, settle a purchase and mint an issuer token. It has a broker
 * login, but not the keys of the apps it poses as, nor the gateway's: every attempt is refused,
 * changes nothing and is audited by the service it reached.
 */

let stack: Stack;
let api: Api;
let admin: string;
let user: string;
let wallet: string;
let income: string;
let issuerId: string;
let tenantId: string;
const rogues: { broker: Broker; client: RpcClient }[] = [];

const FORGED_ADMIN: AuthContext = { clientId: 'rogue', tenantId: 'rogue', audience: 'admin' };

/** A client logged in as `login`'s broker user, naming itself `claims`, signing with `signer`. */
async function rogue(
  login: AppName,
  claims: string,
  signer: RpcProofSigner | undefined,
): Promise<RpcClient> {
  const broker = new Broker({
    url: appBrokerUrl(login),
    namespace: stack.namespace,
    logger: testLogger(),
  });
  await broker.connect();
  const client = new RpcClient({
    broker,
    caller: claims,
    ...(signer ? { signer } : {}),
    // Past the RPC exchange's topic permissions, which refuse it sooner: every service's login
    // may write into any queue through the default exchange.
    straightToQueue: true,
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await client.start();
  rogues.push({ broker, client });
  return client;
}

/** The four things the rogue wants, each as the RPC it sends. */
function attempts(client: RpcClient, options: RpcCallOptions = {}) {
  return {
    signature: () =>
      client.call(
        'signing',
        SIGNING_RPC.signEvmMessage,
        { ownerId: wallet, chain: 'evm', message: 'pay the rogue', decision: '' },
        options,
      ),
    incomeConfirmation: () =>
      client.call(
        'wallet-ledger',
        LEDGER_RPC.updateIncome,
        { id: income, status: 'confirmed' },
        { auth: FORGED_ADMIN, ...options },
      ),
    // The rogue's settlement need not be well formed: it is refused before it is read.
    purchaseSettlement: () =>
      client.callAny(
        'wallet-ledger',
        LEDGER_RPC.settlePurchase,
        {
          purchaseId: randomUUID(),
          tenantId,
          userId: user,
          walletId: wallet,
          assetId: 'eth',
          operation: 'buy',
          cryptoAmount: '1000',
        },
        options,
      ),
    issuerToken: () =>
      client.call(
        'identity',
        IDENTITY_RPC.issueIssuerToken,
        { issuerId, tenantId, version: 1 },
        options,
      ),
  };
}

/** The refusals the stack's services logged as audited (`audit: rpc_refused`). */
function audited(): Record<string, unknown>[] {
  return Object.values(stack.apps).flatMap((proc) =>
    proc.logs
      .filter((line) => line['audit'] === 'rpc_refused')
      .map((line) => ({ ...line, service: proc.app })),
  );
}

beforeAll(async () => {
  stack = await startStack();
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  const client = await api.newClient(admin, 'Rogue target');
  tenantId = client.id;
  user = await newUser(api, client.token);
  wallet = await openWallet(api, client.token, user);
  const created = await api.post('/v1/admin/incomes', {
    token: admin,
    body: {
      walletId: wallet,
      amount: '5',
      blockchainTransactionId: `0xrogue${process.pid}`,
      senderAddress: SENDER_ADDRESS,
      transactionTimestamp: '2026-11-01T10:00:00Z',
    },
  });
  expect(created.status).toBe(201);
  income = (created.body as { id: string }).id;
  issuerId = (await newIssuer(api, admin, 'Rogue issuer')).id;
}, 120_000);

afterAll(async () => {
  for (const { client, broker } of rogues) {
    await client.stop();
    await broker.close();
  }
  await stack?.cleanup();
});

async function nothingChanged(): Promise<void> {
  const read = await api.get(`/v1/users/${user}/wallets/${wallet}`, { token: admin });
  expect(read.body).toMatchObject({ balance: '0', availableBalance: '0' });
  const deposit = await api.get(`/v1/users/${user}/wallets/${wallet}/incomes/${income}`, {
    token: admin,
  });
  expect(deposit.body).toMatchObject({ status: 'pending' });
}

describe('a rogue process inside the stack', () => {
  it("with another app's login, posing as the apps it targets, gets nothing done", async () => {
    // The notifier's login; it names itself wallet-ledger (or trading, issuer) and signs with a
    // key of its own making under that name.
    for (const posingAs of ['wallet-ledger', 'trading', 'issuer']) {
      const client = await rogue(
        'notifier',
        posingAs,
        new RpcProofSigner(posingAs, randomBytes(32)),
      );
      for (const attempt of Object.values(attempts(client)))
        await expect(attempt()).rejects.toMatchObject({ status: 401, code: 'rpc_proof_invalid' });
    }
    await nothingChanged();
  });

  it('with a valid login and its own key, but a forged auth context, gets nothing done', async () => {
    // The compromised notifier as itself: a valid proof of a caller no one lets do these.
    const client = await rogue('notifier', 'notifier', devProofSigner('notifier'));
    const attempt = attempts(client);
    await expect(attempt.signature()).rejects.toMatchObject({
      status: 403,
      code: 'caller_not_allowed',
    });
    await expect(attempt.purchaseSettlement()).rejects.toMatchObject({
      status: 403,
      code: 'caller_not_allowed',
    });
    await expect(attempt.issuerToken()).rejects.toMatchObject({
      status: 403,
      code: 'caller_not_allowed',
    });
    // An admin's auth context that no gateway proof vouches for, to a method the notifier may
    // not call whatever it carries.
    await expect(attempt.incomeConfirmation()).rejects.toMatchObject({
      status: 403,
      code: 'caller_not_allowed',
    });
    await nothingChanged();
  });

  it("without a key, with another app's leaked key or in the gateway's name, gets nothing done", async () => {
    const unsigned = await rogue('notifier', 'wallet-ledger', undefined);
    for (const attempt of Object.values(attempts(unsigned)))
      await expect(attempt()).rejects.toMatchObject({ status: 401, code: 'rpc_proof_invalid' });
    // A real key of another app (leaked), used from the notifier's login: not that app's user.
    const keyOnly = await rogue('notifier', 'wallet-ledger', devProofSigner('wallet-ledger'));
    for (const attempt of Object.values(attempts(keyOnly)))
      await expect(attempt()).rejects.toMatchObject({ status: 401, code: 'rpc_proof_invalid' });
    // wallet-ledger's broker password (stolen), but not its key: still nothing signed.
    const loginOnly = await rogue(
      'wallet-ledger',
      'wallet-ledger',
      new RpcProofSigner('wallet-ledger', randomBytes(32)),
    );
    await expect(attempts(loginOnly).signature()).rejects.toMatchObject({
      status: 401,
      code: 'rpc_proof_invalid',
    });
    // A proof the rogue made up in the gateway's name, from the notifier's login.
    const posing = await rogue(
      'notifier',
      'gateway',
      new RpcProofSigner('gateway', randomBytes(32)),
    );
    await expect(attempts(posing).incomeConfirmation()).rejects.toMatchObject({
      status: 401,
      code: 'rpc_proof_invalid',
    });
    await nothingChanged();
  });

  it('is audited by every service it reached, with its broker user and the reason', async () => {
    // Log lines arrive from the services' output: wait for the last refusals to be read.
    await waitFor(
      () => {
        const lines = audited();
        const services = new Set(lines.map((line) => line['service']));
        const users = new Set(lines.map((line) => line['brokerUser']));
        return (
          ['signing', 'wallet-ledger', 'identity'].every((s) => services.has(s)) &&
          users.has('notifier') &&
          users.has('wallet-ledger')
        );
      },
      { timeoutMs: 10_000, what: 'the refusals in the services’ audit log' },
    );
    const lines = audited();
    expect(new Set(lines.map((line) => line['brokerUser']))).toEqual(
      new Set(['notifier', 'wallet-ledger']),
    );
    const reasons = new Set(lines.map((line) => line['reason']));
    for (const reason of ['bad_signature', 'missing', 'other_caller', 'caller_not_allowed'])
      expect([reason, reasons.has(reason)]).toEqual([reason, true]);
    // And in the audit log, through each service's outbox and identity.
    await waitFor(
      async () => {
        const records = (
          await api.get('/v1/audit-events?action=rpcRefused&limit=0', { token: admin })
        ).body as { path: string; targetId: string; status: number; detail: string }[];
        const paths = new Set(records.map((r) => r.path));
        return (
          [
            'rpc.signing/sign.evmMessage',
            'rpc.wallet-ledger/incomes.update',
            'rpc.identity/tokens.issueIssuer',
          ].every((p) => paths.has(p)) &&
          records.some((r) => r.status === 403 && /caller: caller_not_allowed/.test(r.detail)) &&
          records.some((r) => r.status === 401 && r.targetId === 'wallet-ledger')
        );
      },
      { timeoutMs: 15_000, what: 'the refusals in the audit log' },
    );
    const metrics = await (await fetch(`${stack.apps.signing.url}/metrics`)).text();
    expect(metrics).toMatch(/rpc_refused_total\{[^}]*method="sign\.evmMessage"[^}]*\} [1-9]/);
  });

  it("cannot consume another app's queue nor publish another app's events", async () => {
    const connection = await amqp.connect(appBrokerUrl('notifier'));
    connection.on('error', () => undefined);
    try {
      const consume = await connection.createChannel();
      consume.on('error', () => undefined);
      await expect(
        consume.consume(`${stack.namespace}.rpc.identity`, () => undefined),
      ).rejects.toThrow(/ACCESS_REFUSED/);
      const publish = await connection.createConfirmChannel();
      publish.on('error', () => undefined);
      const published = new Promise<void>((resolve, reject) => {
        publish.publish(
          `${stack.namespace}.events`,
          'income.is-confirmed',
          Buffer.from('{}'),
          {},
          (error: unknown) => (error ? reject(error) : resolve()),
        );
      });
      const closed = new Promise<Error>((resolve) =>
        publish.once('close', () => resolve(new Error('closed'))),
      );
      await expect(
        Promise.race([published, closed.then((e) => Promise.reject(e))]),
      ).rejects.toThrow();
    } finally {
      await connection.close().catch(() => undefined);
    }
    // Straight into wallet-ledger's event queue, past the exchange (any user may write through
    // the default exchange): wallet-ledger takes a user's block only from identity's user.
    const direct = await amqp.connect(appBrokerUrl('notifier'));
    const sender = await direct.createConfirmChannel();
    const forged = {
      id: randomUUID(),
      name: 'user.is-updated',
      occurredAt: new Date().toISOString(),
      tenantId,
      data: { id: user, blocked: false },
    };
    await new Promise<void>((resolve, reject) =>
      sender.sendToQueue(
        `${stack.namespace}.wallet-ledger.events`,
        Buffer.from(JSON.stringify(forged)),
        { userId: 'notifier', messageId: forged.id, contentType: 'application/json' },
        (error: unknown) => (error ? reject(error) : resolve()),
      ),
    );
    await direct.close();
    await waitFor(
      () =>
        stack.apps['wallet-ledger'].logs.some(
          (line) => line['audit'] === 'event_refused' && line['brokerUser'] === 'notifier',
        ),
      { timeoutMs: 10_000, what: 'wallet-ledger to refuse the forged event' },
    );
    // The rogue's login may still do what the notifier does: its own queue.
    const own = await amqp.connect(appBrokerUrl('notifier'));
    const channel = await own.createChannel();
    await expect(channel.checkQueue(`${stack.namespace}.rpc.notifier`)).resolves.toBeDefined();
    await own.close();
  });

  it("cannot read another app's tables with the notifier's database role", async () => {
    const db = new pg.Client({
      connectionString: withLogin(stack.databaseUrl, 'notifier', 'dev-pg-notifier'),
    });
    await db.connect();
    try {
      for (const table of ['identity.api_clients', 'signing.keys', 'ledger.accounts']) {
        await expect(db.query(`SELECT * FROM ${table} LIMIT 1`)).rejects.toThrow(
          /permission denied for schema/,
        );
        await expect(db.query(`DELETE FROM ${table}`)).rejects.toThrow(/permission denied/);
      }
      // Its own schema it owns.
      const own = await db.query('SELECT count(*)::int AS n FROM notifier.receivers');
      expect(own.rows[0]).toEqual({ n: expect.any(Number) });
      const owner = await db.query(
        "SELECT nspname, pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname IN ('identity', 'notifier', 'ledger') ORDER BY 1",
      );
      expect(owner.rows).toEqual([
        { nspname: 'identity', owner: 'identity' },
        { nspname: 'ledger', owner: 'wallet-ledger' },
        { nspname: 'notifier', owner: 'notifier' },
      ]);
    } finally {
      await db.end();
    }
  });

  it("cannot touch another app's Redis keys with the notifier's Redis user", async () => {
    const redis = new Redis(appRedisUrl(stack.namespace, 'notifier'), { maxRetriesPerRequest: 0 });
    try {
      const ns = stack.namespace;
      await expect(redis.get(`${ns}:auth:seeded`)).rejects.toThrow(/NOPERM/);
      await expect(redis.set(`${ns}:auth:client-version:x`, '1')).rejects.toThrow(/NOPERM/);
      await expect(redis.del(`${ns}:ratelimit:client:x`)).rejects.toThrow(/NOPERM/);
      await expect(redis.lrange(`${ns}:bull:wallet-ledger-chain:wait`, 0, -1)).rejects.toThrow(
        /NOPERM/,
      );
      await expect(redis.flushall()).rejects.toThrow(/NOPERM/);
      await expect(redis.keys('*')).rejects.toThrow(/NOPERM/);
      // Its own keys it uses.
      await redis.set(`${ns}:notifier:probe`, '1');
      expect(await redis.get(`${ns}:notifier:probe`)).toBe('1');
    } finally {
      redis.disconnect();
    }
  });
});
