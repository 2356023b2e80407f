import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import amqp from 'amqplib';
import { sql } from 'drizzle-orm';
import { createDatabase, createPool, migrate, type Database } from '@custody/persistence';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
  type TestDatabase,
  waitFor,
} from '@custody/testing';
import type pg from 'pg';
import type { AppName, MethodAccess } from '@custody/contracts';
import { Broker } from './broker';

export const SCHEMA = 'svc';
/** Every consumer name the messaging specs use: their queues are deleted with the namespace. */
export const CONSUMERS = [
  'probe',
  'crashy',
  'poison',
  'batched',
  'flaky',
  'poison-batch',
  'poisoned',
  'refused',
  'undeliverable',
  'traced',
];

export interface Harness {
  database: TestDatabase;
  pool: pg.Pool;
  db: Database;
  namespace: string;
  broker: Broker;
  amqpUrl: string;
  newBroker(): Broker;
  effects(): Promise<number>;
  close(): Promise<void>;
}

/** One database and one RabbitMQ namespace for a test file. */
export async function createHarness(): Promise<Harness> {
  const { amqpUrl } = testServiceUrls();
  const database = await createTestDatabase();
  const pool = createPool(database.url);
  await migrate(pool, { schema: SCHEMA });
  await pool.query(`CREATE TABLE ${SCHEMA}.effects (event_id uuid NOT NULL)`);
  const namespace = uniqueName('t');
  const brokers: Broker[] = [];
  const newBroker = () => {
    const broker = new Broker({ url: amqpUrl, namespace, logger: testLogger() });
    brokers.push(broker);
    return broker;
  };
  const broker = newBroker();
  await broker.connect();
  const db = createDatabase(pool);
  return {
    database,
    pool,
    db,
    namespace,
    broker,
    amqpUrl,
    newBroker,
    async effects() {
      const result = await db.execute(sql`SELECT count(*)::int AS n FROM svc.effects`);
      return Number((result.rows[0] as { n: number }).n);
    },
    async close() {
      for (const b of brokers) await b.close();
      await pool.end();
      await deleteMqNamespace(namespace, CONSUMERS);
      await database.drop();
    },
  };
}

/** Starts a fixture under tsx with the given environment; resolves once it prints `ready`. */
export function spawnFixture(
  name: string,
  env: Record<string, string>,
): {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '__fixtures__', `${name}.ts`)],
    {
      env: { ...process.env, ...env },
      cwd: path.resolve(__dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/** Counts messages ready in a queue (not the unacked ones). */
export async function readyCount(amqpUrl: string, queue: string): Promise<number> {
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    const { messageCount } = await channel.checkQueue(queue);
    return messageCount;
  } finally {
    await connection.close();
  }
}

const run = promisify(execFile);

/**
 * Makes the broker refuse (nack) every publish to one queue, as a queue at its length limit
 * does, while channels stay open: a RabbitMQ policy set with rabbitmqctl on this machine (as the
 * chaos tests use it). Returns what lifts it.
 */
export async function refusePublishesTo(queue: string): Promise<() => Promise<void>> {
  const name = `refuse-${queue}`;
  const pattern = `^${queue.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  await run(
    'rabbitmqctl',
    [
      '-q',
      'set_policy',
      '--apply-to',
      'queues',
      '--priority',
      '100',
      name,
      pattern,
      JSON.stringify({ 'max-length': 0, overflow: 'reject-publish' }),
    ],
    { timeout: 30_000 },
  );
  // Set is not yet applied: wait until the queue itself reports the policy.
  await waitFor(
    async () => {
      const { stdout } = await run(
        'rabbitmqctl',
        ['-q', 'list_queues', 'name', 'policy', '--formatter', 'json'],
        { timeout: 30_000 },
      );
      const queues = JSON.parse(stdout || '[]') as { name: string; policy: string }[];
      return queues.some((q) => q.name === queue && q.policy === name);
    },
    { intervalMs: 100, what: `policy ${name} applied to ${queue}` },
  );
  return async () => {
    await run('rabbitmqctl', ['-q', 'clear_policy', name], { timeout: 30_000 });
  };
}

/**
 * Declarations for the made-up methods the library's specs serve: each open to `callers` (the
 * gateway by default), taking auth contexts as a forwarded method does.
 */
export function openTo(
  handlers: Record<string, unknown>,
  ...callers: AppName[]
): Record<string, MethodAccess> {
  const access: MethodAccess = {
    callers: callers.length > 0 ? callers : ['gateway'],
    auth: 'forwarded',
  };
  return Object.fromEntries(Object.keys(handlers).map((method) => [method, access]));
}
