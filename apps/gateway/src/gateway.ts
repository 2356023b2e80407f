import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Router, type Express } from 'express';
import { loadConfig, type AppConfig } from '@custody/config';
import { docsRouter } from '@custody/api-docs';
import {
  answerClientErrorsAsProblems,
  createAppServer,
  createHttpApp,
  finishHttpApp,
  registerRoutes,
} from '@custody/http';
import { createLogger, type Logger } from '@custody/logging';
import { Broker, proofKeys, RpcClient } from '@custody/messaging';
import {
  connectRedis,
  createMetrics,
  mountPublicProbes,
  readinessMetrics,
  runChecks,
  sharedRun,
} from '@custody/service-kit';
import { AuditPublisher } from './audit/audit-publisher';
import { createGuard } from './auth/guard';
import { consoleRouter } from './console/console.routes';
import { TokenVerifier } from './auth/token-verifier';
import { openApiDocuments } from './docs/openapi';
import { startOpsServer } from './ops-server';
import { allRoutes } from './routes';
import { readinessChecks } from './system/readiness';

export interface RunningGateway {
  url: string;
  /** The internal ops server (OPS_PORT): /healthz, the detailed /readyz, /metrics. */
  opsUrl: string;
  app: Express;
  config: AppConfig<'gateway'>;
  logger: Logger;
  shutdownTimeoutMs: number;
  stop(): Promise<void>;
}

/**
 * The only public HTTP entry: /v1 and /v2 from the route table, their OpenAPI documents, the
 * /docs reference, the /console application, /healthz and a /readyz that says only ready or not.
 * Every API call becomes an RPC to a backend service. /metrics and the /readyz that names each
 * check are on the internal ops port (OPS_PORT) alone.
 */
export async function startGateway(
  env: Record<string, string | undefined> = process.env,
): Promise<RunningGateway> {
  const config = loadConfig('gateway', env);
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  const metrics = createMetrics('gateway');
  const redis = connectRedis(config.REDIS_URL, logger);
  const broker = new Broker({
    url: config.AMQP_URL,
    namespace: config.MQ_NAMESPACE,
    quorumQueues: config.MQ_QUORUM_QUEUES,
    logger,
    connectionName: `${config.MQ_NAMESPACE ? `${config.MQ_NAMESPACE}/` : ''}gateway`,
  });
  await broker.connect();
  const rpc = new RpcClient({
    broker,
    caller: 'gateway',
    // The proof that vouches for each request's auth context (docs/decisions/rpc.md).
    signer: proofKeys('gateway', config).signer,
    defaultTimeoutMs: config.RPC_TIMEOUT_MS,
    maxCallsPerMessage: config.RPC_BATCH_MAX,
    holdMs: config.RPC_HOLD_MS,
    logger,
  });
  await rpc.start();
  const audit = new AuditPublisher(broker, logger);
  await audit.start();

  let shuttingDown = false;
  const checks = readinessChecks({
    broker,
    redis,
    rpc,
    pingTimeoutMs: config.READINESS_TIMEOUT_MS,
  });
  const checksTimeoutMs = config.READINESS_TIMEOUT_MS + 500;
  const observeReadiness = readinessMetrics(metrics.registry, () =>
    runChecks(checks, checksTimeoutMs),
  );
  const routes = allRoutes({
    rpc,
    individualRequired: config.INDIVIDUAL_REQUIRED_FIELDS.split(','),
    // Admins asking at once share one run of the checks (each pings seven services).
    readiness: sharedRun(async () => {
      const outcome = await runChecks(checks, checksTimeoutMs);
      observeReadiness(outcome);
      return outcome;
    }),
  });
  const documents = openApiDocuments(routes, config.PUBLIC_BASE_URL ?? '');
  const app = createHttpApp({
    logger,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    onResponse: metrics.observeHttp,
  });
  mountPublicProbes(app, {
    checks,
    timeoutMs: checksTimeoutMs,
    isShuttingDown: () => shuttingDown,
    observe: observeReadiness,
  });
  app.get('/v1/openapi.json', (_req, res) => {
    res.json(documents.v1);
  });
  app.get('/v2/openapi.json', (_req, res) => {
    res.json(documents.v2);
  });
  app.use('/docs', docsRouter());
  app.use(
    '/console',
    consoleRouter({
      // The bundle is dist/apps/gateway/main.js; the console is built to dist/apps/console.
      dir: config.CONSOLE_DIR ?? path.resolve(__dirname, '../console'),
      ...(config.CONSOLE_API_CLIENT_ID && config.CONSOLE_API_CLIENT_SECRET
        ? {
            apiClient: {
              id: config.CONSOLE_API_CLIENT_ID,
              secret: config.CONSOLE_API_CLIENT_SECRET,
            },
          }
        : {}),
    }),
  );
  const guard = createGuard({
    verifier: new TokenVerifier(rpc, redis, config.REDIS_KEY_PREFIX),
    redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
    perClientPerMinute: config.RATE_LIMIT_PER_MINUTE,
    tokenPerIpPerMinute: config.TOKEN_RATE_LIMIT_PER_MINUTE,
  });
  for (const version of ['v1', 'v2'] as const) {
    const router = Router();
    registerRoutes(
      router,
      routes.filter((route) => route.version === version),
      guard,
      audit.observer,
    );
    app.use(`/${version}`, router);
  }
  finishHttpApp(app, logger);

  const ops = await startOpsServer({
    port: config.OPS_PORT,
    logger,
    onResponse: metrics.observeHttp,
    registry: metrics.registry,
    checks,
    timeoutMs: checksTimeoutMs,
    isShuttingDown: () => shuttingDown,
    observe: observeReadiness,
  });
  const server: Server = createAppServer(app);
  answerClientErrorsAsProblems(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, () => resolve());
  }).catch(async (error: unknown) => {
    await ops.close();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  // One line with both ports: the e2e stacks and benchmarks read them from it.
  logger.info(
    { port, opsPort: ops.port },
    `gateway listening on http://localhost:${port} (operations on port ${ops.port})`,
  );

  return {
    url: `http://127.0.0.1:${port}`,
    opsUrl: ops.url,
    app,
    config,
    logger,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    async stop() {
      shuttingDown = true;
      // Stop accepting connections, let in-flight requests finish, then drop the rest.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(
        () => server.closeAllConnections(),
        config.SHUTDOWN_TIMEOUT_MS - 1_000,
      );
      await closed;
      clearTimeout(forced);
      // The ops port answers until the API drained: /readyz says shutting_down meanwhile.
      await ops.close();
      await audit.stop();
      await rpc.stop();
      await broker.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
