import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import {
  idempotencyTableSql,
  messagingTablesSql,
  outboxNoticeSql,
  outboxReturnsSql,
  quoteIdent,
} from './messaging-tables';
import { retentionIndexesSql } from './retention';
import { seenProofsTableSql } from './seen-proofs';

export interface Migration {
  version: string;
  sql: string;
}

export interface MigrateOptions {
  schema: string;
  /** Folder of `NNNN_name.sql` files, applied in name order. */
  dir?: string;
  /**
   * The messaging tables (outbox, inbox, idempotency keys, RPC proofs) first; default true. A
   * schema that is only a store (identity's `audit`) has none.
   */
  builtIns?: boolean;
}

export interface MigrateResult {
  applied: string[];
}

const MESSAGING_VERSION = '0000_messaging';

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.replace(/\.sql$/, ''),
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }));
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

function migrationsOf(options: MigrateOptions): Migration[] {
  return [
    ...(options.builtIns === false
      ? []
      : [
          { version: MESSAGING_VERSION, sql: messagingTablesSql(options.schema) },
          { version: '0000_idempotency', sql: idempotencyTableSql(options.schema) },
          { version: '0000_outbox_wake', sql: outboxNoticeSql(options.schema) },
          { version: '0000_retention', sql: retentionIndexesSql(options.schema) },
          { version: '0000_rpc_proofs', sql: seenProofsTableSql(options.schema) },
          { version: '0000_outbox_returns', sql: outboxReturnsSql(options.schema) },
        ]),
    ...(options.dir ? readMigrations(options.dir) : []),
  ];
}

/**
 * The schema's migrations not applied yet, read without writing anything (a role that may only
 * read the schema's `schema_migrations` can ask). A migration whose file changed after it was
 * applied throws, as `migrate` does.
 */
export async function pendingMigrations(pool: pg.Pool, options: MigrateOptions): Promise<string[]> {
  const { rows: exists } = await pool.query<{ table: string | null }>(
    'SELECT to_regclass($1) AS table',
    [`${quoteIdent(options.schema)}.schema_migrations`],
  );
  const done = new Map<string, string>();
  if (exists[0]?.table) {
    const { rows } = await pool.query<{ version: string; checksum: string }>(
      `SELECT version, checksum FROM ${quoteIdent(options.schema)}.schema_migrations`,
    );
    for (const row of rows) done.set(row.version, row.checksum);
  }
  const pending: string[] = [];
  for (const migration of migrationsOf(options)) {
    const previous = done.get(migration.version);
    if (previous === undefined) pending.push(migration.version);
    else if (previous !== checksum(migration.sql))
      throw new Error(
        `Migration ${options.schema}/${migration.version} changed after it was applied; add a new migration instead.`,
      );
  }
  return pending;
}

/**
 * Applies the schema's pending migrations in one transaction. An advisory lock serialises
 * replicas starting together; a migration whose file changed after it was applied stops the
 * start, because the database no longer matches what the code was written against.
 */
export async function migrate(pool: pg.Pool, options: MigrateOptions): Promise<MigrateResult> {
  const s = quoteIdent(options.schema);
  const migrations = migrationsOf(options);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrate:${options.schema}`]);
    // An app's role owns its schema but may not create one (docker/postgres/app-role.sql makes
    // it): `IF NOT EXISTS` would still need the right to, so look first.
    const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
      options.schema,
    ]);
    if (rowCount === 0) await client.query(`CREATE SCHEMA ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (
         version text PRIMARY KEY,
         checksum text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ version: string; checksum: string }>(
      `SELECT version, checksum FROM ${s}.schema_migrations`,
    );
    const done = new Map(rows.map((row) => [row.version, row.checksum]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const sum = checksum(migration.sql);
      const previous = done.get(migration.version);
      if (previous !== undefined) {
        if (previous !== sum) {
          throw new Error(
            `Migration ${options.schema}/${migration.version} changed after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      await client.query(migration.sql);
      await client.query(`INSERT INTO ${s}.schema_migrations (version, checksum) VALUES ($1, $2)`, [
        migration.version,
        sum,
      ]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return { applied };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
