import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { EVENTS, ISSUER_RPC, RPC_METHODS } from '@custody/contracts';
import { Broker, devProofSigner, RpcClient } from '@custody/messaging';
import { enqueueEvent, withTransaction } from '@custody/persistence';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
  waitFor,
  type TestDatabase,
} from '@custody/testing';
import { type RunningService, startService } from './service';

let database: TestDatabase;
let namespace: string;
let broker: Broker;
let client: RpcClient;
let env: Record<string, string>;

beforeAll(async () => {
  const urls = testServiceUrls();
  database = await createTestDatabase();
  namespace = uniqueName('t');
  env = {
    DATABASE_URL: database.url,
    AMQP_URL: urls.amqpUrl,
    REDIS_URL: urls.redisUrl,
    MQ_NAMESPACE: namespace,
    PORT: '0',
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_INTERVAL_MS: '50',
  };
  broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
  client = new RpcClient({
    broker,
    caller: 'gateway',
    signer: devProofSigner('gateway'),
    defaultTimeoutMs: 3_000,
    logger: testLogger(),
  });
  await client.start();
});

afterAll(async () => {
  await client.stop();
  await broker.close();
  await deleteMqNamespace(namespace);
  await database.drop();
});

describe('startService', () => {
  let service: RunningService<'notifier'>;
  const seen: string[] = [];

  beforeAll(async () => {
    service = await startService(
      {
        app: 'notifier',
        migrationsDir: path.join(__dirname, '__fixtures__', 'no-migrations'),
        compose: () => ({
          eventHandlers: {
            [EVENTS.userCreated]: async (event) => {
              seen.push(event.id);
            },
          },
        }),
      },
      env,
    );
  });

  afterAll(async () => {
    await service.stop();
  });

  it('answers the RPC ping with its health checks', async () => {
    const pong = await client.call(`notifier`, RPC_METHODS.common.ping, {}, { idempotent: true });
    expect(pong).toMatchObject({
      service: 'notifier',
      instanceId: service.instanceId,
      checks: { database: 'ok', broker: 'ok', redis: 'ok' },
    });
  });

  it('serves /healthz, /readyz and /metrics', async () => {
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: { status: 'ok' } },
    });
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toMatch(/rpc_server_duration_seconds_bucket\{[^}]*method="system.ping"/);
  });

  it("exposes its readiness, its outbox's backlog and its dead-letter queue's depth", async () => {
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toMatch(/^readiness_ok\{app="notifier"\} 1$/m);
    expect(metrics).toMatch(/^readiness_changes_total\{app="notifier"\} 0$/m);
    expect(metrics).toMatch(/^outbox_unsent_events\{app="notifier"\} \d+$/m);
    expect(metrics).toMatch(/^outbox_oldest_unsent_age_seconds\{app="notifier"\} [\d.]+$/m);
    expect(metrics).toContain(
      `dead_letter_queue_messages{queue="${namespace}.notifier.events.dlq",app="notifier"} 0`,
    );
  });

  it('has PostgreSQL end any of its sessions idle inside a transaction past a minute', async () => {
    const { rows } = await service.deps.pool.query('SHOW idle_in_transaction_session_timeout');
    expect(rows).toEqual([{ idle_in_transaction_session_timeout: '1min' }]);
  });

  it('migrated its own schema with the outbox and inbox', async () => {
    const { rows } = await service.deps.pool.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'notifier' ORDER BY 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      'idempotency_keys',
      'inbox',
      'outbox',
      'rpc_proofs',
      'schema_migrations',
    ]);
  });

  it('relays its outbox and consumes the events it subscribed to, once each', async () => {
    const event = await withTransaction(service.deps.db, (tx) =>
      enqueueEvent(tx, 'notifier', {
        name: EVENTS.userCreated,
        tenantId: 't1',
        data: {
          id: 'u1',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          generalConditions: 'accepted',
          blocked: false,
        },
      }),
    );
    // The handler sees the event inside the consumer's transaction; the inbox row is there once
    // that transaction commits.
    const inboxRows = () => service.deps.db.execute(sql`SELECT event_id FROM notifier.inbox`);
    await waitFor(async () => seen.includes(event.id) && (await inboxRows()).rows.length > 0, {
      what: 'the consumed event, committed',
    });
    const inbox = await inboxRows();
    expect(inbox.rows).toEqual([{ event_id: event.id }]);
    expect(seen.filter((id) => id === event.id)).toHaveLength(1);
  });
});

describe('a service process on SIGTERM', () => {
  it('finishes the RPC in flight, takes no new one, and exits 0', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '__fixtures__', 'slow-service.ts')],
      {
        env: { ...process.env, ...env },
        cwd: path.resolve(__dirname, '../../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );

    await waitFor(
      () =>
        client
          .call('issuer', RPC_METHODS.common.ping, {}, { idempotent: true, timeoutMs: 500 })
          .catch(() => false),
      {
        timeoutMs: 20_000,
        what: 'the child service to answer',
      },
    );
    const inFlight = client.callAny('issuer', ISSUER_RPC.listIssuers, { ms: 800 });
    await waitFor(() => output.includes('handling'), { what: 'the handler to start' });
    child.kill('SIGTERM');
    await expect(inFlight).resolves.toBe('finished');
    expect(await exited).toBe(0);
    // The queue is still there but nobody consumes it any more.
    await expect(
      client.callAny('issuer', ISSUER_RPC.listIssuers, { ms: 1 }, { timeoutMs: 500 }),
    ).rejects.toMatchObject({ status: 504 });
  });
});
