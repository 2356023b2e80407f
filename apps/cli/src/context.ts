import { createCustodyClient, CustodyError, type CustodyClient } from '@custody/sdk';
import { InvalidArgumentError, type Command } from 'commander';
import { configPath, readProfile, saveProfile, type Env, type Profile } from './config';
import { CliError } from './errors';
import { formatJson, type Writer } from './output';

export const DEFAULT_API_URL = 'http://localhost:3000';

/** What the CLI runs against: the process (bin/custody.mjs) or a test's buffers. */
export interface CliIo {
  stdout: Writer;
  stderr: Writer;
  env: Env;
  /** A signal that aborts on Ctrl-C (SIGINT/SIGTERM): what stops `events tail` and `webhooks listen`. */
  interrupted(): AbortSignal;
}

/** The options every command takes (given before or after the command's name). */
export interface GlobalOptions {
  api?: string;
  json?: boolean;
  profile?: string;
}

/** One command's run: its global options, its output and its session. */
export class Context {
  readonly json: boolean;
  readonly profileName: string;

  constructor(
    readonly io: CliIo,
    private readonly options: GlobalOptions,
  ) {
    this.json = options.json === true;
    this.profileName = options.profile || io.env['CUSTODY_PROFILE'] || 'default';
  }

  static of(io: CliIo, command: Command): Context {
    return new Context(io, command.optsWithGlobals<GlobalOptions>());
  }

  get env(): Env {
    return this.io.env;
  }

  get configFile(): string {
    return configPath(this.io.env);
  }

  /** `--api`, else `$CUSTODY_API_URL`, else the profile's, else http://localhost:3000. */
  apiUrl(profile?: Profile): string {
    return this.options.api || this.io.env['CUSTODY_API_URL'] || profile?.apiUrl || DEFAULT_API_URL;
  }

  /** Prints `value` as JSON with `--json`, else what `human` formats for people. */
  print(value: unknown, human: () => string): void {
    this.io.stdout.write(this.json ? formatJson(value) : human());
  }

  /** One compact JSON line with `--json` (a stream of events), else the human line. */
  printLine(value: unknown, human: () => string): void {
    this.io.stdout.write(this.json ? formatJson(value, true) : `${human()}\n`);
  }

  note(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }

  /**
   * A client resumed from the profile's refresh token. Refresh tokens rotate on every use, so
   * each new one is written back to the config file as soon as the API answers it.
   */
  async client(options: { pollIntervalMs?: number } = {}): Promise<CustodyClient> {
    const name = this.profileName;
    const profile = readProfile(this.env, name);
    if (!profile) {
      throw new CliError(
        'not_logged_in',
        `No session for profile "${name}" in ${this.configFile}: run \`custody login\` first.`,
      );
    }
    let current = profile;
    const client = createCustodyClient({
      baseUrl: this.apiUrl(profile),
      apiClient: profile.apiClient,
      rememberPassword: false,
      ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
      onTokens: (tokens) => {
        current = { ...{}, ...current, refreshToken: tokens.refresh_token };
        saveProfile(this.env, name, current);
      },
    });
    try {
      await client.fromRefreshToken(profile.refreshToken);
    } catch (error) {
      if (error instanceof CustodyError && error.status >= 400 && error.status < 500) {
        throw new CustodyError({
          status: error.status,
          code: error.code,
          message: `${error.message} (the saved session is no longer valid: run \`custody login\` again)`,
          errors: error.errors,
          ...(error.problem ? { problem: error.problem } : {}),
          ...(error.requestId ? { requestId: error.requestId } : {}),
          cause: error,
        });
      }
      throw error;
    }
    return client;
  }
}

/** A positive integer option (`--limit 20`). */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError('Not a positive integer.');
  }
  return n;
}

/** A comma-separated list (`--types a,b`). */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
