import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { APPS, DB_SCHEMAS, REDIS_KEYSPACES, SERVICES } from '@custody/contracts';
import { appConfigSchemas, configVariables, loadConfig } from './index';

// docker compose cannot run on the build machines, so this keeps docker-compose.yml honest.
const ROOT = path.resolve(__dirname, '../../..');

interface ComposeFile {
  services: Record<
    string,
    {
      build?: { dockerfile: string; args: { APP: string } };
      environment?: Record<string, string>;
      ports?: string[];
    }
  >;
}

/**
 * Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?message}` (an error when
 * NAME is unset or empty), and `$$` for a literal `$`.
 */
function interpolate(text: string, vars: Record<string, string>): string {
  const missing: string[] = [];
  const out = text.replace(
    /\$\$|\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g,
    (whole, name: string | undefined, kind: string | undefined, arg: string | undefined) => {
      if (whole === '$$') return '$';
      const value = vars[name!];
      if (value !== undefined && value !== '') return value;
      if (kind === '?') missing.push(name!);
      return kind === '-' ? (arg ?? '') : '';
    },
  );
  if (missing.length > 0) throw new Error(`required variables not set: ${[...new Set(missing)]}`);
  return out;
}

const read = (file: string, vars: Record<string, string>): ComposeFile =>
  parse(interpolate(readFileSync(path.join(ROOT, file), 'utf8'), vars), {
    merge: true,
  }) as ComposeFile;

/** The apps that use Redis: each has an ACL user. */
const REDIS_APPS = APPS.filter((app) => REDIS_KEYSPACES[app].length > 0);

/** Values an operator would set: none of them a default. */
const PRODUCTION_VARS: Record<string, string> = {
  POSTGRES_PASSWORD: 'pg-0b9f6c2d8e',
  ...Object.fromEntries(APPS.map((app) => [brokerPasswordVariable(app), `mq-${app}-5a1e7d3c9b`])),
  ...Object.fromEntries(
    SERVICES.map((app) => [databasePasswordVariable(app), `pg-${app}-0b9f6c2d8e`]),
  ),
  REDIS_PASSWORD: 'redis-8c2f4a6e1d',
  ...Object.fromEntries(
    REDIS_APPS.map((app) => [redisPasswordVariable(app), `redis-${app}-8c2f4a6e1d`]),
  ),
  IDENTITY_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
  NOTIFIER_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
  BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
  BOOTSTRAP_ADMIN_PASSWORD: 'a-long-operator-password',
  BOOTSTRAP_API_CLIENT_ID: 'ops-console',
  BOOTSTRAP_API_CLIENT_SECRET: 'a-long-api-client-secret',
  SIGNING_PKCS11_PIN_FILE_HOST: './secrets/signing-pkcs11.pin',
  ...Object.fromEntries(
    APPS.map((app, i) => [proofKeyVariable(app), Buffer.alloc(32, i + 1).toString('base64url')]),
  ),
  RPC_PROOF_PUBLIC_KEYS: APPS.map(
    (app) => `${app}=${Buffer.alloc(32, 9).toString('base64url')}`,
  ).join(','),
  POLICY_DECISION_KEY: `k1:${Buffer.alloc(32, 11).toString('base64url')}`,
  POLICY_DECISION_PUBLIC_KEYS: `k1=${Buffer.alloc(32, 12).toString('base64url')}`,
  PG_PASSWORD_AUDIT_OWNER: 'pg-audit-owner-0b9f6c2d8e',
  AUDIT_CHECKPOINT_KEY: `a1:${Buffer.alloc(32, 13).toString('base64url')}`,
};

/** The variable of an app's broker password (docker/rabbitmq/definitions.mjs reads the same). */
function brokerPasswordVariable(app: string): string {
  return `MQ_PASSWORD_${app.toUpperCase().replaceAll('-', '_')}`;
}

function redisPasswordVariable(app: string): string {
  return `REDIS_PASSWORD_${app.toUpperCase().replaceAll('-', '_')}`;
}

function databasePasswordVariable(app: string): string {
  return `PG_PASSWORD_${app.toUpperCase().replaceAll('-', '_')}`;
}

function proofKeyVariable(app: string): string {
  return `RPC_PROOF_KEY_${app.toUpperCase().replaceAll('-', '_')}`;
}

const compose = read('docker-compose.yml', PRODUCTION_VARS);

/** docker/dev.env as compose reads an --env-file. */
function devEnv(): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path.join(ROOT, 'docker', 'dev.env'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('docker-compose.yml', () => {
  it('has a service for every deployable app folder, and the apps list matches the folders', () => {
    const folders = readdirSync(path.join(ROOT, 'apps')).filter((app) =>
      existsSync(path.join(ROOT, 'apps', app, 'src', 'main.ts')),
    );
    expect([...folders].sort()).toEqual([...APPS].sort());
    for (const app of APPS) {
      expect(compose.services[app]?.build).toEqual({
        context: '.',
        dockerfile: 'docker/Dockerfile',
        args: { APP: app },
      });
    }
    expect(existsSync(path.join(ROOT, 'docker', 'Dockerfile'))).toBe(true);
  });

  it.each(APPS)('declares every variable %s reads, with a value its config accepts', (app) => {
    const environment = compose.services[app]?.environment ?? {};
    expect(Object.keys(environment).sort()).toEqual(
      expect.arrayContaining(configVariables(app).sort()),
    );
    const unknown = Object.keys(environment).filter((key) => !(key in appConfigSchemas[app].shape));
    expect(unknown).toEqual([]);
    expect(() => loadConfig(app, environment)).not.toThrow();
  });

  it('points the apps at the compose services, not at localhost', () => {
    for (const app of APPS) {
      const environment = compose.services[app]?.environment ?? {};
      for (const key of ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL']) {
        if (environment[key]) expect(environment[key]).not.toMatch(/localhost|127\.0\.0\.1/);
      }
    }
  });
});

describe('docker/Dockerfile', () => {
  it('starts every app with the node flags `npm start` and the test stacks use', () => {
    const { flags } = JSON.parse(
      readFileSync(path.join(ROOT, 'tools', 'lib', 'app-node-flags.json'), 'utf8'),
    ) as { flags: string[] };
    const cmd = /^CMD (\[.*\])$/m.exec(
      readFileSync(path.join(ROOT, 'docker', 'Dockerfile'), 'utf8'),
    );
    expect(cmd).not.toBeNull();
    const args = JSON.parse(cmd?.[1] ?? '[]') as string[];
    expect(flags.length).toBeGreaterThan(0);
    expect(args.slice(0, -1)).toEqual(expect.arrayContaining(flags));
    expect(args.at(-1)).toBe('main.js');
  });
});

describe('docker-compose.yml as shipped', () => {
  const SECRETS = [
    'POSTGRES_PASSWORD',
    ...APPS.map(brokerPasswordVariable),
    ...APPS.map(proofKeyVariable),
    ...SERVICES.map(databasePasswordVariable),
    ...REDIS_APPS.map(redisPasswordVariable),
    'RPC_PROOF_PUBLIC_KEYS',
    'REDIS_PASSWORD',
    'IDENTITY_ENCRYPTION_KEY',
    'NOTIFIER_ENCRYPTION_KEY',
    'BOOTSTRAP_ADMIN_EMAIL',
    'BOOTSTRAP_ADMIN_PASSWORD',
    'BOOTSTRAP_API_CLIENT_ID',
    'BOOTSTRAP_API_CLIENT_SECRET',
    'SIGNING_PKCS11_PIN_FILE_HOST',
    'PG_PASSWORD_AUDIT_OWNER',
    'AUDIT_CHECKPOINT_KEY',
  ];

  it('runs every app in production mode', () => {
    for (const app of APPS)
      expect([app, compose.services[app]?.environment?.['NODE_ENV']]).toEqual([app, 'production']);
  });

  it('requires every secret, defaulting none: without them compose refuses to start', () => {
    expect(() => read('docker-compose.yml', {})).toThrow(/required variables not set/);
    for (const name of SECRETS) {
      const without = { ...PRODUCTION_VARS, [name]: '' };
      expect(() => read('docker-compose.yml', without)).toThrow(name);
    }
  });

  it('publishes no port of the database, the broker or Redis; only the gateway listens outside', () => {
    const published = Object.entries(compose.services)
      .filter(([, service]) => service.ports && service.ports.length > 0)
      .map(([name]) => name);
    expect(published).toEqual(['gateway']);
  });

  it("publishes the gateway's public port alone, never its ops port", () => {
    const gateway = compose.services['gateway'];
    const opsPort = gateway?.environment?.['OPS_PORT'];
    expect(opsPort).toMatch(/^[1-9][0-9]*$/);
    expect(opsPort).not.toBe(gateway?.environment?.['PORT']);
    // Each mapping's container side: the public port only.
    const containerPorts = (gateway?.ports ?? []).map((mapping) => mapping.split(':').at(-1));
    expect(containerPorts).toEqual([gateway?.environment?.['PORT']]);
  });

  it('logs every app in to the broker as its own user, which the broker is given at boot', () => {
    const callers = new Map(
      compose.services['gateway']?.environment?.['MQ_CALLERS']?.split(',').map((pair) => {
        const [user, app] = pair.split('=');
        return [user, app];
      }),
    );
    for (const app of APPS) {
      const environment = compose.services[app]?.environment ?? {};
      const url = new URL(environment['AMQP_URL'] ?? '');
      expect([app, url.username, decodeURIComponent(url.password)]).toEqual([
        app,
        app,
        PRODUCTION_VARS[brokerPasswordVariable(app)],
      ]);
      expect(callers.get(app)).toBe(app);
      expect(environment['MQ_CALLERS']).toBe(
        compose.services['gateway']?.environment?.['MQ_CALLERS'],
      );
      expect(
        compose.services['broker-definitions']?.environment?.[brokerPasswordVariable(app)],
      ).toBe(PRODUCTION_VARS[brokerPasswordVariable(app)]);
    }
    expect(compose.services['rabbitmq']?.environment?.['RABBITMQ_DEFAULT_USER']).toBeUndefined();
  });

  it('connects every service to the database as its own role, which the database is given', () => {
    const init = readFileSync(path.join(ROOT, 'docker', 'postgres', 'init-app-roles.sh'), 'utf8');
    for (const app of SERVICES) {
      const url = new URL(compose.services[app]?.environment?.['DATABASE_URL'] ?? '');
      expect([app, url.username, decodeURIComponent(url.password)]).toEqual([
        app,
        app,
        PRODUCTION_VARS[databasePasswordVariable(app)],
      ]);
      expect(compose.services['postgres']?.environment?.[databasePasswordVariable(app)]).toBe(
        PRODUCTION_VARS[databasePasswordVariable(app)],
      );
      expect(init).toContain(
        `role ${app} ${DB_SCHEMAS[app]} "\${${databasePasswordVariable(app)}}"`,
      );
    }
  });

  it("migrates the audit schema as its owner before identity, which never holds the owner's login", () => {
    const migrator = compose.services['audit-migrate'] as {
      command?: string[];
      depends_on?: Record<string, { condition: string }>;
      environment?: Record<string, string>;
    };
    expect(migrator.command).toEqual(['node', 'main.js', 'migrate-audit', 'identity']);
    const owner = new URL(migrator.environment?.['AUDIT_MIGRATION_DATABASE_URL'] ?? '');
    expect([owner.username, decodeURIComponent(owner.password)]).toEqual([
      'audit_owner',
      PRODUCTION_VARS['PG_PASSWORD_AUDIT_OWNER'],
    ]);
    expect(compose.services['postgres']?.environment?.['PG_PASSWORD_AUDIT_OWNER']).toBe(
      PRODUCTION_VARS['PG_PASSWORD_AUDIT_OWNER'],
    );
    const init = readFileSync(path.join(ROOT, 'docker', 'postgres', 'init-app-roles.sh'), 'utf8');
    expect(init).toContain('role audit_owner audit "${PG_PASSWORD_AUDIT_OWNER}"');
    const identity = compose.services['identity'] as {
      depends_on?: Record<string, { condition: string }>;
      environment?: Record<string, string>;
    };
    expect(identity.depends_on?.['audit-migrate']).toEqual({
      condition: 'service_completed_successfully',
    });
    expect(identity.environment?.['AUDIT_MIGRATION_DATABASE_URL']).toBe('');
  });

  it('connects every app that uses Redis as its own ACL user, which Redis loads at start', () => {
    for (const app of REDIS_APPS) {
      const url = new URL(compose.services[app]?.environment?.['REDIS_URL'] ?? '');
      expect([app, url.username, decodeURIComponent(url.password)]).toEqual([
        app,
        app,
        PRODUCTION_VARS[redisPasswordVariable(app)],
      ]);
      expect(compose.services['redis-acl']?.environment?.[redisPasswordVariable(app)]).toBe(
        PRODUCTION_VARS[redisPasswordVariable(app)],
      );
    }
    for (const app of APPS.filter((name) => !REDIS_APPS.includes(name)))
      expect(compose.services[app]?.environment?.['REDIS_URL']).toBeUndefined();
  });

  it('gives every app a configuration that production accepts (no default, no guest)', () => {
    for (const app of APPS) {
      const environment = compose.services[app]?.environment ?? {};
      expect(() => loadConfig(app, environment)).not.toThrow();
    }
  });

  it('keeps development explicit: the override publishes the ports and runs in development', () => {
    const vars = devEnv();
    const base = read('docker-compose.yml', vars);
    const dev = read('docker-compose.dev.yml', vars);
    for (const name of ['postgres', 'rabbitmq', 'redis'])
      expect(dev.services[name]?.ports?.length).toBeGreaterThan(0);
    for (const app of APPS) {
      const environment = { ...base.services[app]?.environment, ...dev.services[app]?.environment };
      expect(environment['NODE_ENV']).toBe('development');
      // The development secrets would stop a production start.
      expect(() => loadConfig(app, { ...environment, NODE_ENV: 'production' })).toThrow();
    }
  });
});
