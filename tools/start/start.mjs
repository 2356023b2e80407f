// `npm start`: install if needed, check the local services, create the database, build, start
// every app, wait until the gateway is ready, and stop everything cleanly on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installIfNeeded } from '../lib/install.mjs';
import { canConnect, endpointOf, LOCAL_SERVICES } from '../lib/services.mjs';
import { prepareDatabase } from './database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The node flags every app runs with (docker/Dockerfile repeats them). */
const APP_NODE_FLAGS = JSON.parse(
  readFileSync(path.join(root, 'tools', 'lib', 'app-node-flags.json'), 'utf8'),
).flags;
const APPS = [
  'identity',
  'wallet-ledger',
  'trading',
  'signing',
  'issuer',
  'notifier',
  'policy',
  'gateway',
];
const SERVICE_PORTS = {
  identity: 3101,
  'wallet-ledger': 3102,
  trading: 3103,
  signing: 3104,
  issuer: 3105,
  notifier: 3106,
  policy: 3107,
};
const env = {
  DATABASE_URL: 'postgres://localhost:5432/custody',
  AMQP_URL: 'amqp://guest:guest@localhost:5672',
  REDIS_URL: 'redis://localhost:6379',
  // Every app of this version reads event batches (docs/decisions/events-and-outbox.md).
  EVENT_BATCH_MAX: '16',
  // The gateway signs the operator console's users in through the development api client (it
  // stays in the gateway; set CONSOLE_API_CLIENT_ID/SECRET for another).
  CONSOLE_API_CLIENT_ID: 'custody-dev',
  CONSOLE_API_CLIENT_SECRET: 'dev-api-client-secret',
  ...process.env,
};
const gatewayPort = Number(env.PORT ?? 3000);
// The gateway's internal ops port (/readyz with every check, /metrics): beside the services'
// 3101-3107, on none of them.
const gatewayOpsPort = Number(env.OPS_PORT ?? 3100);

/** `url` with another login: the per-app users (docker/*). */
function withLogin(url, username, password) {
  const login = new URL(url);
  login.username = username;
  login.password = password;
  return login.toString();
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// 1. Dependencies: install when node_modules is missing or older than the lock file.
installIfNeeded(root, env);

// 2. The services every app needs.
const down = [];
for (const service of LOCAL_SERVICES) {
  const { host, port } = endpointOf(env[service.env], service.port);
  if (!(await canConnect(host, port))) down.push({ ...service, host, port });
}
if (down.length > 0) {
  console.error('These services are not reachable:');
  for (const s of down)
    console.error(`  - ${s.name} at ${s.host}:${s.port} (${s.env}). Start it with: ${s.start}`);
  console.error(
    'Or run them in containers: docker compose --env-file docker/dev.env ' +
      '-f docker-compose.yml -f docker-compose.dev.yml up -d postgres rabbitmq redis',
  );
  process.exit(1);
}

// 3. The database, and one role per service owning its schema (tools/start/database.mjs; each
// app migrates its own schema at start).
const databaseUrls = await prepareDatabase(root, env);

// 3b. One broker user per app, as in production (docker/rabbitmq), unless AMQP_URL names one
// user for all. Creating them takes rabbitmqctl here (or RABBITMQCTL, e.g. `docker compose exec
// -T rabbitmq rabbitmqctl`); without it every app shares the URL's user.
const brokerUrls = {};
if (!process.env.AMQP_URL) {
  const { applyDefinitions, brokerDefinitions, devPassword } =
    await import('../../docker/rabbitmq/definitions.mjs');
  const applied = applyDefinitions(
    brokerDefinitions({ passwords: devPassword, anyNamespace: true, namespace: env.MQ_NAMESPACE }),
  );
  const appUrl = (app) => withLogin(env.AMQP_URL, app, devPassword(app));
  // Without rabbitmqctl here, the broker may still have the users (docker-compose.dev.yml's).
  const { default: amqp } = await import('amqplib');
  const usersExist =
    applied.ok ||
    (await amqp.connect(appUrl('gateway')).then(
      (connection) => connection.close().then(() => true),
      () => false,
    ));
  if (usersExist) {
    for (const app of APPS) brokerUrls[app] = appUrl(app);
    env.MQ_CALLERS = APPS.map((app) => `${app}=${app}`).join(',');
  } else {
    console.log(
      `Every app logs in to RabbitMQ as one user (${new URL(env.AMQP_URL).username}): ` +
        `creating a user per app failed (${applied.reason.split('\n')[0]}).`,
    );
  }
}

// 3c. One Redis ACL user per app that uses Redis, as in production (docker/redis), unless
// REDIS_URL names one user for all; without ACL rights there, every app uses REDIS_URL's user.
const redisUrls = {};
if (!process.env.REDIS_URL) {
  const prefix = env.REDIS_KEY_PREFIX ?? 'custody';
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'docker/redis/acl.mjs'),
      '--apply',
      env.REDIS_URL,
      '--prefix',
      prefix,
      '--dev',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status === 0) {
    const { devPassword, redisApps } = await import('../../docker/redis/acl.mjs');
    for (const app of redisApps()) {
      redisUrls[app] = withLogin(env.REDIS_URL, app, devPassword(app));
    }
  } else {
    console.log(
      `Every app connects to Redis as one user: creating a user per app failed ` +
        `(${String(result.stderr).split('\n')[0]}).`,
    );
  }
}

// 3d. The signing service's PKCS#11 token (docs/operations/key-ceremony.md): a SoftHSM2 token
// in ~/.custody/softhsm, initialized once, unless SIGNING_PKCS11_MODULE names another. The seed
// is sealed into it at the first start: an existing development seed file's, else a new one.
if (!env.SIGNING_PKCS11_MODULE) {
  const module = env.SOFTHSM2_MODULE ?? '/usr/lib/softhsm/libsofthsm2.so';
  const dir = path.join(os.homedir(), '.custody', 'softhsm');
  const conf = path.join(dir, 'softhsm2.conf');
  const pinFile = path.join(dir, 'user.pin');
  const label = 'custody-dev';
  const hasUtil = spawnSync('softhsm2-util', ['--version'], { encoding: 'utf8' }).status === 0;
  if (!hasUtil || !existsSync(module)) {
    console.log(
      'SoftHSM2 is not installed (apt-get install softhsm2): signing keeps its development seed in memory.',
    );
  } else {
    mkdirSync(path.join(dir, 'tokens'), { recursive: true, mode: 0o700 });
    if (!existsSync(conf))
      writeFileSync(
        conf,
        `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`,
      );
    if (!existsSync(pinFile)) writeFileSync(pinFile, 'dev-token-pin\n', { mode: 0o600 });
    const tokenEnv = { ...process.env, SOFTHSM2_CONF: conf };
    const listed = spawnSync('softhsm2-util', ['--show-slots'], {
      env: tokenEnv,
      encoding: 'utf8',
    });
    if (!new RegExp(`Label:\\s+${label}\\s*$`, 'm').test(listed.stdout ?? '')) {
      const init = spawnSync(
        'softhsm2-util',
        [
          '--init-token',
          '--free',
          '--label',
          label,
          '--so-pin',
          'dev-so-pin',
          '--pin',
          'dev-token-pin',
        ],
        { env: tokenEnv, encoding: 'utf8' },
      );
      if (init.status !== 0) {
        console.error(`Cannot initialize the development token: ${init.stderr}`);
        process.exit(1);
      }
      console.log(`Initialized the development PKCS#11 token ${label} in ${dir}`);
    }
    const devSeedFile =
      env.SIGNING_DEV_SEED_FILE ?? path.join(os.homedir(), '.custody', 'dev-master-seed');
    Object.assign(env, {
      SOFTHSM2_CONF: conf,
      SIGNING_PKCS11_MODULE: module,
      SIGNING_PKCS11_TOKEN_LABEL: label,
      SIGNING_PKCS11_PIN_FILE: pinFile,
      // The wallets of an earlier development seed keep their addresses: it is sealed as is.
      ...(!env.SIGNING_MASTER_MNEMONIC && !env.SIGNING_MASTER_SEED_FILE && existsSync(devSeedFile)
        ? { SIGNING_MASTER_SEED_FILE: devSeedFile }
        : {}),
    });
  }
}

// 4. Build.
run(process.execPath, [path.join(root, 'tools', 'build', 'build.mjs')]);

// 4b. CHAIN=local: a local anvil network with the test token; wallet-ledger watches it.
let localChain;
if (env.CHAIN === 'local') {
  console.log('Starting the local EVM network (anvil)…');
  localChain = spawn(process.execPath, [path.join(root, 'tools', 'chain', 'local-chain.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise((resolve, reject) => {
    let seen = '';
    localChain.stdout.on('data', (chunk) => {
      seen += chunk.toString();
      const line = seen.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    localChain.on('exit', (code) => reject(new Error(`the local chain exited (${code})`)));
  });
  Object.assign(env, {
    EVM_RPC_URL: info.url,
    EVM_CHAIN_ID: String(info.chainId),
    EVM_CONFIRMATIONS: env.EVM_CONFIRMATIONS ?? '2',
    EVM_POLL_INTERVAL_MS: env.EVM_POLL_INTERVAL_MS ?? '1000',
    EVM_TOKENS: `usdc=${info.token}`,
  });
  console.log(
    `  Local chain ${info.url} (chain ${info.chainId}); test USDC at ${info.token}; ` +
      `funded account key ${info.funderKey} (public anvil test key). Fund the gas station ` +
      '(GET /v1/admin/chain) before ERC-20 withdrawals.',
  );
} else if (env.CHAIN) {
  console.error(
    `CHAIN=${env.CHAIN} is not known; use CHAIN=local or leave it unset (manual adapter).`,
  );
  process.exit(1);
}

// 5. Start every app; print their JSON logs as readable lines.
const children = new Map();
let stopping = false;
const colors = [36, 32, 33, 35, 34, 31, 37];
function pretty(app, index, line) {
  let text = line;
  try {
    const { level, msg, time, ...fields } = JSON.parse(line);
    const rest = Object.fromEntries(
      Object.entries(fields).filter(([key]) => !['service', 'pid', 'hostname'].includes(key)),
    );
    const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
    text = `${(time ?? '').slice(11, 19)} ${String(level).padEnd(5)} ${msg}${extra}`;
  } catch {
    // not JSON: print as is
  }
  process.stdout.write(`\x1b[${colors[index % colors.length]}m${app.padEnd(13)}\x1b[0m ${text}\n`);
}
APPS.forEach((app, index) => {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', ...APP_NODE_FLAGS, path.join(root, 'dist', 'apps', app, 'main.js')],
    {
      cwd: root,
      env: {
        ...env,
        ...(brokerUrls[app] ? { AMQP_URL: brokerUrls[app] } : {}),
        ...(databaseUrls[app] ? { DATABASE_URL: databaseUrls[app] } : {}),
        // Identity migrates the audit schema as its owner, and may only insert and read there
        // (docs/decisions/audit.md); with one user for all, that user owns it.
        ...(app === 'identity' && databaseUrls.audit_owner
          ? { AUDIT_MIGRATION_DATABASE_URL: databaseUrls.audit_owner }
          : {}),
        ...(redisUrls[app] ? { REDIS_URL: redisUrls[app] } : {}),
        PORT: String(app === 'gateway' ? gatewayPort : (SERVICE_PORTS[app] ?? 0)),
        ...(app === 'gateway' ? { OPS_PORT: String(gatewayOpsPort) } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let buffer = '';
  const onData = (chunk) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) if (line) pretty(app, index, line);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('exit', (code, signal) => {
    children.delete(app);
    if (!stopping) {
      console.error(`${app} exited unexpectedly (${signal ?? code}); stopping the stack.`);
      void stopAll(1);
    } else if (children.size === 0) {
      console.log('All apps stopped.');
      process.exit(process.exitCode ?? 0);
    }
  });
  children.set(app, child);
});

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  console.log('\nStopping…');
  for (const child of children.values()) child.kill('SIGTERM');
  localChain?.kill('SIGTERM');
  if (children.size === 0) process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

// 6. Ready?
const deadline = Date.now() + 60_000;
while (!stopping) {
  try {
    const res = await fetch(`http://127.0.0.1:${gatewayPort}/readyz`);
    if (res.status === 200) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) {
    console.error('The stack did not become ready within 60 s (see the logs above).');
    await stopAll(1);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
if (!stopping) {
  console.log(`
  Custody stack is up.
    API v1:      http://localhost:${gatewayPort}/v1      (OpenAPI: /v1/openapi.json)
    API v2:      http://localhost:${gatewayPort}/v2      (OpenAPI: /v2/openapi.json)
    Reference:   http://localhost:${gatewayPort}/docs
    Readiness:   http://localhost:${gatewayPort}/readyz  (each check: the ops port's /readyz)
    Operations:  http://localhost:${gatewayOpsPort}/metrics  (internal: never publish this port)
  Press Ctrl-C to stop every app.
`);
}
