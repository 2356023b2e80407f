import { Name, Param, SQL, sql, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();
/** The encoder of `sql.param(value)` without a column: the value goes as it is. */
const NO_ENCODER = sql.param(null).encoder;
// Read once: through the package's re-exports each read is a getter call.
const SQL_TYPE = SQL.prototype;
const STRING_CHUNK_TYPE = StringChunk.prototype;
const PARAM_TYPE = Param.prototype;
const NAME_TYPE = Name.prototype;
const DATE_TYPE = Date.prototype;

export interface CompiledQuery {
  sql: string;
  params: unknown[];
}

/** Thrown inside `compileInto` at a chunk it does not know: drizzle builds that statement. */
const UNKNOWN = Symbol('unknown chunk');

/**
 * The text and parameters drizzle's PostgreSQL dialect makes of a `sql` template, built without
 * its general machinery for the chunks hand-written statements use: strings, nested templates,
 * identifiers, `sql.param` values and plain values (arrays become a parenthesised list, as in
 * drizzle). Anything else (tables, columns, placeholders, subqueries, inlined params) is left to
 * drizzle whole. Drizzle tests each chunk against up to a dozen classes by walking prototype
 * chains; for the ledger's write statement (hundreds of chunks) that was a tenth of
 * wallet-ledger's CPU per transfer (docs/performance.md, "Statement text without drizzle"). Tested equal to drizzle's.
 */
export function compileSql(statement: SQL): CompiledQuery {
  const out: CompiledQuery = { sql: '', params: [] };
  try {
    compileInto(statement, out);
    return out;
  } catch (error) {
    if (error !== UNKNOWN) throw error;
    const query = dialect.sqlToQuery(statement);
    return { sql: query.sql, params: query.params };
  }
}

function compileInto(statement: SQL, out: CompiledQuery): void {
  // `.inlineParams()` puts values in the text: drizzle's escaping, not ours.
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw UNKNOWN;
  for (const chunk of statement.queryChunks) compileChunk(chunk, out);
}

function compileChunk(chunk: unknown, out: CompiledQuery): void {
  if (chunk === undefined) return;
  // A function (a pgEnum) is a name to drizzle, not a value.
  if (typeof chunk === 'function') throw UNKNOWN;
  if (chunk === null || typeof chunk !== 'object') {
    out.params.push(chunk);
    out.sql += `$${out.params.length}`;
    return;
  }
  // Exact classes only: a subclass may be something drizzle treats otherwise.
  const type = Object.getPrototypeOf(chunk) as object;
  if (type === STRING_CHUNK_TYPE) {
    out.sql += (chunk as StringChunk).value.join('');
  } else if (type === SQL_TYPE) {
    compileInto(chunk as SQL, out);
  } else if (type === PARAM_TYPE) {
    const param = chunk as Param;
    if (param.encoder !== NO_ENCODER) throw UNKNOWN;
    if (param.value !== null && typeof param.value === 'object' && !isPlainValue(param.value))
      throw UNKNOWN;
    out.params.push(param.value);
    out.sql += `$${out.params.length}`;
  } else if (type === NAME_TYPE) {
    out.sql += `"${(chunk as Name).value}"`;
  } else if (Array.isArray(chunk)) {
    out.sql += '(';
    chunk.forEach((item, i) => {
      if (i > 0) out.sql += ', ';
      compileChunk(item, out);
    });
    out.sql += ')';
  } else if (type === DATE_TYPE || Buffer.isBuffer(chunk)) {
    out.params.push(chunk);
    out.sql += `$${out.params.length}`;
  } else {
    throw UNKNOWN;
  }
}

/** Values drizzle passes through as one parameter (not an entity it would expand). */
function isPlainValue(value: object): boolean {
  const type = Object.getPrototypeOf(value) as object | null;
  return (
    Array.isArray(value) ||
    type === DATE_TYPE ||
    type === Object.prototype ||
    type === null ||
    Buffer.isBuffer(value)
  );
}
