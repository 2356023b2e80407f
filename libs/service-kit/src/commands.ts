import type pg from 'pg';
import { DB_SCHEMAS, type ServiceName } from '@custody/contracts';
import { createLogger, type Logger } from '@custody/logging';
import {
  createDatabase,
  createPool,
  type Database,
  migrate,
  pendingMigrations,
  republishOutbox,
} from '@custody/persistence';
import { runMain } from './main';
import { type ServiceDefinition, startService } from './service';

/**
 * What a service's command (`node dist/apps/<app>/main.js <command> …`) runs with: the app's
 * database alone, from DATABASE_URL, so a Kubernetes Job or an operator runs it with that login
 * and nothing else of the app's configuration.
 */
export interface CommandContext {
  app: ServiceName;
  schema: string;
  pool: pg.Pool;
  db: Database;
  logger: Logger;
  env: Record<string, string | undefined>;
}

/** A command's work; what it answers is printed as one JSON line. */
export type ServiceCommand = (
  args: string[],
  ctx: CommandContext,
) => Promise<Record<string, unknown>>;

/** A command's refusal: printed to stderr, exit code 1 (2 for a usage error). */
export class CommandRefused extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CommandRefused';
  }
}

/** Events sent this long before the restored point are published again (restore-prepare). */
export const REPUBLISH_HOURS = 24;

/** The value of `--name <value>` in a command's arguments, if given. */
export function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--'))
    throw new CommandRefused(`--${name} needs a value`, 2);
  return value;
}

function positiveNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new CommandRefused(`${name} must be a positive number`, 2);
  return parsed;
}

/**
 * The commands every service has:
 * - `migrate`: applies the schema's pending migrations and exits (the Kubernetes migrations Job,
 *   `npm run db:migrate`); apps started with MIGRATE_AT_START=false only check them.
 * - `restore-prepare [--republish-hours N]`: after a point-in-time restore, before any app
 *   starts (docs/operations/restore-runbook.md): the events sent in the last N hours (24) before
 *   the restored point are marked unsent, then the app's own step runs (the policy service
 *   freezes pending approvals, wallet-ledger opens the restore).
 */
function builtInCommands<A extends ServiceName>(
  definition: ServiceDefinition<A>,
): Record<string, ServiceCommand> {
  return {
    migrate: async (_args, ctx) => {
      const { applied } = await migrate(ctx.pool, {
        schema: ctx.schema,
        dir: definition.migrationsDir,
      });
      return { app: ctx.app, schema: ctx.schema, applied };
    },
    'restore-prepare': async (args, ctx) => {
      const hours = positiveNumber(
        option(args, 'republish-hours'),
        'republish-hours',
        REPUBLISH_HOURS,
      );
      const inboxHours = positiveNumber(
        ctx.env['INBOX_RETENTION_HOURS'],
        'INBOX_RETENTION_HOURS',
        168,
      );
      const pending = await pendingMigrations(ctx.pool, {
        schema: ctx.schema,
        dir: definition.migrationsDir,
      });
      if (pending.length > 0)
        throw new CommandRefused(
          `${ctx.app}: migrations pending (${pending.join(', ')}): run \`migrate\` first`,
        );
      const republished = await republishOutbox(ctx.db, ctx.schema, hours, inboxHours);
      const own = (await definition.restorePrepare?.(args, ctx)) ?? {};
      return { app: ctx.app, republished, ...own };
    },
  };
}

/** Runs one command against the app's database (DATABASE_URL); answers the exit code. */
export async function runCommand<A extends ServiceName>(
  definition: ServiceDefinition<A>,
  command: string,
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const commands: Record<string, ServiceCommand> = {
    ...{},
    ...builtInCommands(definition),
    ...definition.commands,
  };
  const run = commands[command];
  if (!run) {
    process.stderr.write(
      `${definition.app}: unknown command ${command} (commands: ${Object.keys(commands).join(', ')}; none starts the service)\n`,
    );
    return 2;
  }
  const url = env['DATABASE_URL'];
  if (!url) {
    process.stderr.write(`${definition.app} ${command}: DATABASE_URL is required\n`);
    return 2;
  }
  const pool = createPool(url, { max: 2, applicationName: `${definition.app}:${command}` });
  const ctx: CommandContext = {
    app: definition.app,
    schema: DB_SCHEMAS[definition.app],
    pool,
    db: createDatabase(pool),
    logger: createLogger({ service: definition.app, level: 'warn' }),
    env,
  };
  try {
    const result = await run(args, ctx);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof CommandRefused)) throw error;
    process.stderr.write(`${definition.app} ${command}: ${error.message}\n`);
    return error.exitCode;
  } finally {
    await pool.end();
  }
}

/**
 * An app's process entry: with no argument, the service starts (and stops gracefully on
 * SIGTERM); with one, that command runs against its database and the process exits.
 */
export function runService<A extends ServiceName>(definition: ServiceDefinition<A>): void {
  const [command, ...args] = process.argv.slice(2);
  if (command === undefined) {
    runMain(() => startService(definition));
    return;
  }
  runCommand(definition, command, args).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `${definition.app} ${command} failed: ${(error as Error)?.stack ?? String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
