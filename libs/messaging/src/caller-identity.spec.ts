import { execFileSync } from 'node:child_process';
import amqp from 'amqplib';
import { HEADERS, TOPOLOGY, namespaced } from '@custody/contracts';
import { deleteMqNamespace, testLogger, testServiceUrls, uniqueName } from '@custody/testing';
import { Broker } from './broker';
import { RpcClient } from './rpc-client';
import { CallerPolicy, type RpcCallContext, RpcServer } from './rpc-server';
import { openTo } from './test-harness';

// Who calls is what RabbitMQ says, not what the message says: two broker users of their own
// (made with rabbitmqctl, as an operator would) call a server that knows which app each is.

const namespace = uniqueName('t');
const suffix = namespace.replace(/[^a-z0-9]/g, '');
const LEDGER = `ledger-${suffix}`;
const NOTIFIER = `notifier-${suffix}`;
const PASSWORD = 'caller-identity-test';
const { amqpUrl } = testServiceUrls();
const urlOf = (user: string) => {
  const url = new URL(amqpUrl);
  url.username = user;
  url.password = PASSWORD;
  return url.toString();
};
const rabbitmqctl = (...args: string[]) => execFileSync('rabbitmqctl', ['-q', ...args]);

const brokers: Broker[] = [];
let server: RpcServer;
const seen: (string | undefined)[] = [];

async function clientAs(url: string, claims: string): Promise<RpcClient> {
  const broker = new Broker({ url, namespace, logger: testLogger() });
  brokers.push(broker);
  await broker.connect();
  const client = new RpcClient({
    broker,
    caller: claims,
    defaultTimeoutMs: 3_000,
    logger: testLogger(),
  });
  await client.start();
  return client;
}

beforeAll(async () => {
  for (const user of [LEDGER, NOTIFIER]) {
    rabbitmqctl('add_user', user, PASSWORD);
    rabbitmqctl(
      'set_permissions',
      '-p',
      new URL(amqpUrl).pathname.slice(1) || '/',
      user,
      '.*',
      '.*',
      '.*',
    );
  }
  const broker = new Broker({ url: amqpUrl, namespace, logger: testLogger() });
  brokers.push(broker);
  await broker.connect();
  const handlers = {
    who: async (_params: unknown, ctx: RpcCallContext) => {
      seen.push(ctx.caller);
      return { caller: ctx.caller ?? null };
    },
  };
  server = new RpcServer({
    broker,
    service: 'signing',
    callers: new CallerPolicy(`${LEDGER}=wallet-ledger,${NOTIFIER}=notifier,guest=*`),
    handlers,
    access: openTo(handlers, 'wallet-ledger', 'notifier', 'issuer'),
    prefetch: 4,
    logger: testLogger(),
  });
  await server.start();
});

afterAll(async () => {
  await server?.stop(1_000);
  for (const broker of brokers) await broker.close();
  for (const user of [LEDGER, NOTIFIER]) rabbitmqctl('delete_user', user);
  await deleteMqNamespace(namespace);
});

describe('the caller of an RPC', () => {
  it('is the app of the broker user that sent it, whatever the message claims', async () => {
    const notifier = await clientAs(urlOf(NOTIFIER), 'wallet-ledger');
    expect(await notifier.callAny('signing', 'who', {})).toEqual({ caller: 'notifier' });
    const ledger = await clientAs(urlOf(LEDGER), 'wallet-ledger');
    expect(await ledger.callAny('signing', 'who', {})).toEqual({ caller: 'wallet-ledger' });
  });

  it('is what the message says only for a user several apps share (development)', async () => {
    const shared = await clientAs(amqpUrl, 'issuer');
    expect(await shared.callAny('signing', 'who', {})).toEqual({ caller: 'issuer' });
  });

  it('cannot be forged: RabbitMQ closes the channel of a message naming another user', async () => {
    const before = seen.length;
    const connection = await amqp.connect(urlOf(NOTIFIER));
    const channel = await connection.createChannel();
    const closed = new Promise<string>((resolve) =>
      channel.on('error', (e: Error) => resolve(e.message)),
    );
    channel.publish(
      '',
      namespaced(namespace, TOPOLOGY.rpcQueue('signing')),
      Buffer.from(JSON.stringify({ method: 'who', params: {}, idempotent: true })),
      {
        userId: LEDGER,
        correlationId: 'forged',
        headers: { [HEADERS.caller]: 'wallet-ledger' },
      },
    );
    expect(await closed).toMatch(/PRECONDITION_FAILED.*user_id/i);
    await connection.close().catch(() => undefined);
    expect(seen.length).toBe(before);
  });
});
