import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, type AppName } from '@custody/contracts';
import {
  APP_BROKER_CALLERS,
  appBrokerUrl,
  appRedisUrl,
  dropAppRedisUsers,
  grantAppRedisUsers,
  REDIS_APPS,
  createTestDatabase,
  deleteMqNamespace,
  grantAppBrokerUsers,
  grantAppDatabaseRoles,
  grantAuditOwnerRole,
  testServiceUrls,
  uniqueName,
  waitFor,
  type TestDatabase,
} from '@custody/testing';

const ROOT = path.resolve(__dirname, '../../..');
/** The node flags every app runs with in production too (tools/lib/app-node-flags.json). */
const APP_NODE_FLAGS = (
  JSON.parse(readFileSync(path.join(ROOT, 'tools', 'lib', 'app-node-flags.json'), 'utf8')) as {
    flags: string[];
  }
).flags;

export interface AppProcess {
  app: AppName;
  child: ChildProcess;
  /** JSON log lines the process has written so far. */
  logs: Record<string, unknown>[];
  /** Base URL of its HTTP server (the gateway's API, or a service's ops server). */
  url: string;
  /**
   * Base URL of its ops server (/healthz, the /readyz that names every check, /metrics): the
   * gateway's internal OPS_PORT; a service's is `url`.
   */
  opsUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Stack {
  gatewayUrl: string;
  /** The gateway's internal ops server (OPS_PORT), never reachable in production. */
  gatewayOpsUrl: string;
  /** RabbitMQ namespace and Redis key prefix of this stack. */
  namespace: string;
  /** The stack's own database (tests arrange state the API cannot reach yet through it). */
  databaseUrl: string;
  apps: Record<AppName, AppProcess>;
  stopAll(): Promise<Record<AppName, number | null>>;
  /** SIGKILLs an app (no cleanup, like a crash) and starts it again with the same environment. */
  crashAndRestart(app: AppName): Promise<void>;
  /**
   * Stops an app with SIGTERM (graceful) and starts it again with the same environment, changed
   * by `envChanges` where given (an empty string removes a variable, e.g. FAILPOINTS).
   */
  restart(
    app: AppName,
    signal?: NodeJS.Signals,
    envChanges?: Record<string, string>,
  ): Promise<void>;
  /**
   * Starts one more process of an app with the stack's environment changed by `envChanges`,
   * beside the running one (a start expected to fail, say); cleanup ends it.
   */
  spawnExtra(app: AppName, envChanges: Record<string, string>): AppProcess;
  /** Waits until an app exits by itself (e.g. a failpoint killed it). */
  exited(app: AppName): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  cleanup(): Promise<void>;
}

function spawnApp(
  app: AppName,
  env: Record<string, string>,
  keepLogs = true,
  nodeArgs: string[] = [],
): AppProcess {
  const child = spawn(
    process.execPath,
    [...APP_NODE_FLAGS, ...nodeArgs, path.join(ROOT, 'dist', 'apps', app, 'main.js')],
    {
      env: { ...process.env, ...env },
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const proc: AppProcess = {
    app,
    child,
    logs: [],
    url: '',
    opsUrl: '',
    exited: new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal }))),
  };
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    // Benchmarks read only the port: parsing every log line would load the measuring process.
    if (!keepLogs && proc.url) return;
    buffer += chunk.toString();
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        proc.logs.push(entry);
        if (typeof entry['port'] === 'number' && !proc.url) {
          // The gateway logs both ports on one line; a service serves its ops on `port`.
          const opsPort = typeof entry['opsPort'] === 'number' ? entry['opsPort'] : entry['port'];
          proc.opsUrl = `http://127.0.0.1:${opsPort}`;
          proc.url = `http://127.0.0.1:${entry['port']}`;
        }
      } catch {
        proc.logs.push({ raw: line });
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => proc.logs.push({ stderr: chunk.toString() }));
  return proc;
}

/**
 * The whole stack as real processes: every app built with the production bundler (jest's global
 * setup builds dist/ once per run) and started with `node dist/apps/<app>/main.js`, against its own database, RabbitMQ namespace and Redis
 * prefix.
 */
/** The signing master seed of every e2e stack (a test-only phrase), sealed into its token. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';

export const BOOTSTRAP = {
  adminEmail: 'admin@e2e.test',
  adminPassword: 'e2e-admin-password',
  apiClientId: 'e2e-app',
  apiClientSecret: 'e2e-api-client-secret',
};

export interface StackOptions {
  env?: Partial<Record<AppName, Record<string, string>>>;
  /** Start only these apps (the gateway is always started); default: all. */
  only?: AppName[];
  /** Keep every log line in `logs` (tests read them); benchmarks turn it off. Default true. */
  keepLogs?: boolean;
  /** Extra node flags per app (e.g. `--cpu-prof` to profile it under load). */
  nodeArgs?: Partial<Record<AppName, string[]>>;
}

/** Apps another one cannot work without, started with it: signatures need policy decisions. */
const NEEDS: Partial<Record<AppName, AppName[]>> = {
  'wallet-ledger': ['policy'],
  // A purchase is decided on by the policies.
  trading: ['policy'],
  // An issuer's signature needs the policy service's decision, and the catalog's tokens to read
  // what its typed data grants.
  issuer: ['policy', 'trading'],
};

/**
 * A SoftHSM2 token of its own for a stack's signing service, as production's PKCS#11 token
 * (docs/operations/key-ceremony.md): a token directory under the temporary directory, a token
 * initialized there, and the PIN in a file. The stack's seed is sealed into it at the first start.
 */
function softHsmToken(namespace: string): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `softhsm-${namespace}-`));
  mkdirSync(path.join(dir, 'tokens'));
  const conf = path.join(dir, 'softhsm2.conf');
  writeFileSync(
    conf,
    `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`,
  );
  const pinFile = path.join(dir, 'user.pin');
  writeFileSync(pinFile, 'e2e-token-pin\n', { mode: 0o600 });
  const label = 'custody-e2e';
  const init = spawnSync(
    'softhsm2-util',
    [
      '--init-token',
      '--free',
      '--label',
      label,
      '--so-pin',
      'e2e-so-pin',
      '--pin',
      'e2e-token-pin',
    ],
    { env: { ...process.env, SOFTHSM2_CONF: conf }, encoding: 'utf8' },
  );
  if (init.status !== 0)
    throw new Error(
      `softhsm2-util could not initialize the stack's token (apt-get install softhsm2): ${init.error?.message ?? init.stderr}`,
    );
  return {
    dir,
    env: {
      SOFTHSM2_CONF: conf,
      SIGNING_PKCS11_MODULE: process.env['SOFTHSM2_MODULE'] ?? '/usr/lib/softhsm/libsofthsm2.so',
      SIGNING_PKCS11_TOKEN_LABEL: label,
      SIGNING_PKCS11_PIN_FILE: pinFile,
    },
  };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const extraEnv = options.env ?? {};
  const only = options.only && [
    ...options.only,
    ...options.only.flatMap((app) => NEEDS[app] ?? []),
  ];
  const selected = APPS.filter((app) => app === 'gateway' || !only || only.includes(app));
  const urls = testServiceUrls();
  const database: TestDatabase = await createTestDatabase('e2e_');
  // Each service connects as its own role, as in production (docker/postgres).
  const databaseUrls = grantAppDatabaseRoles(database);
  // Identity migrates its audit schema as the schema's owner (docs/decisions/audit.md).
  const auditOwnerUrl = grantAuditOwnerRole(database);
  const namespace = uniqueName('e');
  grantAppBrokerUsers(namespace);
  grantAppRedisUsers(namespace);
  const token = softHsmToken(namespace);
  const common = {
    DATABASE_URL: database.url,
    REDIS_URL: urls.redisUrl,
    MQ_NAMESPACE: namespace,
    // Each app logs in as its own broker user, as in production (docker/rabbitmq).
    MQ_CALLERS: APP_BROKER_CALLERS,
    REDIS_KEY_PREFIX: namespace,
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    PORT: '0',
    BOOTSTRAP_ADMIN_EMAIL: BOOTSTRAP.adminEmail,
    BOOTSTRAP_ADMIN_PASSWORD: BOOTSTRAP.adminPassword,
    BOOTSTRAP_API_CLIENT_ID: BOOTSTRAP.apiClientId,
    BOOTSTRAP_API_CLIENT_SECRET: BOOTSTRAP.apiClientSecret,
    SIGNING_MASTER_MNEMONIC: TEST_MNEMONIC,
    // As docker-compose and `npm start` run it: events in batches.
    EVENT_BATCH_MAX: '16',
  };
  const apps = {} as Record<AppName, AppProcess>;
  const extras: AppProcess[] = [];
  const envs = {} as Record<AppName, Record<string, string>>;
  for (const app of selected) {
    envs[app] = {
      ...common,
      AMQP_URL: appBrokerUrl(app),
      // The gateway's ops port: any free one, as PORT.
      ...(app === 'gateway' ? { OPS_PORT: '0' } : { DATABASE_URL: databaseUrls[app] }),
      ...(REDIS_APPS.includes(app) ? { REDIS_URL: appRedisUrl(namespace, app) } : {}),
      ...(app === 'identity' ? { AUDIT_MIGRATION_DATABASE_URL: auditOwnerUrl } : {}),
      ...(app === 'signing' ? token.env : {}),
      ...(extraEnv[app] ?? {}),
    };
    apps[app] = spawnApp(app, envs[app], options.keepLogs ?? true, options.nodeArgs?.[app]);
  }
  // Every app binds port 0 and logs the port it got: no two stacks can collide on a port.
  let gatewayUrl = '';
  const stack: Stack = {
    gatewayUrl,
    gatewayOpsUrl: '',
    namespace,
    databaseUrl: database.url,
    apps,
    async stopAll() {
      const codes = {} as Record<AppName, number | null>;
      for (const proc of Object.values(apps)) {
        if (proc.child.exitCode === null && proc.child.signalCode === null)
          proc.child.kill('SIGCONT');
        proc.child.kill('SIGTERM');
      }
      for (const proc of Object.values(apps)) codes[proc.app] = (await proc.exited).code;
      return codes;
    },
    async crashAndRestart(app) {
      await stack.restart(app, 'SIGKILL');
    },
    spawnExtra(app, envChanges) {
      const extra = spawnApp(app, { ...envs[app], ...envChanges }, true, options.nodeArgs?.[app]);
      extras.push(extra);
      return extra;
    },
    exited(app) {
      return apps[app].exited;
    },
    async restart(app, signal: NodeJS.Signals = 'SIGTERM', envChanges = {}) {
      const proc = apps[app];
      proc.child.kill(signal);
      await proc.exited;
      envs[app] = { ...envs[app], ...envChanges };
      for (const [key, value] of Object.entries(envChanges))
        if (value === '') delete envs[app][key];
      apps[app] = spawnApp(app, envs[app], options.keepLogs ?? true, options.nodeArgs?.[app]);
      // The gateway's own /readyz wants every service: alive is enough for a subset, as at start.
      const probe = app === 'gateway' && options.only ? 'healthz' : 'readyz';
      await waitFor(
        async () =>
          apps[app].url !== '' && (await fetch(`${apps[app].url}/${probe}`)).status === 200,
        { timeoutMs: 30_000, intervalMs: 100, what: `${app} to come back` },
      );
      // A new gateway listens on another port.
      if (app === 'gateway') {
        stack.gatewayUrl = apps.gateway.url;
        stack.gatewayOpsUrl = apps.gateway.opsUrl;
      }
    },
    async cleanup() {
      const all = [...Object.values(apps), ...extras];
      for (const proc of all) {
        if (proc.child.exitCode === null && proc.child.signalCode === null)
          proc.child.kill('SIGKILL');
      }
      await Promise.all(all.map((p) => p.exited));
      await deleteMqNamespace(namespace);
      await dropAppRedisUsers(namespace);
      await database.drop();
      rmSync(token.dir, { recursive: true, force: true });
    },
  };
  try {
    // Ready: the gateway's /readyz (all apps), or each started app's own /readyz (a subset).
    await waitFor(
      async () => {
        gatewayUrl = apps.gateway.url;
        if (!gatewayUrl) return false;
        stack.gatewayUrl = gatewayUrl;
        stack.gatewayOpsUrl = apps.gateway.opsUrl;
        if (!options.only) return (await fetch(`${gatewayUrl}/readyz`)).status === 200;
        for (const proc of Object.values(apps)) {
          // The gateway's own /readyz wants every service; alive is enough for a subset.
          const probe = proc.app === 'gateway' ? 'healthz' : 'readyz';
          if (!proc.url || (await fetch(`${proc.url}/${probe}`)).status !== 200) return false;
        }
        return true;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: 'the stack to become ready' },
    );
  } catch (error) {
    const tail = Object.values(apps)
      .map((p) => `${p.app}: ${JSON.stringify(p.logs.slice(-5))}`)
      .join('\n');
    await stack.cleanup();
    throw new Error(`Stack did not become ready:\n${tail}`, { cause: error });
  }
  return stack;
}
