import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { type AppConfig, loadConfig } from '@custody/config';
import {
  type AnyEvent,
  DB_SCHEMAS,
  EVENT_ROUTES,
  RPC_ACCESS,
  RPC_METHODS,
  type PingResult,
  type ServiceName,
} from '@custody/contracts';
import { createAppServer, createHttpApp, finishHttpApp } from '@custody/http';
import { createLogger, type Logger } from '@custody/logging';
import {
  Broker,
  EventConsumer,
  type EventHandlers,
  OutboxRelay,
  CallerPolicy,
  RpcClient,
  dispatchTable,
  AUTH_AUTHORITY,
  isIdempotencyOwner,
  PROOF_CLOCK_SKEW_MS,
  proofKeys,
  type RpcCallContext,
  type RpcHandler,
  type RpcHandlers,
  RpcServer,
} from '@custody/messaging';
import {
  createDatabase,
  createPool,
  type Database,
  messagingRetention,
  type RetentionRule,
  runIdempotentAround,
  untypedAnswer,
  SeenProofs,
  seenProofsRetention,
} from '@custody/persistence';
import { ApprovalOutcomesSweep, type HeldForApprovals } from './approval-outcomes';
import type { ServiceCommand } from './commands';
import { migrateAtStart } from './migrate-at-start';
import { createMetrics, type Metrics } from './metrics';
import { Periodic } from './periodic';
import { RefusalAudit } from './refusal-audit';
import { deadLetterMetrics } from './dead-letters.metrics';
import { mountOps, runChecks, type ReadinessCheck } from './ops';
import { outboxMetrics } from './outbox.metrics';
import { readinessMetrics } from './readiness.metrics';
import { connectRedis } from './redis';
import { RetentionSweeper } from './retention';

export interface ServiceDeps<A extends ServiceName = ServiceName> {
  app: A;
  config: AppConfig<A>;
  logger: Logger;
  schema: string;
  pool: pg.Pool;
  db: Database;
  broker: Broker;
  /** For calling other services. */
  rpc: RpcClient;
  redis: Redis | undefined;
  metrics: Metrics;
  /** Reports refused requests to identity's audit log (at a bounded rate). */
  refusals: RefusalAudit;
}

/** What an app's `compose` builds from its deps; each part optional. */
export interface ServiceParts<A extends ServiceName = ServiceName> {
  rpcHandlers?: RpcHandlers<A>;
  /** Event name → handler; each runs in a transaction with its inbox row. */
  eventHandlers?: EventHandlers;
  /** Which events the handlers would do nothing with: acked without a transaction. */
  eventsWithoutEffect?: (events: AnyEvent[]) => Promise<boolean[]>;
  /** The app's own tables that grow with traffic, forgotten past their windows. */
  retention?: RetentionRule[];
  /** Starts background work; returns how to stop it. */
  onStart?: () => Promise<(() => Promise<void>) | void>;
  /** The app's own readiness checks beside the shared ones (signing's key store). */
  readiness?: ReadinessCheck[];
  /**
   * The operations it holds for the policy service's approvals: swept every
   * APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS for outcomes whose event was lost (docs/decisions/sweeps.md).
   */
  heldForApprovals?: HeldForApprovals;
}

export interface ServiceDefinition<A extends ServiceName = ServiceName> {
  app: A;
  /** The app's SQL migrations (`NNNN_name.sql`), applied at start or by `main.js migrate`. */
  migrationsDir: string;
  /**
   * Builds the app's object graph once, from the process's deps. May be async: a service can
   * load keys or run its bootstrap before it takes calls.
   */
  compose: (deps: ServiceDeps<A>) => ServiceParts<A> | Promise<ServiceParts<A>>;
  /**
   * The app's own step of `main.js restore-prepare`, after its outbox's recent events are marked
   * unsent (docs/operations/restore-runbook.md); what it answers joins the command's output.
   */
  restorePrepare?: ServiceCommand;
  /** The app's own commands (`main.js <name> …`), beside `migrate` and `restore-prepare`. */
  commands?: Record<string, ServiceCommand>;
}

export interface RunningService<A extends ServiceName = ServiceName> {
  deps: ServiceDeps<A>;
  /** Base URL of the process's ops HTTP server (/healthz, /readyz, /metrics). */
  url: string;
  instanceId: string;
  shutdownTimeoutMs: number;
  logger: Logger;
  stop(): Promise<void>;
}

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Starts one backend service: validated config, migrations, PostgreSQL, RabbitMQ (RPC server
 * with `system.ping`, outbox relay, event consumer), Redis where configured, and the ops server.
 */
export async function startService<A extends ServiceName>(
  definition: ServiceDefinition<A>,
  env: Record<string, string | undefined> = process.env,
): Promise<RunningService<A>> {
  const { app } = definition;
  const config = loadConfig(app, env);
  const logger = createLogger({ service: app, level: config.LOG_LEVEL });
  if (config.NODE_ENV === 'production' && /=\*(,|$)/.test(config.MQ_CALLERS))
    logger.warn(
      { MQ_CALLERS: config.MQ_CALLERS },
      'a broker user is shared by several apps: callers name themselves (give each app its own user)',
    );
  const schema = DB_SCHEMAS[app];
  const instanceId = randomUUID();
  const started = Date.now();
  const metrics = createMetrics(app);

  const pool = createPool(config.DATABASE_URL, {
    max: config.DATABASE_POOL_SIZE,
    applicationName: app,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  await migrateAtStart(pool, {
    schema,
    dir: definition.migrationsDir,
    apply: config.MIGRATE_AT_START,
    logger,
  });
  const db = createDatabase(pool);

  const redisUrl = (config as { REDIS_URL?: string }).REDIS_URL;
  const redis = redisUrl ? connectRedis(redisUrl, logger) : undefined;

  const broker = new Broker({
    url: config.AMQP_URL,
    namespace: config.MQ_NAMESPACE,
    quorumQueues: config.MQ_QUORUM_QUEUES,
    logger,
    // The namespace first: operators (and the chaos tests) find one stack's connections by it.
    connectionName: `${config.MQ_NAMESPACE ? `${config.MQ_NAMESPACE}/` : ''}${app}:${instanceId}`,
  });
  await broker.connect();
  const proofs = proofKeys(app, config);
  const rpc = new RpcClient({
    broker,
    caller: app,
    signer: proofs.signer,
    defaultTimeoutMs: config.RPC_TIMEOUT_MS,
    maxCallsPerMessage: config.RPC_BATCH_MAX,
    holdMs: config.RPC_HOLD_MS,
    logger,
  });
  await rpc.start();

  const refusals = new RefusalAudit(db, schema, app, logger);
  const deps: ServiceDeps<A> = {
    app,
    config,
    logger,
    schema,
    pool,
    db,
    broker,
    rpc,
    redis,
    metrics,
    refusals,
  };
  // The app's object graph, built once: the steps below only start what it holds.
  const parts = await definition.compose(deps);

  const checks: ReadinessCheck[] = [
    { name: 'database', check: () => db.execute(sql`SELECT 1`) },
    {
      name: 'broker',
      check: async () => {
        if (!broker.isConnected) throw new Error('not connected');
      },
    },
    ...(redis ? [{ name: 'redis', check: () => redis.ping() }] : []),
    ...(parts.readiness ?? []),
  ];

  // Every command honours an Idempotency-Key: handlers that move money run it inside their own
  // transaction (exactly-once); the others are wrapped here (replay, conflict, in-progress).
  const withIdempotency = (handlers: Record<string, RpcHandler>): Record<string, RpcHandler> =>
    Object.fromEntries(
      Object.entries(handlers).map(([method, handler]) => [
        method,
        isIdempotencyOwner(handler)
          ? handler
          : (params: unknown, ctx: RpcCallContext) =>
              ctx.idempotency
                ? runIdempotentAround(db, schema, ctx.idempotency, untypedAnswer, () =>
                    handler(params, ctx),
                  )
                : handler(params, ctx),
      ]),
    );

  const observeReadiness = readinessMetrics(metrics.registry, () => runChecks(checks, 2_000));
  outboxMetrics(metrics.registry, db, schema, logger);

  const ping: RpcHandler = async (): Promise<PingResult> => {
    const outcome = await runChecks(checks, 2_000);
    observeReadiness(outcome);
    return {
      service: app,
      instanceId,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      checks: Object.fromEntries(Object.entries(outcome.checks).map(([k, v]) => [k, v.status])),
    };
  };
  const callers = new CallerPolicy(config.MQ_CALLERS);
  const rpcServer = new RpcServer({
    broker,
    service: app,
    callers,
    access: RPC_ACCESS[app],
    handlers: {
      ...{},
      ...withIdempotency(parts.rpcHandlers ? dispatchTable(parts.rpcHandlers) : {}),
      [RPC_METHODS.common.ping]: ping,
    },
    prefetch: config.RPC_PREFETCH,
    maxReplyBytes: config.RPC_MAX_REPLY_BYTES,
    logger,
    onCall: metrics.observeRpc,
    proofs: {
      verifier: proofs.verifier,
      authority: AUTH_AUTHORITY,
      memory: new SeenProofs(pool, schema, PROOF_CLOCK_SKEW_MS),
      onRefused: (refusal) => {
        metrics.rpcRefused.inc({
          method: rpcServer.metricName(refusal.method),
          reason: refusal.reason,
        });
        logger.warn({ audit: 'rpc_refused', ...refusal }, 'RPC request refused');
        refusals.report(refusal);
      },
    },
  });

  const relay = new OutboxRelay({
    broker,
    pool,
    schema,
    logger,
    pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
    minCycleMs: config.OUTBOX_MIN_CYCLE_MS,
    maxEventsPerMessage: config.EVENT_BATCH_MAX,
    onUnroutable: (name, count) => metrics.outboxUnroutable.inc({ event: name }, count),
  });
  await relay.start();

  const retention = new RetentionSweeper({
    pool,
    rules: [
      ...messagingRetention(schema, {
        outboxHours: config.OUTBOX_RETENTION_HOURS,
        inboxHours: config.INBOX_RETENTION_HOURS,
      }),
      seenProofsRetention(schema),
      ...(parts.retention ?? []),
    ],
    batch: config.RETENTION_BATCH,
    intervalMs: config.RETENTION_INTERVAL_MS,
    logger,
    deleted: metrics.retentionDeleted,
  });
  retention.start();

  const handlers = parts.eventHandlers ?? {};
  assertRoutedEvents(app, Object.keys(handlers));
  const consumer =
    Object.keys(handlers).length > 0
      ? new EventConsumer({
          broker,
          db,
          schema,
          consumer: app,
          callers,
          handlers,
          onHandled: (name) => metrics.eventsHandled.inc({ event: name }),
          logger,
          maxAttempts: config.EVENT_MAX_ATTEMPTS,
          ...(parts.eventsWithoutEffect ? { withoutEffect: parts.eventsWithoutEffect } : {}),
        })
      : undefined;
  await consumer?.start();
  if (consumer) deadLetterMetrics(metrics.registry, broker, [consumer.deadLetterQueueName], logger);
  const outcomesSweep = approvalOutcomesSweep(app, config, parts, deps);
  outcomesSweep?.start();
  const stopBackground = await parts.onStart?.();
  await rpcServer.start();

  let shuttingDown = false;
  const http = createHttpApp({ logger, onResponse: metrics.observeHttp });
  mountOps(http, {
    registry: metrics.registry,
    checks,
    timeoutMs: 2_000,
    isShuttingDown: () => shuttingDown,
    observe: observeReadiness,
  });
  finishHttpApp(http, logger);
  const httpServer = createAppServer(http);
  const port = await listen(httpServer, config.PORT);
  logger.info({ port, instanceId }, `${app} ready`);

  return {
    deps,
    url: `http://127.0.0.1:${port}`,
    instanceId,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    logger,
    async stop() {
      shuttingDown = true;
      const timeout = config.SHUTDOWN_TIMEOUT_MS;
      await rpcServer.stop(timeout);
      await consumer?.stop(timeout);
      await outcomesSweep?.stop();
      await stopBackground?.();
      // The refusals left out of the audit log's budget, counted before the pool closes.
      await refusals.flush();
      await retention.stop();
      await relay.stop();
      await rpc.stop();
      await broker.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
      await pool.end();
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeAllConnections();
      await closed;
    },
  };
}

/** The sweep of the operations an app holds for approvals, on a timer of the process. */
function approvalOutcomesSweep<A extends ServiceName>(
  app: A,
  config: AppConfig<A>,
  parts: ServiceParts<A>,
  deps: ServiceDeps<A>,
): Periodic | undefined {
  if (!parts.heldForApprovals) return undefined;
  const intervalMs = (config as { APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS?: number })
    .APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS;
  if (intervalMs === undefined)
    throw new Error(
      `${app} holds operations for approvals but reads no APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS`,
    );
  const sweep = new ApprovalOutcomesSweep({
    db: deps.db,
    rpc: deps.rpc,
    logger: deps.logger,
    held: parts.heldForApprovals,
    swept: deps.metrics.approvalOutcomesSwept,
  });
  // At start too: a process started after an outage catches up at once.
  return new Periodic({
    what: 'approval outcomes sweep',
    intervalMs,
    run: () => sweep.sweep(),
    logger: deps.logger,
    atStart: true,
  });
}

/**
 * Every event an app handles must name it among its consumers in EVENT_ROUTES: the broker grants
 * the app's user the bindings listed there only (docker/rabbitmq/grants.json), so a handler
 * missing from it would never receive its event.
 */
export function assertRoutedEvents(app: ServiceName, names: string[]): void {
  const routes: Record<string, { consumers: readonly string[] } | undefined> = EVENT_ROUTES;
  const missing = names.filter((name) => !routes[name]?.consumers.includes(app));
  if (missing.length > 0)
    throw new Error(
      `${app} handles events EVENT_ROUTES does not route to it: ${missing.join(', ')}`,
    );
}
