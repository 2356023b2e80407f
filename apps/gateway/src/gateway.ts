import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Router, type Express } from 'express';
import type { Redis } from 'ioredis';
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
import { RateLimiter } from './auth/rate-limit';
import {
  consoleApiRouter,
  consoleSessionGuard,
  consoleSessionRoutes,
} from './console/console-session.routes';
import { ConsoleSessions } from './console/console-sessions';
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
  // Built on the first request, not at start: converting every route's schemas costs the
  // gateway most of a second of CPU, which each start (and each replica) would pay.
  let documents: ReturnType<typeof openApiDocuments> | undefined;
  const openApi = () => (documents ??= openApiDocuments(routes, config.PUBLIC_BASE_URL ?? ''));
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
    res.json(openApi().v1);
  });
  app.get('/v2/openapi.json', (_req, res) => {
    res.json(openApi().v2);
  });
  app.use('/docs', docsRouter());
  const guard = createGuard({
    verifier: new TokenVerifier(rpc, redis, config.REDIS_KEY_PREFIX),
    redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
    perClientPerMinute: config.RATE_LIMIT_PER_MINUTE,
    tokenPerIpPerMinute: config.TOKEN_RATE_LIMIT_PER_MINUTE,
  });
  const versionRouter = (version: 'v1' | 'v2') => {
    const router = Router();
    registerRoutes(
      router,
      routes.filter((route) => route.version === version),
      guard,
      audit.observer,
    );
    return router;
  };
  const v1 = versionRouter('v1');
  mountConsole(app, config, { rpc, redis, audit, v1 });
  app.use('/v1', v1);
  app.use('/v2', versionRouter('v2'));
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

/**
 * The operator console: its session and the API through it (docs/decisions/operator-console.md),
 * then the application. The console's api client stays here: the browser holds a session cookie.
 */
function mountConsole(
  app: Express,
  config: AppConfig<'gateway'>,
  deps: { rpc: RpcClient; redis: Redis; audit: AuditPublisher; v1: Router },
): void {
  const sessions = new ConsoleSessions({
    rpc: deps.rpc,
    redis: deps.redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
    apiClient:
      config.CONSOLE_API_CLIENT_ID && config.CONSOLE_API_CLIENT_SECRET
        ? { id: config.CONSOLE_API_CLIENT_ID, secret: config.CONSOLE_API_CLIENT_SECRET }
        : undefined,
    lifetimeMs: config.CONSOLE_SESSION_SECONDS * 1000,
  });
  // Behind a proxy that rewrites Host, the browser's Origin is the public one.
  const trustedOrigins = URL.canParse(config.PUBLIC_BASE_URL ?? '')
    ? [new URL(config.PUBLIC_BASE_URL ?? '').origin]
    : [];
  const sessionRouter = Router();
  registerRoutes(
    sessionRouter,
    consoleSessionRoutes(sessions),
    consoleSessionGuard({
      limiter: new RateLimiter(deps.redis, config.REDIS_KEY_PREFIX),
      perIpPerMinute: config.TOKEN_RATE_LIMIT_PER_MINUTE,
      trustedOrigins,
    }),
    deps.audit.observer,
  );
  app.use('/console', sessionRouter);
  app.use('/console/api', consoleApiRouter({ sessions, trustedOrigins, api: deps.v1 }));
  app.use(
    '/console',
    consoleRouter({
      // The bundle is dist/apps/gateway/main.js; the console is built to dist/apps/console.
      dir: config.CONSOLE_DIR ?? path.resolve(__dirname, '../console'),
    }),
  );
}
