import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, Errors, isAppError } from '@custody/errors';
import { type Database, sqlState, type Transaction, withTransaction } from './database';
import { quoteIdent } from './messaging-tables';

export interface IdempotencyKey {
  clientId: string;
  key: string;
  /** Hash of the request (method, path, body): the same key with another request is a conflict. */
  requestHash: string;
}

/**
 * How a command's answer is read back from its key's jsonb column when it is replayed: a zod
 * schema of the answer, or any `parse` that throws on what is not one. The column holds JSON
 * written by an earlier run (perhaps of an older version), so what comes back is parsed, never
 * asserted; an answer that no longer parses is a 500, not a wrong answer.
 */
export interface StoredAnswer<T> {
  parse(stored: unknown): T;
}

/** The answer of a command that created something: its id. */
export const idAnswer: StoredAnswer<{ id: string }> = z.object({ id: z.string() });

/** The answer passed on as it was stored, for a caller that types none (the generic RPC wrapper). */
export const untypedAnswer: StoredAnswer<unknown> = { parse: (stored) => stored };

/** An AppError as stored (`toWire`): RpcErrorBody. */
const storedError = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** A key's answer: the command's result (read with its StoredAnswer), or its 4xx. */
const storedOutcome = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: storedError }),
]);

type Stored = z.output<typeof storedOutcome>;

/** A key's row: its request's hash and its answer (none while its command runs). */
const keyRow = z.object({ request_hash: z.string(), response: storedOutcome.nullable() });

const keyRows = z.array(keyRow.extend({ client_id: z.string(), key: z.string() }));

/** The key's row of a SELECT, if there was one. */
function keyRowOf(rows: readonly unknown[]): z.output<typeof keyRow> | undefined {
  const [row] = rows;
  return row === undefined ? undefined : keyRow.parse(row);
}

/** A stored answer as the command's: its result parsed, or its error thrown again. */
function replayed<T>(stored: Stored, answer: StoredAnswer<T>): T {
  if (!stored.ok) throw AppError.fromWire(stored.error);
  return answer.parse(stored.result);
}

const KEY_LIFETIME = "interval '24 hours'";
const WAIT_FOR_TWIN_MS = 10_000;

/**
 * Runs a command at most once per (client, Idempotency-Key), exactly-once with its effect: the key
 * row is inserted in the command's own transaction. A concurrent twin waits on the key's index
 * entry, then replays the stored response (or runs, if the first rolled back); a twin still
 * waiting after 10 s gets 409 idempotency_in_progress. A 4xx outcome is stored and replayed like
 * a success; a 5xx rolls back and does not burn the key. Keys live 24 hours.
 */
export async function runIdempotent<T>(
  db: Database,
  schema: string,
  idempotency: IdempotencyKey | undefined,
  /** How a replay reads the stored answer back. */
  answer: StoredAnswer<NoInfer<T>>,
  command: (tx: Transaction) => Promise<T>,
  options: {
    waitForTwinMs?: number;
    /** A 4xx for which this says false is answered but not stored: the key stays free. */
    storeError?: (error: AppError) => boolean;
  } = {},
): Promise<T> {
  if (!idempotency) return withTransaction(db, command);
  const waitMs = Math.max(1, Math.floor(options.waitForTwinMs ?? WAIT_FOR_TWIN_MS));
  const table = sql.raw(`${quoteIdent(schema)}.idempotency_keys`);
  const { clientId, key, requestHash } = idempotency;
  // This run's own result, or a replay's stored answer (parsed after the transaction).
  let outcome: { ran: true; result: T } | { ran: false; stored: Stored };
  try {
    outcome = await withTransaction(db, async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${waitMs}`));
      await tx.execute(
        sql`DELETE FROM ${table} WHERE client_id = ${clientId} AND key = ${key} AND created_at < now() - ${sql.raw(KEY_LIFETIME)}`,
      );
      const inserted = await tx.execute(
        sql`INSERT INTO ${table} (client_id, key, request_hash) VALUES (${clientId}, ${key}, ${requestHash})
            ON CONFLICT DO NOTHING RETURNING key`,
      );
      // The wait above is for a twin only; the command itself waits for locks as long as it must.
      await tx.execute(sql.raw(`SET LOCAL lock_timeout = 0`));
      if (inserted.rows.length === 0) {
        const existing = await tx.execute(
          sql`SELECT request_hash, response FROM ${table} WHERE client_id = ${clientId} AND key = ${key}`,
        );
        const row = keyRowOf(existing.rows);
        if (!row || !row.response)
          throw Errors.conflict(
            'A request with this Idempotency-Key is in progress.',
            'idempotency_in_progress',
          );
        if (row.request_hash !== requestHash) {
          throw Errors.conflict(
            'This Idempotency-Key was used with a different request.',
            'idempotency_conflict',
          );
        }
        return { ran: false, stored: row.response };
      }
      let ran: typeof outcome;
      try {
        // A savepoint: a 4xx undoes the command's writes but keeps the key and its answer.
        ran = { ran: true, result: await tx.transaction(command) };
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        // Thrown: the transaction rolls back with the key's claim.
        if (options.storeError && !options.storeError(error)) throw error;
        ran = { ran: false, stored: { ok: false, error: error.toWire() } };
      }
      const stored: Stored = ran.ran ? { ok: true, result: ran.result } : ran.stored;
      await tx.execute(
        sql`UPDATE ${table} SET response = ${JSON.stringify(stored)}::jsonb WHERE client_id = ${clientId} AND key = ${key}`,
      );
      return ran;
    });
  } catch (error) {
    if (sqlState(error) === '55P03') {
      throw Errors.conflict(
        'A request with this Idempotency-Key is in progress.',
        'idempotency_in_progress',
      );
    }
    throw error;
  }
  return outcome.ran ? outcome.result : replayed(outcome.stored, answer);
}

/**
 * The stored answer for a key, if the command already ran: lets a service replay it before its
 * own pre-checks (which may answer differently now, e.g. after the user was blocked).
 */
export async function storedIdempotentResult<T>(
  db: Database,
  schema: string,
  idempotency: IdempotencyKey | undefined,
  answer: StoredAnswer<T>,
): Promise<{ result: T } | undefined> {
  if (!idempotency) return undefined;
  const table = sql.raw(`${quoteIdent(schema)}.idempotency_keys`);
  const found = await db.execute(
    sql`SELECT request_hash, response FROM ${table}
         WHERE client_id = ${idempotency.clientId} AND key = ${idempotency.key}
           AND created_at >= now() - ${sql.raw(KEY_LIFETIME)}`,
  );
  const row = keyRowOf(found.rows);
  if (!row?.response) return undefined;
  if (row.request_hash !== idempotency.requestHash) {
    throw Errors.conflict(
      'This Idempotency-Key was used with a different request.',
      'idempotency_conflict',
    );
  }
  return { result: replayed(row.response, answer) };
}

/**
 * The answers stored under several keys (one round trip), each the result or the error that
 * `storedIdempotentResult` would give; a key with no stored answer is absent.
 */
export async function storedIdempotentResults<T>(
  db: Database,
  schema: string,
  keys: readonly IdempotencyKey[],
  answer: StoredAnswer<T>,
): Promise<Map<IdempotencyKey, { result: T } | { error: AppError }>> {
  const answers = new Map<IdempotencyKey, { result: T } | { error: AppError }>();
  if (keys.length === 0) return answers;
  const table = sql.raw(`${quoteIdent(schema)}.idempotency_keys`);
  const found = await db.execute(
    sql`SELECT client_id, key, request_hash, response FROM ${table}
         WHERE (client_id, key) IN (
                 SELECT * FROM unnest(${sql.param(keys.map((k) => k.clientId))}::text[],
                                      ${sql.param(keys.map((k) => k.key))}::text[]))
           AND created_at >= now() - ${sql.raw(KEY_LIFETIME)} AND response IS NOT NULL`,
  );
  const rows = keyRows.parse(found.rows);
  for (const idempotency of keys) {
    const row = rows.find((r) => r.client_id === idempotency.clientId && r.key === idempotency.key);
    if (!row?.response) continue;
    if (row.request_hash !== idempotency.requestHash)
      answers.set(idempotency, {
        error: Errors.conflict(
          'This Idempotency-Key was used with a different request.',
          'idempotency_conflict',
        ),
      });
    else if (!row.response.ok)
      answers.set(idempotency, { error: AppError.fromWire(row.response.error) });
    else answers.set(idempotency, { result: answer.parse(row.response.result) });
  }
  return answers;
}

const STALE_CLAIM = "interval '5 minutes'";

/**
 * Idempotency around a command that runs its own transactions (the generic wrapper of service-kit):
 * the key is claimed in a short transaction, the command runs, then its answer is stored (a 5xx
 * releases the key). A twin arriving meanwhile gets 409 idempotency_in_progress; a claim left by a
 * crashed process is taken over after 5 minutes. Holding no transaction across the command keeps
 * the connection pool free for it.
 */
export async function runIdempotentAround<T>(
  db: Database,
  schema: string,
  idempotency: IdempotencyKey,
  answer: StoredAnswer<NoInfer<T>>,
  command: () => Promise<T>,
): Promise<T> {
  const table = sql.raw(`${quoteIdent(schema)}.idempotency_keys`);
  const { clientId, key, requestHash } = idempotency;
  const claimed = await withTransaction(db, async (tx) => {
    await tx.execute(
      sql`DELETE FROM ${table} WHERE client_id = ${clientId} AND key = ${key}
            AND (created_at < now() - ${sql.raw(KEY_LIFETIME)}
                 OR (response IS NULL AND created_at < now() - ${sql.raw(STALE_CLAIM)}))`,
    );
    const inserted = await tx.execute(
      sql`INSERT INTO ${table} (client_id, key, request_hash) VALUES (${clientId}, ${key}, ${requestHash})
          ON CONFLICT DO NOTHING RETURNING key`,
    );
    if (inserted.rows.length > 0) return undefined;
    const existing = await tx.execute(
      sql`SELECT request_hash, response FROM ${table} WHERE client_id = ${clientId} AND key = ${key}`,
    );
    return keyRowOf(existing.rows);
  });
  if (claimed) {
    if (claimed.request_hash !== requestHash) {
      throw Errors.conflict(
        'This Idempotency-Key was used with a different request.',
        'idempotency_conflict',
      );
    }
    if (!claimed.response)
      throw Errors.conflict(
        'A request with this Idempotency-Key is in progress.',
        'idempotency_in_progress',
      );
    return replayed(claimed.response, answer);
  }
  let result: T;
  try {
    result = await command();
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) {
      await db.execute(
        sql`DELETE FROM ${table} WHERE client_id = ${clientId} AND key = ${key} AND response IS NULL`,
      );
      throw error;
    }
    const refused: Stored = { ok: false, error: error.toWire() };
    await db.execute(
      sql`UPDATE ${table} SET response = ${JSON.stringify(refused)}::jsonb WHERE client_id = ${clientId} AND key = ${key}`,
    );
    throw AppError.fromWire(refused.error);
  }
  const stored: Stored = { ok: true, result };
  await db.execute(
    sql`UPDATE ${table} SET response = ${JSON.stringify(stored)}::jsonb WHERE client_id = ${clientId} AND key = ${key}`,
  );
  return result;
}

/**
 * Group commit: the statements that claim the keys of several commands in the caller's
 * transaction, in one insert (sent by the caller, e.g. with its transaction's BEGIN, see
 * `PipelinedTransaction`); `claimedKeys` reads the insert's rows (the second statement). A key
 * already there (used, in progress, or expired and not yet deleted) is not claimed, and its
 * command must go through `runIdempotent` on its own. A twin still in flight holds its key's
 * index entry: waiting for it would stall the whole batch, so the wait is short and its failure
 * (55P03) rolls the batch back for the caller to retry one by one.
 */
export function claimKeysStatements(schema: string, keys: IdempotencyKey[]): SQL[] {
  if (keys.length === 0) return [];
  const table = sql.raw(`${quoteIdent(schema)}.idempotency_keys`);
  // One array per column: the same text for any number of keys.
  return [
    sql.raw(`SET LOCAL lock_timeout = 50`),
    sql`INSERT INTO ${table} (client_id, key, request_hash)
        SELECT * FROM unnest(${sql.param(keys.map((k) => k.clientId))}::text[],
          ${sql.param(keys.map((k) => k.key))}::text[], ${sql.param(keys.map((k) => k.requestHash))}::text[])
        ON CONFLICT DO NOTHING RETURNING client_id, key`,
    sql.raw(`SET LOCAL lock_timeout = 0`),
  ];
}

const claimedRows = z.array(z.object({ client_id: z.string(), key: z.string() }));

/** The indexes of the keys a claim's insert returned (each key at most once). */
export function claimedKeys(keys: IdempotencyKey[], inserted: unknown[]): Set<number> {
  const claimed = new Set(claimedRows.parse(inserted).map((r) => `${r.client_id}\n${r.key}`));
  const indexes = new Set<number>();
  const seen = new Set<string>();
  keys.forEach((k, i) => {
    const id = `${k.clientId}\n${k.key}`;
    // The same key twice in one batch: the first claims it, the second goes on its own.
    if (claimed.has(id) && !seen.has(id)) indexes.add(i);
    seen.add(id);
  });
  return indexes;
}

export interface IdempotentOutcome {
  key: IdempotencyKey;
  outcome: { ok: true; result: unknown } | { ok: false; error: AppError };
}

/**
 * Gives claimed keys back (their commands' answers are not to be replayed): the statement, none
 * for no keys.
 */
export function releaseKeysStatement(schema: string, keys: IdempotencyKey[]): SQL | undefined {
  if (keys.length === 0) return undefined;
  const table = sql.raw(`${quoteIdent(schema)}.idempotency_keys`);
  return sql`DELETE FROM ${table} AS k
       USING unnest(${sql.param(keys.map((k) => k.clientId))}::text[], ${sql.param(keys.map((k) => k.key))}::text[]) AS v(client_id, key)
       WHERE k.client_id = v.client_id AND k.key = v.key AND k.response IS NULL`;
}

/** Stores the answers of commands whose keys were claimed, in one statement (none for none). */
export function storeOutcomesStatement(
  schema: string,
  outcomes: IdempotentOutcome[],
): SQL | undefined {
  if (outcomes.length === 0) return undefined;
  const table = sql.raw(`${quoteIdent(schema)}.idempotency_keys`);
  const responses = outcomes.map(({ outcome }) => {
    const stored: Stored = outcome.ok
      ? { ok: true, result: outcome.result }
      : { ok: false, error: outcome.error.toWire() };
    return JSON.stringify(stored);
  });
  return sql`UPDATE ${table} AS k SET response = v.response
        FROM unnest(${sql.param(outcomes.map((o) => o.key.clientId))}::text[],
          ${sql.param(outcomes.map((o) => o.key.key))}::text[], ${sql.param(responses)}::jsonb[])
          AS v(client_id, key, response)
       WHERE k.client_id = v.client_id AND k.key = v.key`;
}
