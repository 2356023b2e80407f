import { createHash } from 'node:crypto';
import os from 'node:os';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { compileSql } from './compile';
import type { NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { OUTBOX_WRITTEN_NOTICE } from './messaging-tables';

export type Database = NodePgDatabase<Record<string, never>>;
export type Transaction = NodePgTransaction<
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either the database or an open transaction: repository functions accept both. */
export type Executor = Database | Transaction;

// numeric (1700) and int8 (20) stay strings: amounts and counters never pass through a JS number.
pg.types.setTypeParser(1700, (value) => value);
pg.types.setTypeParser(20, (value) => value);

export interface PoolOptions {
  max?: number;
  applicationName?: string;
  /**
   * PostgreSQL ends a session idle inside a transaction this long (ms; unset or 0: never), so a
   * paused or hung process cannot hold its row locks without end.
   */
  idleInTransactionTimeoutMs?: number;
}

/** Like libpq: a URL without a user name connects as the operating-system user. */
export function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (parsed.username) return url;
  parsed.username = process.env['PGUSER'] ?? process.env['USER'] ?? os.userInfo().username;
  return parsed.toString();
}

export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: withDefaultUser(url),
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'custody',
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A client losing its connection (database restart) must not crash the process: idle ones are
  // replaced by the pool, and a checked-out one fails its current query, which the caller sees.
  pool.on('error', () => undefined);
  const idleTimeout = Math.trunc(options.idleInTransactionTimeoutMs ?? 0);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    trackOutboxCommits(pool, client);
    // A session setting, queued before the first query of whoever asked for the connection; not
    // a startup option, which a pooler refuses (PgBouncer 1.20+: docs/decisions/
    // transfers-in-batches.md). Failed (the connection lost), that first query fails too.
    if (idleTimeout > 0)
      void client
        .query(`SET idle_in_transaction_session_timeout = ${idleTimeout}`)
        .catch(() => undefined);
  });
  return pool;
}

const outboxCommitListeners = new WeakMap<pg.Pool, Set<() => void>>();

/**
 * Calls `listener` each time a transaction that wrote to an outbox ends on one of the pool's
 * connections (the pool's own relay wakes on it; see `outboxNoticeSql`). A rolled-back one is
 * reported too: the relay then finds nothing, which costs one claim. Writes from another process
 * (a second replica) are not seen here: its own relay sends them, and polling covers a crash.
 */
export function onOutboxCommit(pool: pg.Pool, listener: () => void): () => void {
  let listeners = outboxCommitListeners.get(pool);
  if (!listeners) {
    listeners = new Set();
    outboxCommitListeners.set(pool, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The outbox trigger's notice marks the connection; its next ReadyForQuery outside a transaction
 * (after COMMIT, after an autocommit statement, or after a pipeline that ended with COMMIT) ends
 * what wrote the rows.
 */
function trackOutboxCommits(pool: pg.Pool, client: pg.PoolClient): void {
  let written = false;
  client.on('notice', (notice) => {
    if (notice.message === OUTBOX_WRITTEN_NOTICE) written = true;
  });
  const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
  connection.on('readyForQuery', (message: { status?: string }) => {
    if (!written || message.status !== 'I') return;
    written = false;
    // Called from pg's socket handler: a listener that threw would break the connection's parser.
    for (const listener of outboxCommitListeners.get(pool) ?? []) {
      try {
        listener();
      } catch {
        // A missed wake-up costs at most one poll interval.
      }
    }
  });
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool);
}

const preparedNames = new Map<string, string>();

/** The name a statement of this text is prepared under (one text, one name, on any connection). */
export function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * Runs a statement whose text never changes (values as parameters) as a named prepared
 * statement: PostgreSQL parses and plans it once per connection instead of on every call. It runs
 * on the executor's own connection, so inside its transaction when it is one. Rows are parsed by
 * pg's default type parsers, as `execute` of plain SQL does.
 */
export async function executePrepared<R>(executor: Executor, statement: SQL): Promise<R[]> {
  // drizzle keeps the pool, or the transaction's client, as its session's `client`.
  const { client } = (executor as unknown as { session: { client: pg.Pool | pg.ClientBase } })
    .session;
  const query = compileSql(statement);
  const result = await client.query({
    name: preparedName(query.sql),
    text: query.sql,
    values: query.params,
  });
  return result.rows as R[];
}

const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']); // serialization failure, deadlock

export interface TransactionOptions {
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
  /** Extra attempts after a serialization failure or deadlock. */
  retries?: number;
}

/** Runs `fn` in one transaction, retrying it whole when PostgreSQL asks for a retry. */
export async function withTransaction<T>(
  db: Database,
  fn: (tx: Transaction) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const retries = options.retries ?? 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(fn, {
        ...(options.isolationLevel ? { isolationLevel: options.isolationLevel } : {}),
      });
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= retries || !code || !RETRYABLE_SQLSTATES.has(code)) throw error;
    }
  }
}

/** The SQLSTATE of a pg error, looking through drizzle's wrapping. */
export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return undefined;
}

/** The constraint (or unique index) a PostgreSQL error names, when it names one. */
export function sqlConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: unknown; cause?: { constraint?: unknown } };
  if (typeof e?.constraint === 'string') return e.constraint;
  if (typeof e?.cause?.constraint === 'string') return e.cause.constraint;
  return undefined;
}

/** The row an INSERT … RETURNING (or a lookup that must hit) produced. */
export function one<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('Expected a row, got none');
  return row;
}

/**
 * Whether a path id can name a uuid row at all. Looking up anything else would make PostgreSQL
 * reject the cast (a 500); such an id simply matches nothing (404).
 */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
