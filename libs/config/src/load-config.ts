import type { AppName } from '@custody/contracts';
import {
  type AppConfig,
  appConfigSchemas,
  DEV_SECRETS,
  type TracingConfig,
  tracingConfigSchema,
} from './schemas';

export class ConfigError extends Error {
  readonly variables: string[];
  constructor(app: string, problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration for ${app}:\n` +
        problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n'),
    );
    this.name = 'ConfigError';
    this.variables = problems.map((p) => p.variable);
  }
}

/**
 * Reads and validates an app's environment. Empty variables count as unset, so `FOO=` in a shell
 * falls back to the default instead of failing validation in a confusing way.
 */
/** Settings that mean something only together: both set, or neither. */
const PAIRED: Partial<Record<AppName, [string, string][]>> = {
  gateway: [['CONSOLE_API_CLIENT_ID', 'CONSOLE_API_CLIENT_SECRET']],
};

/** Settings that mean something only as a group: all set, or none. */
const GROUPED: Partial<Record<AppName, string[][]>> = {
  signing: [['SIGNING_PKCS11_MODULE', 'SIGNING_PKCS11_TOKEN_LABEL', 'SIGNING_PKCS11_PIN_FILE']],
};

/** Keys with a development default that production must name (docs/decisions/audit.md). */
const REQUIRED_IN_PRODUCTION: Partial<Record<AppName, string[]>> = {
  identity: ['AUDIT_CHECKPOINT_KEY'],
  // The master seed lives sealed by a PKCS#11 token (docs/decisions/wallets-and-signing.md).
  signing: ['SIGNING_PKCS11_MODULE', 'SIGNING_PKCS11_TOKEN_LABEL', 'SIGNING_PKCS11_PIN_FILE'],
};

/** Development paths production refuses: a seed given in the environment is no custody. */
const REFUSED_IN_PRODUCTION: Partial<Record<AppName, string[]>> = {
  signing: ['SIGNING_MASTER_MNEMONIC', 'SIGNING_MASTER_SEED_FILE', 'SIGNING_DEV_SEED_FILE'],
};

/**
 * Defaults that differ in production, for every app, taken when the variable is unset. Quorum
 * queues: replicated, and the queue type RabbitMQ develops; development and the tests keep
 * classic queues, which are faster to declare and delete (docs/operations/quorum-queues.md).
 */
/** The outbox relay's longest wait for the broker's confirms (libs/messaging outbox-relay.ts). */
const RELAY_CONFIRM_WAIT_MS = 30_000;

const PRODUCTION_DEFAULTS: Record<string, string> = { MQ_QUORUM_QUEUES: 'true' };

/** Ports one process listens on at once: never the same (0 picks a free one each). */
const DISTINCT_PORTS: Partial<Record<AppName, [string, string][]>> = {
  gateway: [['OPS_PORT', 'PORT']],
};

export function loadConfig<A extends AppName>(
  app: A,
  env: Record<string, string | undefined> = process.env,
): AppConfig<A> {
  const schema = appConfigSchemas[app];
  const present: Record<string, string | undefined> = Object.fromEntries(
    Object.keys(schema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  if (present['NODE_ENV'] === 'production')
    for (const [key, value] of Object.entries(PRODUCTION_DEFAULTS)) present[key] ??= value;
  const result = schema.safeParse(present);
  if (!result.success) throw new ConfigError(app, problemsOf(result.error.issues));
  const config = result.data as AppConfig<A>;
  const unpaired = (PAIRED[app] ?? []).flatMap(([a, b]) => {
    const values = config as Record<string, unknown>;
    if ((values[a] === undefined) === (values[b] === undefined)) return [];
    const missing = values[a] === undefined ? a : b;
    return [{ variable: missing, message: `Set together with ${missing === a ? b : a}` }];
  });
  if (unpaired.length > 0) throw new ConfigError(app, unpaired);
  const ungrouped = (GROUPED[app] ?? []).flatMap((group) => {
    const values = config as Record<string, unknown>;
    const missing = group.filter((variable) => values[variable] === undefined);
    if (missing.length === 0 || missing.length === group.length) return [];
    return missing.map((variable) => ({
      variable,
      message: `Set together with ${group.filter((v) => v !== variable).join(', ')}`,
    }));
  });
  if (ungrouped.length > 0) throw new ConfigError(app, ungrouped);
  const clashing = (DISTINCT_PORTS[app] ?? []).flatMap(([a, b]) => {
    const values = config as Record<string, unknown>;
    if (values[a] === 0 || values[a] !== values[b]) return [];
    return [{ variable: a, message: `Must differ from ${b}` }];
  });
  if (clashing.length > 0) throw new ConfigError(app, clashing);
  const shortLease = shortTransactionLease(config as Record<string, unknown>);
  if (shortLease.length > 0) throw new ConfigError(app, shortLease);
  if ((config as { NODE_ENV: string }).NODE_ENV === 'production') {
    const insecure = [
      ...Object.entries(DEV_SECRETS)
        .filter(([key, value]) => (config as Record<string, unknown>)[key] === value)
        .map(([key]) => ({
          variable: key,
          message: 'Development default is not allowed in production',
        })),
      ...weakServiceCredentials(config as Record<string, unknown>),
      ...missingProofKeys(config as Record<string, unknown>),
      ...(REQUIRED_IN_PRODUCTION[app] ?? [])
        .filter((variable) => (config as Record<string, unknown>)[variable] === undefined)
        .map((variable) => ({ variable, message: 'Required in production' })),
      ...(REFUSED_IN_PRODUCTION[app] ?? [])
        .filter((variable) => (config as Record<string, unknown>)[variable] !== undefined)
        .map((variable) => ({ variable, message: 'Not allowed in production' })),
    ];
    if (insecure.length > 0) throw new ConfigError(app, insecure);
  }
  return config;
}

/**
 * A transaction may wait on one RPC (an event's handler asking another service), and the outbox
 * relay's on the broker's confirms (30 s): the database must not end it as idle before.
 */
function shortTransactionLease(
  values: Record<string, unknown>,
): { variable: string; message: string }[] {
  const lease = values['DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS'];
  const rpc = values['RPC_TIMEOUT_MS'];
  if (typeof lease !== 'number' || typeof rpc !== 'number' || lease === 0) return [];
  const floor = Math.max(2 * rpc, RELAY_CONFIRM_WAIT_MS);
  if (lease > floor) return [];
  return [
    {
      variable: 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      message: `Must exceed twice RPC_TIMEOUT_MS and the relay's 30 s wait (${floor} ms), or be 0 (never)`,
    },
  ];
}

/** Each issue zod found, as the variable it concerns and its message. */
function problemsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): { variable: string; message: string }[] {
  return issues.map((issue) => ({
    variable: String(issue.path[0] ?? '(root)'),
    message: issue.message,
  }));
}

/**
 * The tracing variables alone (`OTEL_*`, docs/tracing.md), validated as `loadConfig` validates
 * them: what an app reads before anything else of it loads, to decide whether tracing starts.
 */
export function loadTracingConfig(
  app: string,
  env: Record<string, string | undefined> = process.env,
): TracingConfig {
  const present = Object.fromEntries(
    Object.keys(tracingConfigSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = tracingConfigSchema.safeParse(present);
  if (!result.success) throw new ConfigError(app, problemsOf(result.error.issues));
  return result.data;
}

/**
 * Production names its RPC proof keys; that they are not the development ones, and that the
 * gateway's is listed, libs/messaging `proofKeys` checks when it reads them.
 */
function missingProofKeys(
  config: Record<string, unknown>,
): { variable: string; message: string }[] {
  return ['RPC_PROOF_KEY', 'RPC_PROOF_PUBLIC_KEYS']
    .filter((variable) => config[variable] === undefined)
    .map((variable) => ({ variable, message: 'Required in production (docs/decisions/rpc.md)' }));
}

/** A URL part as text; a malformed %-sequence stays as written (it is no default either). */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Passwords the shipped files and the services' images use by default. */
const DEFAULT_PASSWORDS = new Set(['', 'guest', 'custody', 'postgres', 'password', 'secret']);
/** The development passwords of docker/dev.env, `npm start` and the tests (`dev-mq-<app>`, …). */
const isDefaultPassword = (password: string) =>
  DEFAULT_PASSWORDS.has(password) || /^dev-[a-z]+-/.test(password);

/**
 * The infrastructure URLs of a production config whose credentials are a default: RabbitMQ's
 * `guest`, PostgreSQL without a password or with a known one, Redis without a password.
 */
export function weakServiceCredentials(
  config: Record<string, unknown>,
): { variable: string; message: string }[] {
  const problems: { variable: string; message: string }[] = [];
  const url = (key: string) => {
    const value = config[key];
    if (typeof value !== 'string') return undefined;
    try {
      return new URL(value);
    } catch {
      return undefined;
    }
  };
  const amqp = url('AMQP_URL');
  if (
    amqp &&
    (amqp.username === '' || amqp.username === 'guest' || isDefaultPassword(decoded(amqp.password)))
  )
    problems.push({
      variable: 'AMQP_URL',
      message: 'The broker user must not be guest or keep a default password',
    });
  for (const variable of ['DATABASE_URL', 'AUDIT_MIGRATION_DATABASE_URL']) {
    const database = url(variable);
    if (
      database &&
      (isDefaultPassword(decoded(database.password)) ||
        decoded(database.password) === decoded(database.username))
    )
      problems.push({
        variable,
        message: 'The database user needs a password that is not a default',
      });
  }
  const redis = url('REDIS_URL');
  if (redis && isDefaultPassword(decoded(redis.password)))
    problems.push({
      variable: 'REDIS_URL',
      message: 'Redis needs a password (requirepass or an ACL user)',
    });
  return problems;
}

/** The secrets an app runs with that are still the development defaults (warned about at start). */
export function devSecretsInUse(config: object): string[] {
  return Object.entries(DEV_SECRETS)
    .filter(([key, value]) => (config as Record<string, unknown>)[key] === value)
    .map(([key]) => key);
}

/** The variable names an app reads (docker-compose and docs are checked against these). */
export function configVariables(app: AppName): string[] {
  return Object.keys(appConfigSchemas[app].shape);
}
