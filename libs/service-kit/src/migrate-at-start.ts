import type pg from 'pg';
import type { Logger } from '@custody/logging';
import { migrate, pendingMigrations } from '@custody/persistence';

/**
 * At start: the pending migrations applied (MIGRATE_AT_START, the default), or, where a Job
 * applies them before the apps roll (Kubernetes), only checked: a schema behind the code stops
 * the start.
 */
export async function migrateAtStart(
  pool: pg.Pool,
  options: { schema: string; dir: string; apply: boolean; logger: Logger },
): Promise<void> {
  if (options.apply) {
    const { applied } = await migrate(pool, { schema: options.schema, dir: options.dir });
    if (applied.length > 0) options.logger.info({ applied }, 'migrations applied');
    return;
  }
  const pending = await pendingMigrations(pool, { schema: options.schema, dir: options.dir });
  if (pending.length > 0)
    throw new Error(
      `${options.schema}: migrations pending (${pending.join(', ')}) and MIGRATE_AT_START=false: run the migrations Job (main.js migrate) first`,
    );
}
