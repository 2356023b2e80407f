import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { APPS, type AppName } from '@custody/contracts';
import { type AppConfig, appConfigSchemas, DEV_SECRETS } from './schemas';

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
export function loadConfig<A extends AppName>(
  app: A,
  env: Record<string, string | undefined> = process.env,
): AppConfig<A> {
  const schema = appConfigSchemas[app];
  const present = Object.fromEntries(
    Object.keys(schema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      app,
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '(root)'),
        message: issue.message,
      })),
    );
  }
  const config = result.data as AppConfig<A>;
  if ((config as { NODE_ENV: string }).NODE_ENV === 'production') {
    const insecure = [
      ...Object.entries(DEV_SECRETS)
        .filter(([key, value]) => (config as Record<string, unknown>)[key] === value)
        .map(([key]) => ({
          variable: key,
          message: 'Development default is not allowed in production',
        })),
      ...weakServiceCredentials(config as Record<string, unknown>),
      ...weakProofKeys(app, config as Record<string, unknown>),
    ];
    if (insecure.length > 0) throw new ConfigError(app, insecure);
  }
  return config;
}

/** The seed of an app's development RPC proof key (libs/messaging devProofSeed): everyone's. */
const devProofSeed = (app: string) =>
  createHash('sha256').update(`custody-dev-rpc-proof:${app}`).digest();

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The public key (raw, base64url) of an app's development key. */
function devProofPublicKey(app: string): string {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, devProofSeed(app)]),
    format: 'der',
    type: 'pkcs8',
  });
  return createPublicKey(key)
    .export({ format: 'der', type: 'spki' })
    .subarray(12)
    .toString('base64url');
}

/**
 * Production names its RPC proof keys, none of them a development one (whatever its spelling),
 * and the gateway's public key among them (it vouches for every auth context).
 */
function weakProofKeys(
  app: AppName,
  config: Record<string, unknown>,
): { variable: string; message: string }[] {
  const problems = ['RPC_PROOF_KEY', 'RPC_PROOF_PUBLIC_KEYS']
    .filter((variable) => config[variable] === undefined)
    .map((variable) => ({ variable, message: 'Required in production (docs/decisions.md, RPC)' }));
  const key = config['RPC_PROOF_KEY'];
  if (typeof key === 'string' && Buffer.from(key, 'base64url').equals(devProofSeed(app)))
    problems.push({
      variable: 'RPC_PROOF_KEY',
      message: 'Development default is not allowed in production',
    });
  const listed = config['RPC_PROOF_PUBLIC_KEYS'];
  if (typeof listed === 'string') {
    const keys = new Map(
      listed
        .split(',')
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    if (!keys.has('gateway'))
      problems.push({
        variable: 'RPC_PROOF_PUBLIC_KEYS',
        message: "Must list the gateway's key, which vouches for every auth context",
      });
    const dev = APPS.filter((name) => keys.get(name) === devProofPublicKey(name));
    if (dev.length > 0)
      problems.push({
        variable: 'RPC_PROOF_PUBLIC_KEYS',
        message: `Development keys are not allowed in production: ${dev.join(', ')}`,
      });
  }
  return problems;
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
  const database = url('DATABASE_URL');
  if (
    database &&
    (isDefaultPassword(decoded(database.password)) ||
      decoded(database.password) === decoded(database.username))
  )
    problems.push({
      variable: 'DATABASE_URL',
      message: 'The database user needs a password that is not a default',
    });
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
