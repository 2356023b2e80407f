import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { APPS, type AppName, SERVICES } from '@custody/contracts';
import {
  COMPOSE_HOSTS,
  OPTIONAL_SECRETS,
  OVERRIDES,
  SERVICE_OVERRIDES,
  SECRET_FILES_DIR,
  type Override,
} from './settings';

export const ROOT = path.resolve(__dirname, '../../..');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');

/**
 * Where one variable of a workload comes from in Kubernetes:
 * - `config`: a plain value, in the workload's ConfigMap;
 * - `secret`: the key of a Secret, by reference (`optional`: unset when the key is absent);
 * - `composed`: a value built from Secret keys defined before it (`$(KEY)`, which the kubelet
 *   expands), such as a URL with its password;
 * - `secretFile`: the path of a Secret key mounted as a file.
 */
export type EnvSource =
  | { kind: 'config'; value: string }
  | { kind: 'secret'; key: string; optional: boolean }
  | { kind: 'composed'; value: string; keys: string[] }
  | { kind: 'secretFile'; key: string; path: string };

export type Environment = Record<string, EnvSource>;

interface ComposeService {
  build?: { args?: { APP?: string } };
  command?: string[];
  environment?: Record<string, string>;
}

/** docker-compose.yml as written: `${NAME…}` left in place, the `<<` merges applied. */
export function readCompose(file = COMPOSE_FILE): Record<string, ComposeService> {
  const parsed = parse(readFileSync(file, 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  return parsed.services;
}

const REFERENCE = /\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g;

/**
 * One compose value in Kubernetes terms. `${NAME:?…}` (required, no default: compose's secrets)
 * becomes a Secret key; `${NAME:-default}` its default, unless NAME is an optional secret; a value
 * that embeds secrets (a URL with its password) is composed from them, with the compose service's
 * host replaced by the data layer's.
 */
export function fromCompose(variable: string, raw: string): EnvSource {
  const whole = /^\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}$/.exec(raw);
  if (whole) {
    const [, name = '', kind, fallback = ''] = whole;
    if (kind === '-' && !OPTIONAL_SECRETS.includes(name))
      return { kind: 'config', value: fallback };
    return { kind: 'secret', key: name, optional: kind === '-' };
  }
  if (OPTIONAL_SECRETS.includes(variable)) return { kind: 'secret', key: variable, optional: true };
  const keys: string[] = [];
  let value = raw.replace(REFERENCE, (_whole, name: string, kind?: string, fallback?: string) => {
    if (kind === '-') return fallback ?? '';
    keys.push(name);
    return `$(${name})`;
  });
  if (keys.length === 0) return { kind: 'config', value: raw.replaceAll('$$', '$') };
  value = value.replace(/@([a-z0-9-]+):(\d+)/, (whole, host: string, port: string) => {
    const target = COMPOSE_HOSTS[host as keyof typeof COMPOSE_HOSTS];
    if (!target) throw new Error(`${variable}: no data-layer host for compose's ${host}`);
    if (Number(port) !== target.port) throw new Error(`${variable}: port ${port} of ${host}`);
    return `@${target.host}:${target.port}`;
  });
  return { kind: 'composed', value, keys };
}

function applyOverride(env: Environment, variable: string, override: Override): void {
  if (override === null) delete env[variable];
  else if (typeof override === 'string') env[variable] = { kind: 'config', value: override };
  else
    env[variable] = {
      kind: 'secretFile',
      key: override.secretFile,
      path: `${SECRET_FILES_DIR}/${override.secretFile}`,
    };
}

/** A compose service's environment in Kubernetes terms, with the overrides of `settings.ts`. */
export function workloadEnvironment(
  service: string,
  overrides: Record<string, Override>[] = [],
  compose = readCompose(),
): Environment {
  const raw = compose[service]?.environment;
  if (!raw) throw new Error(`docker-compose.yml has no environment for ${service}`);
  const env: Environment = {};
  for (const [variable, value] of Object.entries(raw))
    env[variable] = fromCompose(variable, String(value));
  for (const set of overrides)
    for (const [variable, override] of Object.entries(set)) applyOverride(env, variable, override);
  return env;
}

/** Every app's environment, as its Deployment gives it. */
export function appEnvironments(compose = readCompose()): Record<AppName, Environment> {
  return Object.fromEntries(
    APPS.map((app) => [
      app,
      workloadEnvironment(
        app,
        [
          OVERRIDES['*'] ?? {},
          ...((SERVICES as readonly string[]).includes(app) ? [SERVICE_OVERRIDES] : []),
          OVERRIDES[app] ?? {},
        ],
        compose,
      ),
    ]),
  ) as Record<AppName, Environment>;
}

/** The Secret keys (and Secret files) an environment references. */
export function secretKeys(env: Environment): string[] {
  return [
    ...new Set(
      Object.values(env).flatMap((source) => {
        if (source.kind === 'secret' || source.kind === 'secretFile') return [source.key];
        if (source.kind === 'composed') return source.keys;
        return [];
      }),
    ),
  ].sort();
}
