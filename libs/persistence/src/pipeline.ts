import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { faultOnce, FAILPOINTS } from '@custody/faults';
import { compileSql } from './compile';
import { type Database, preparedName } from './database';
import { wireValue } from './wire-value';

/**
 * A statement whose text never changes (its values travel as parameters, arrays for many rows):
 * the pipeline prepares it once per connection under a name taken from its text, so PostgreSQL
 * parses and plans it once instead of on every call (a third of its CPU per transfer went to
 * parsing and planning; docs/performance.md).
 */
export class PreparedStatement {
  constructor(readonly statement: SQL) {}
}

export function prepared(statement: SQL): PreparedStatement {
  return new PreparedStatement(statement);
}

export type PipelineStatement = SQL | string | PreparedStatement;

interface WireStatement {
  text: string;
  values: unknown[];
  /** Set for a prepared statement. */
  name?: string;
}

/**
 * The prepared statements of each connection: `ready` once a pipeline that parsed it succeeded;
 * `unsure` after a pipeline that sent its Parse failed (the server may have skipped the Parse):
 * the next use closes it first, which is no error when it does not exist.
 */
const preparedOn = new WeakMap<pg.Connection, Map<string, 'ready' | 'unsure'>>();

/**
 * Several statements sent at once on the extended protocol, with a single Sync at the end: one
 * round trip instead of one per statement (node-postgres sends a query only after the previous
 * one's answer). After an error the server skips the rest up to the Sync, so a COMMIT sent behind
 * a failing statement does not run. Results come back one per statement, parsed by pg.
 */
class PipelinedQuery extends pg.Query {
  /** The names this pipeline parses, marked ready when it succeeds. */
  readonly parsing: string[] = [];

  constructor(
    statements: WireStatement[],
    callback: (error: Error | undefined, results: unknown) => void,
  ) {
    super({ text: statements.map((s) => s.text).join(';\n') }, callback as never);
    // Mapped before anything is sent: a value that cannot be mapped must fail the whole call,
    // not leave statements sent without their Sync (a connection stuck in a transaction).
    const mapped = statements.map(({ text, values, name }) => ({
      text,
      name,
      values: values.map((value) => wireValue(value)) as (string | Buffer | null)[],
    }));
    this.submit = (connection: pg.Connection) => {
      let known = preparedOn.get(connection);
      if (!known) {
        known = new Map();
        preparedOn.set(connection, known);
      }
      connection.stream.cork();
      try {
        for (const { text, values, name } of mapped) {
          const state = name ? known.get(name) : undefined;
          if (name && state !== 'ready') {
            if (state === 'unsure') connection.close({ type: 'S', name }, true);
            connection.parse({ text, name, types: [] }, true);
            known.set(name, 'unsure');
            this.parsing.push(name);
          } else if (!name) {
            connection.parse({ text, name: '', types: [] }, true);
          }
          connection.bind({ statement: name ?? '', values }, true);
          connection.describe({ type: 'P', name: '' }, true);
          connection.execute({ portal: '' }, true);
        }
        connection.sync();
      } finally {
        connection.stream.uncork();
      }
    };
  }
}

function toQuery(statement: PipelineStatement): WireStatement {
  if (typeof statement === 'string') return { text: statement, values: [] };
  if (statement instanceof PreparedStatement) {
    const query = compileSql(statement.statement);
    return { text: query.sql, values: query.params, name: `pipe_${preparedName(query.sql)}` };
  }
  const query = compileSql(statement);
  return { text: query.sql, values: query.params };
}

/**
 * Runs the statements in one round trip; one result per statement. Rows are parsed by pg's
 * default type parsers (timestamps as Date), not drizzle's.
 */
export function pipeline(
  client: pg.ClientBase,
  statements: PipelineStatement[],
): Promise<pg.QueryResult[]> {
  const connection = (client as unknown as { connection: pg.Connection }).connection;
  return new Promise((resolve, reject) => {
    const query = new PipelinedQuery(statements.map(toQuery), (error, results) => {
      // A failed pipeline may have stopped before a Parse: those names are `unsure` (see above).
      if (!error) for (const name of query.parsing) preparedOn.get(connection)?.set(name, 'ready');
      if (error) reject(error);
      else resolve(Array.isArray(results) ? results : [results as pg.QueryResult]);
    });
    void client.query(query);
  });
}

/**
 * What became of a transaction whose COMMIT got no answer (a connection lost while committing),
 * by its id (`pg_current_xact_id()`), asked on another connection: waits while it is still in
 * progress (its backend may still be committing). `unknown` when it cannot be told in time.
 */
export async function transactionOutcome(
  pool: pg.Pool,
  xid: string,
  waitMs = 5_000,
): Promise<'committed' | 'aborted' | 'unknown'> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      const { rows } = await pool.query<{ status: string | null }>(
        'SELECT pg_xact_status($1::xid8) AS status',
        [xid],
      );
      const status = rows[0]?.status;
      if (status === 'committed' || status === 'aborted') return status;
      if (status !== 'in progress') return 'unknown';
    } catch {
      // Not reachable right now: asked again until the deadline.
    }
    if (Date.now() >= until) return 'unknown';
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const databases = new WeakMap<pg.PoolClient, Database>();

/**
 * A transaction whose BEGIN travels with its first statement and whose COMMIT travels with its
 * last (see `withPipelinedTransaction`). Statements in between go through `db`, drizzle over the
 * same connection.
 */
export class PipelinedTransaction {
  readonly db: Database;
  private state: 'new' | 'open' | 'done' = 'new';

  constructor(private readonly client: pg.PoolClient) {
    let db = databases.get(client);
    if (!db) {
      db = drizzle(client) as unknown as Database;
      databases.set(client, db);
    }
    this.db = db;
  }

  /** BEGIN and the first statements, in one round trip; their results (BEGIN's left out). */
  async begin(first: PipelineStatement[]): Promise<pg.QueryResult[]> {
    if (this.state !== 'new') throw new Error('transaction already begun');
    this.state = 'open';
    return (await pipeline(this.client, ['BEGIN', ...first])).slice(1);
  }

  /**
   * The last statements and COMMIT, in one round trip; their results (COMMIT's left out). If
   * this throws, the transaction may still have committed (the connection lost during COMMIT):
   * the caller must find out before doing anything again.
   */
  async commitWith(last: PipelineStatement[]): Promise<pg.QueryResult[]> {
    if (this.state !== 'open') throw new Error('transaction not open');
    this.state = 'done';
    const sent = pipeline(this.client, [...last, 'COMMIT']);
    // Fault tests: the connection cut once the COMMIT has gone out, its answer never read.
    if (faultOnce(FAILPOINTS.dbCutAfterCommitSent)) this.client.connection.stream.destroy();
    const results = await sent;
    // COMMIT of a transaction that had failed (an error caught in between) answers ROLLBACK.
    if (results.at(-1)?.command !== 'COMMIT') throw new Error('transaction rolled back');
    return results.slice(0, -1);
  }

  /** @internal */
  get open(): boolean {
    return this.state === 'open';
  }
}

/**
 * Runs `work` in a transaction on one pooled connection, two round trips fewer than BEGIN and
 * COMMIT on their own: `work` calls `begin` first and ends with `commitWith`. Anything that
 * throws rolls back what is still open; a connection that failed is not reused.
 */
export async function withPipelinedTransaction<T>(
  pool: pg.Pool,
  work: (tx: PipelinedTransaction) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const tx = new PipelinedTransaction(client);
    try {
      const result = await work(tx);
      if (tx.open) throw new Error('pipelined transaction left open');
      return result;
    } catch (error) {
      // After a failed COMMIT there is nothing to roll back; a failed ROLLBACK means a broken
      // connection.
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
