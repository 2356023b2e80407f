import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors';

/** What `custody login` keeps for one profile. */
export interface Profile {
  apiUrl: string;
  refreshToken: string;
  apiClient: { id: string; secret: string };
  /** The client's e-mail, for display. */
  email?: string;
}

export interface ConfigFile {
  profiles: Record<string, Profile>;
}

export type Env = Record<string, string | undefined>;

/**
 * The directory of the config file: `$CUSTODY_CONFIG_DIR`, else `$XDG_CONFIG_HOME/custody`, else
 * `~/.config/custody`.
 */
export function configDir(env: Env): string {
  if (env['CUSTODY_CONFIG_DIR']) return env['CUSTODY_CONFIG_DIR'];
  const base = env['XDG_CONFIG_HOME'] || join(env['HOME'] || homedir(), '.config');
  return join(base, 'custody');
}

export function configPath(env: Env): string {
  return join(configDir(env), 'config.json');
}

export function readConfig(env: Env): ConfigFile {
  let text: string;
  try {
    text = readFileSync(configPath(env), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<ConfigFile>;
    return { profiles: parsed.profiles ?? {} };
  } catch {
    throw new CliError('config_invalid', `${configPath(env)} is not valid JSON.`);
  }
}

/** Writes the whole file: a temporary file with mode 0600 renamed over it (dir 0700). */
export function writeConfig(env: Env, config: ConfigFile): void {
  const dir = configDir(env);
  const created = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (created !== undefined) chmodSync(dir, 0o700);
  const file = configPath(env);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

export function readProfile(env: Env, name: string): Profile | undefined {
  return readConfig(env).profiles[name];
}

export function saveProfile(env: Env, name: string, profile: Profile): void {
  const config = readConfig(env);
  config.profiles[name] = profile;
  writeConfig(env, config);
}

export function removeProfile(env: Env, name: string): boolean {
  const config = readConfig(env);
  if (!(name in config.profiles)) return false;
  delete config.profiles[name];
  writeConfig(env, config);
  return true;
}
