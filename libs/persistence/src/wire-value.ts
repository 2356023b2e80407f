import pg from 'pg';

// pg's own mapping of JavaScript values to wire values (arrays, dates, buffers, JSON).
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } })
  .utils.prepareValue;

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;
/** What JSON.stringify escapes besides `"` and `\`: control characters and lone surrogates. */
// eslint-disable-next-line no-control-regex -- finding control characters is its purpose
const JSON_ESCAPES_MORE = /[\u0000-\u001f\ud800-\udfff]/;

/** One array element as pg quotes it: in double quotes, with `"` and `\` escaped. */
function quoted(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return `"${text}"`;
  // Without control characters or surrogates, JSON's quoting of a string is pg's: V8's native
  // JSON.stringify does it in a third of the time of the replace (every JSON column of the
  // ledger's writes is full of quotes; docs/performance.md, "Less JavaScript per transfer").
  return JSON_ESCAPES_MORE.test(text) ? `"${text.replace(ESCAPED, '\\$&')}"` : JSON.stringify(text);
}

function isPlainObject(value: object): boolean {
  const type = Object.getPrototypeOf(value) as unknown;
  return (
    (type === Object.prototype || type === null) &&
    typeof (value as { toPostgres?: unknown }).toPostgres !== 'function'
  );
}

/**
 * The array literal pg would send for a flat array of strings, numbers, booleans, plain objects
 * (as JSON) and nulls; undefined for anything else (dates, buffers, nested arrays), which pg
 * maps itself. pg escapes every element with two regular-expression replacements; the ledger's
 * statements send a column of uuids or amounts per parameter, which need none ("Ledger allocations" in
 * docs/performance.md: pg's array serialisation was a third of wallet-ledger's allocations).
 */
function flatArrayLiteral(items: unknown[]): string | undefined {
  let literal = '{';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) literal += ',';
    const item = items[i];
    if (item === null || item === undefined) literal += 'NULL';
    else if (typeof item === 'string') literal += quoted(item);
    else if (typeof item === 'number' || typeof item === 'bigint' || typeof item === 'boolean')
      literal += quoted(String(item));
    else if (typeof item === 'object' && !Array.isArray(item) && isPlainObject(item))
      literal += quoted(JSON.stringify(item));
    else return undefined;
  }
  return `${literal}}`;
}

/** A parameter as pg puts it on the wire (`prepareValue`), flat arrays built faster. */
export function wireValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const literal = flatArrayLiteral(value);
    if (literal !== undefined) return literal;
  }
  return prepareValue(value);
}
