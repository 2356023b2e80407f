import path from 'node:path';
import type pg from 'pg';
import type { Logger } from '@custody/logging';
import {
  createPool,
  type Database,
  migrate,
  pendingMigrations,
  withTransaction,
} from '@custody/persistence';
import { MIGRATIONS_DIR } from '../migrations-dir';
import { appendAuditRecords } from './audit.service';
import {
  currentRole,
  dropLegacyLog,
  excessAuditPrivileges,
  grantRuntimeRole,
  legacyLogExists,
  legacyRecordsAfter,
  lockLegacyMove,
} from './audit-store.repository';

// The audit log's store (docs/decisions/audit.md): the `audit` schema, owned by another role than
// identity's runtime role, which may only insert and read there.

const AUDIT_MIGRATIONS = {
  schema: 'audit',
  dir: path.join(MIGRATIONS_DIR, 'audit'),
  builtIns: false,
} as const;

/**
 * Migrates the audit schema as its owner (`ownerUrl`) and grants `runtimeRole` what identity
 * needs there: INSERT and SELECT. Answers the migrations applied.
 */
export async function migrateAuditStore(ownerUrl: string, runtimeRole: string): Promise<string[]> {
  const owner = createPool(ownerUrl, { max: 1, applicationName: 'identity-audit-migrate' });
  try {
    const { applied } = await migrate(owner, AUDIT_MIGRATIONS);
    await grantRuntimeRole(owner, runtimeRole);
    return applied;
  } finally {
    await owner.end();
  }
}

export interface AuditStoreOptions {
  pool: pg.Pool;
  db: Database;
  logger: Logger;
  production: boolean;
  /** The schema owner's login (AUDIT_MIGRATION_DATABASE_URL), if identity migrates it itself. */
  ownerUrl: string | undefined;
}

/**
 * Makes the audit store ready before identity takes records: migrated (as its owner when
 * identity has the owner's login, otherwise already, or by identity's own role where it may:
 * development with one user), identity's role checked (in production, a role that may change,
 * remove or truncate records, or owns the tables or the schema, stops the start), and the records
 * of the log from before the chains moved into them.
 */
export async function prepareAuditStore(options: AuditStoreOptions): Promise<void> {
  const { pool, logger } = options;
  const runtimeRole = await currentRole(pool);
  if (options.ownerUrl) {
    const applied = await migrateAuditStore(options.ownerUrl, runtimeRole);
    if (applied.length > 0) logger.info({ applied }, 'audit schema migrated');
  } else {
    const pending = await pendingMigrations(pool, AUDIT_MIGRATIONS).catch(() => ['(unreadable)']);
    if (pending.length > 0) {
      try {
        const { applied } = await migrate(pool, AUDIT_MIGRATIONS);
        logger.warn(
          { applied, role: runtimeRole },
          "audit schema migrated by identity's own role, which owns it: set AUDIT_MIGRATION_DATABASE_URL (docs/decisions/audit.md)",
        );
      } catch (error) {
        throw new Error(
          `The audit schema needs its migrations and ${runtimeRole} cannot apply them: run ` +
            '`node main.js migrate-audit` with AUDIT_MIGRATION_DATABASE_URL (the schema owner), ' +
            'or give identity that variable (docs/decisions/audit.md).',
          { cause: error },
        );
      }
    }
  }
  const excess = await excessAuditPrivileges(pool);
  if (excess.length > 0) {
    const message =
      `identity's database role ${runtimeRole} may change the audit log (${excess.join('; ')}): ` +
      'it must only insert and read there (docs/decisions/audit.md)';
    if (options.production) throw new Error(message);
    logger.warn({ role: runtimeRole, excess }, message);
  }
  const moved = await moveLegacyLog(options.db);
  if (moved > 0) logger.info({ moved }, 'audit records of the earlier log moved into the chains');
}

const LEGACY_PAGE = 1_000;

/**
 * Appends the records of `identity.audit_events` (the log before its chains) to the chains,
 * oldest first, then drops that table: one transaction under a lock, so that replicas starting
 * together move them once. Answers how many were moved.
 */
export async function moveLegacyLog(db: Database): Promise<number> {
  if (!(await legacyLogExists(db))) return 0;
  return withTransaction(db, async (tx) => {
    await lockLegacyMove(tx);
    // Another replica may have moved them while this one waited.
    if (!(await legacyLogExists(tx))) return 0;
    let moved = 0;
    let after: { occurredAt: string; id: string } | undefined;
    for (;;) {
      const page = await legacyRecordsAfter(tx, after, LEGACY_PAGE);
      if (page.length > 0) await appendAuditRecords(tx, page);
      moved += page.length;
      if (page.length < LEGACY_PAGE) break;
      after = page.at(-1)?.position;
    }
    await dropLegacyLog(tx);
    return moved;
  });
}
