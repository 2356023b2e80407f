import fc from 'fast-check';
import type { Endpoint, JsonSchema } from './endpoints';

/**
 * Hostile requests generated from the OpenAPI documents, for the fuzzer. Each request starts
 * from a valid one (sample path values, query and body) and gets one to three mutations. Whether
 * the API must refuse it follows from the documents: a value the endpoint's schema forbids, a
 * body that is not JSON, an unknown query parameter, a path naming no record, an amount no asset
 * can hold. Those requests must get a 4xx; the others may succeed.
 */

// ---------------------------------------------------------------------------------------------
// A JSON Schema checker for the subset the generated documents use.

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return jsonType(value) === type;
  }
}

/** What `value` breaks in `schema` (empty when it conforms). Formats are not checked. */
export function violations(schema: JsonSchema | undefined, value: unknown, at = '$'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key] as JsonSchema[] | undefined;
    if (branches && branches.every((branch) => violations(branch, value, at).length > 0))
      found.push(`${at} matches no branch of ${key}`);
  }
  if ('const' in schema && schema['const'] !== value) found.push(`${at} is not the constant`);
  if (schema['enum'] && !(schema['enum'] as unknown[]).includes(value))
    found.push(`${at} is not in the enum`);
  const types = schema['type'] === undefined ? [] : [schema['type']].flat();
  if (types.length > 0 && !types.some((t: string) => hasType(t, value))) {
    found.push(`${at} is not of type ${types.join('|')}`);
    return found;
  }
  if (typeof value === 'string') {
    if (schema['minLength'] !== undefined && value.length < schema['minLength'])
      found.push(`${at} is too short`);
    if (schema['maxLength'] !== undefined && value.length > schema['maxLength'])
      found.push(`${at} is too long`);
    if (schema['pattern'] !== undefined && !new RegExp(schema['pattern']).test(value))
      found.push(`${at} does not match its pattern`);
  }
  if (typeof value === 'number') {
    if (schema['minimum'] !== undefined && value < schema['minimum']) found.push(`${at} < min`);
    if (schema['maximum'] !== undefined && value > schema['maximum']) found.push(`${at} > max`);
  }
  if (Array.isArray(value)) {
    if (schema['minItems'] !== undefined && value.length < schema['minItems'])
      found.push(`${at} has too few items`);
    if (schema['maxItems'] !== undefined && value.length > schema['maxItems'])
      found.push(`${at} has too many items`);
    if (schema['items'])
      value.forEach((item, i) => found.push(...violations(schema['items'], item, `${at}[${i}]`)));
  }
  if (jsonType(value) === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
    for (const name of (schema['required'] ?? []) as string[])
      if (!Object.prototype.hasOwnProperty.call(object, name)) found.push(`${at}.${name} missing`);
    for (const [name, item] of Object.entries(object)) {
      if (Object.prototype.hasOwnProperty.call(properties, name)) {
        found.push(...violations(properties[name], item, `${at}.${name}`));
      } else if (schema['additionalProperties'] === false) {
        found.push(`${at}.${name} is not allowed`);
      } else if (typeof schema['additionalProperties'] === 'object') {
        found.push(...violations(schema['additionalProperties'], item, `${at}.${name}`));
      }
      if (schema['propertyNames']) found.push(...violations(schema['propertyNames'], name, at));
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

/** The pattern of every amount field (`amountSchema`). */
const AMOUNT_PATTERN = '^(0|[1-9]\\d*)(\\.\\d+)?$';
const isAmount = (schema: JsonSchema | undefined) => schema?.['pattern'] === AMOUNT_PATTERN;

/**
 * Amounts in the right notation that no asset can hold: more decimals than any asset or fiat
 * currency has (20), or more base units than a uint256 (≥ 79 digits). Every amount field must
 * refuse them, so a request carrying one must fail.
 */
export const IMPOSSIBLE_AMOUNTS = [
  `0.${'0'.repeat(19)}1`,
  `1.${'0'.repeat(19)}1`,
  '9'.repeat(79),
  '9'.repeat(80),
  `1${'0'.repeat(78)}`,
  `${'9'.repeat(60)}.${'9'.repeat(19)}`,
];
const MALFORMED_AMOUNTS: unknown[] = [
  '-1',
  '-0.5',
  '1e5',
  '1E-5',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '.5',
  '5.',
  '1,5',
  '١٢',
  'NaN',
  'Infinity',
  '',
  '01',
  '1.2.3',
  '9'.repeat(81),
  1,
  -1,
  0.1,
  1e308,
  true,
  null,
  [],
  {},
];

const DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '10000-01-01',
  '2026-01-01T25:61:61Z',
  '2026-01-01T00:00:00+99:99',
  '2026-01-01T00:00:00.123456789Z',
  '1970-01-01T00:00:00Z',
  '2026-W01',
  '1e10',
  'yesterday',
  '2026-01-01T00:00:00',
];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  'null',
  'undefined',
  'NaN',
  '0',
  '-1',
  '[]',
  '{}',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '\\',
  '%',
  '_',
  '%_%',
  'a\\',
  '\\%',
  '../../../../etc/passwd',
  '%2e%2e%2f',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '\u202egnp.exe',
  '\u200b',
  '\ufeff',
  'Ω≈ç√∫',
  '𝕳𝖊𝖑𝖑𝖔',
  '👩‍👩‍👧‍👦',
  'ด้้้้้็็็็็้้้้้็็็็็',
  '\ud800',
  'x\udfffy',
  '\r\nSet-Cookie: a=b',
  'a'.repeat(255),
  'a'.repeat(256),
  'é'.repeat(300),
  '9'.repeat(30),
  ...DATES,
];

/** Random text: ASCII, any Unicode code point (lone surrogates included) or graphemes. */
const randomText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '𝕳', '\u0301'), fc.integer({ min: 1000, max: 200_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/**
 * A JSON value nested `depth` levels deep, `[[[…]]]` or `{"a":{"a":…}}`. It stands in the body
 * as a marker string that `bodyText` expands: no recursive JSON.stringify could write it.
 */
function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return `\u0001deep:${kind}:${depth}\u0001`;
}

/** The body as sent, with nested markers expanded. */
export function bodyText(body: unknown): string {
  return JSON.stringify(body).replace(
    /"\\u0001deep:(array|object):(\d+)\\u0001"/g,
    (_, kind: string, depth: string) =>
      kind === 'array'
        ? `${'['.repeat(Number(depth))}1${']'.repeat(Number(depth))}`
        : `${'{"a":'.repeat(Number(depth))}1${'}'.repeat(Number(depth))}`,
  );
}

const NUMBERS = [-1, 0, 1, 1.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31, 2 ** 63, 1e-300];

/** A hostile replacement for a value whose schema is `schema` (valid or not). */
function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (isAmount(schema))
    return fc.oneof(
      fc.constantFrom(...IMPOSSIBLE_AMOUNTS),
      fc.constantFrom(...MALFORMED_AMOUNTS),
      fc.constantFrom('0', '0.0', '0.000000'),
    );
  const types = schema['type'] === undefined ? [] : [schema['type']].flat();
  const options: fc.Arbitrary<unknown>[] = [hostileString];
  if (types.includes('integer') || types.includes('number')) {
    const edges = [schema['minimum'], schema['maximum']].filter((n) => typeof n === 'number');
    options.push(fc.constantFrom(...NUMBERS, ...edges.flatMap((n) => [n - 1, n, n + 1])));
  }
  if (schema['enum'])
    options.push(
      fc
        .constantFrom(...(schema['enum'] as unknown[]))
        .map((v) => (typeof v === 'string' ? v.toUpperCase() + ' ' : v)),
    );
  if (types.includes('array') || types.includes('object') || Object.keys(schema).length === 0)
    options.push(
      fc.constantFrom(
        [],
        {},
        [null],
        deeplyNested(64, 'array'),
        deeplyNested(2_000, 'array'),
        deeplyNested(20_000, 'array'),
        deeplyNested(5_000, 'object'),
        Array.from({ length: 10_000 }, (_, i) => i),
      ),
    );
  options.push(fc.constantFrom(null, true, 0, [], {}));
  return fc.oneof(...options);
}

const QUERY_NUMBERS = [
  '0',
  '1',
  '99999999999999999999',
  '9223372036854775807',
  '18446744073709551616',
];

/**
 * A hostile value that still conforms to `schema`, so that it passes the gateway and reaches a
 * service: edge numbers, dates PostgreSQL may not hold, LIKE wildcards, long and exotic text,
 * deep JSON. Undefined where no such value exists (enums, strict patterns).
 */
function conformingHostileValue(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const conforming = (values: unknown[]) =>
    values.filter((v) => violations(schema, v).length === 0);
  if (isAmount(schema)) return fc.constantFrom(...IMPOSSIBLE_AMOUNTS);
  if (schema['enum']) return undefined;
  const types = schema['type'] === undefined ? [] : [schema['type']].flat();
  if (types.length === 0 && !schema['anyOf'] && !schema['oneOf'])
    return fc.constantFrom(
      deeplyNested(64, 'array'),
      deeplyNested(2_000, 'array'),
      deeplyNested(20_000, 'array'),
      deeplyNested(5_000, 'object'),
      Array.from({ length: 10_000 }, (_, i) => i),
      '\ud800',
    );
  if (types.includes('integer') || types.includes('number')) {
    const candidates = conforming([
      ...NUMBERS,
      ...[schema['minimum'], schema['maximum']].filter((n) => typeof n === 'number'),
    ]);
    return candidates.length > 0 ? fc.constantFrom(...candidates) : undefined;
  }
  if (!types.includes('string') && !schema['anyOf']) return undefined;
  const fixed = conforming([...HOSTILE_STRINGS, ...QUERY_NUMBERS]);
  if (schema['pattern'] !== undefined || schema['anyOf'] || schema['oneOf'])
    return fixed.length > 0 ? fc.constantFrom(...fixed) : undefined;
  const min = (schema['minLength'] as number | undefined) ?? 0;
  const max = Math.min((schema['maxLength'] as number | undefined) ?? 100_000, 100_000);
  const fitted = randomText.map((text) => text.padEnd(min, '\u0301').slice(0, max));
  const longest = fc.constantFrom('é', '𝕳', 'a', '\u0301').map((c) => c.repeat(max).slice(0, max));
  return fixed.length > 0 ? fc.oneof(fc.constantFrom(...fixed), fitted, longest) : fitted;
}

// ---------------------------------------------------------------------------------------------
// Requests and mutations.

export type Role = 'admin' | 'general' | 'issuer' | 'basic' | 'anonymous';

/** A request as sent: a plain object, printed as is in a failure report. */
export interface HostileRequest {
  operationId: string;
  method: Endpoint['method'];
  as: Role;
  /** Path with every value percent-encoded (or raw, for malformed escapes). */
  path: string;
  /** Raw query string, without `?`. */
  query: string;
  /** Content type header; `null` for none. */
  contentType: string | null;
  /** Body text, if any. */
  body?: string;
  mutations: string[];
  /** Why the API must refuse this request (empty: it may succeed). */
  mustFail: string[];
}

interface Draft {
  /** Path segments per parameter, already encoded. */
  segments: Record<string, string>;
  /** Decoded values, for the schema check. */
  decoded: Record<string, string>;
  query: [string, string][];
  body: unknown;
  text?: string;
  contentType: string | null;
  mutations: string[];
  mustFail: string[];
}

interface Mutation {
  name: string;
  apply(draft: Draft): void;
}

const JSON_TYPE = 'application/json';
const NOT_JSON_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonp',
  'text/json',
  'application/json-patch',
  '*/*',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"amount": 1e}',
  "{'a': 1}",
  '{"a": 1,}',
  '{"a": 1} x',
  '{"a": "\\u12"}',
  '{"a": "\\x00"}',
  '"unterminated',
  '{"a": NaN}',
  '{"a": undefined}',
  '}{',
];
const NOT_OBJECTS = ['[]', '"text"', '42', 'true', 'null', '[{}]'];
const UNKNOWN_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'tenantId', 'zz', ''];
/** encodeURIComponent, with lone surrogates (which it refuses) replaced by U+FFFD. */
const encode = (value: string) =>
  encodeURIComponent(
    value.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  // An earlier mutation may have replaced the object: then there is nothing to add to.
  if (jsonType(target) !== 'object') return;
  // `__proto__` as a real own key, as JSON.parse makes it on the server.
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Where a body can be changed: one slot per (nested) property of the sample or its schema. */
interface Slot {
  path: (string | number)[];
  schema: JsonSchema;
  /** The object schema holding the slot. */
  parent: JsonSchema;
}

/** The branch of a oneOf/anyOf schema the sample conforms to, or the schema itself. */
function branchOf(schema: JsonSchema, value: unknown): JsonSchema {
  const branches = (schema['oneOf'] ?? schema['anyOf']) as JsonSchema[] | undefined;
  return branches?.find((b) => violations(b, value).length === 0) ?? schema;
}

function slots(schema: JsonSchema, value: unknown, path: (string | number)[] = []): Slot[] {
  if (path.length > 5) return [];
  const own = branchOf(schema, value);
  const found: Slot[] = [];
  if (jsonType(value) === 'object' && own['properties']) {
    for (const [name, propSchema] of Object.entries(own['properties'] as Record<string, any>)) {
      found.push({ path: [...path, name], schema: propSchema, parent: own });
      const child = (value as Record<string, unknown>)[name];
      if (child !== undefined) found.push(...slots(propSchema, child, [...path, name]));
    }
  } else if (Array.isArray(value) && own['items'] && value.length > 0) {
    found.push(...slots(own['items'], value[0], [...path, 0]));
  }
  return found;
}

function getAt(root: unknown, path: (string | number)[]): unknown {
  return path.reduce<any>((node, key) => (node == null ? undefined : node[key]), root);
}

/** Sets (or with `remove`, deletes) the value at `path`, creating objects on the way. */
function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false) {
  let node: any = root;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key];
  }
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else if (typeof last === 'string') setOwn(node, last, value);
  else node[last] = value;
}

const label = (path: (string | number)[]) => path.join('.') || '(body)';
const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
};

type Weighted = { arbitrary: fc.Arbitrary<Mutation>; weight: number };
/** Weights: mutations that keep the request valid for the gateway, so a service sees it. */
const PLAIN = 10;
const TO_SERVICES = 30;
const weigh = (weight: number) => (arbitrary: fc.Arbitrary<Mutation>) => ({ arbitrary, weight });

function bodyMutations(endpoint: Endpoint, base: unknown): Weighted[] {
  const schema = endpoint.body!;
  const all = slots(schema, base);
  const arbitraries: fc.Arbitrary<Mutation>[] = [
    fc.constantFrom(...MALFORMED_JSON).map((text) => ({
      name: `malformed JSON ${short(text)}`,
      apply: (d: Draft) => {
        d.text = text;
      },
    })),
    fc.constantFrom(...NOT_OBJECTS).map((text) => ({
      name: `body ${text}`,
      apply: (d: Draft) => {
        d.text = text;
      },
    })),
    fc.constantFrom(...NOT_JSON_TYPES, null).map((type) => ({
      name: `content type ${type}`,
      apply: (d: Draft) => {
        d.contentType = type;
      },
    })),
    fc.tuple(fc.constantFrom(...UNKNOWN_KEYS), hostileString).map(([key, value]) => ({
      name: `extra field ${short(key)}`,
      apply: (d: Draft) => setOwn(d.body as Record<string, unknown>, key, value),
    })),
  ];
  if (all.length > 0) {
    const slot = fc.constantFrom(...all);
    arbitraries.push(
      slot.chain((s) =>
        hostileValue(s.schema).map((value) => ({
          name: `${label(s.path)} = ${short(value)}`,
          apply: (d: Draft) => setAt(d.body, s.path, value),
        })),
      ),
      slot.map((s) => ({
        name: `without ${label(s.path)}`,
        apply: (d: Draft) => setAt(d.body, s.path, undefined, true),
      })),
      slot.map((s) => ({
        name: `NUL in ${label(s.path)}`,
        apply: (d: Draft) => {
          const current = getAt(d.body, s.path);
          setAt(d.body, s.path, `${typeof current === 'string' ? current : 'x'}\u0000`);
        },
      })),
    );
    const objects = all.filter((s) => jsonType(getAt(base, s.path)) === 'object');
    if (objects.length > 0)
      arbitraries.push(
        fc.tuple(fc.constantFrom(...objects), fc.constantFrom(...UNKNOWN_KEYS)).map(([s, key]) => ({
          name: `extra field ${short(key)} in ${label(s.path)}`,
          apply: (d: Draft) => setOwn(getAt(d.body, s.path) as Record<string, unknown>, key, 1),
        })),
      );
  }
  const reaching = all.flatMap((s) => {
    const value = conformingHostileValue(s.schema);
    return value ? [{ slot: s, value }] : [];
  });
  const toServices =
    reaching.length > 0
      ? [
          fc.constantFrom(...reaching).chain(({ slot, value }) =>
            value.map((v) => ({
              name: `${label(slot.path)} = ${short(v)}`,
              apply: (d: Draft) => setAt(d.body, slot.path, v),
            })),
          ),
        ]
      : [];
  return [...arbitraries.map(weigh(PLAIN)), ...toServices.map(weigh(TO_SERVICES))];
}

function queryMutations(endpoint: Endpoint): Weighted[] {
  // Some over Node's 16 KiB limit for the request head (a 431), none of megabytes.
  const value = hostileString.filter((s) => encode(s).length < 20_000);
  const arbitraries: fc.Arbitrary<Mutation>[] = [
    fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), value).map(([name, value]) => ({
      name: `unknown query zz${name}`,
      apply: (d: Draft) => {
        d.query.push([`zz${name}`, value]);
      },
    })),
    fc.constantFrom('%00', 'a%00b').map((value) => ({
      name: `NUL in the query`,
      apply: (d: Draft) => {
        d.query.push([endpoint.query[0]?.name ?? 'q', decodeURIComponent(value)]);
      },
    })),
  ];
  if (endpoint.query.length > 0) {
    const param = fc.constantFrom(...endpoint.query);
    arbitraries.push(
      param.chain((p) =>
        fc
          .oneof(
            value,
            fc.constantFrom(
              '-1',
              '0',
              '1.5',
              '99999999999999999999',
              '9223372036854775807',
              '1e3',
              '--createdAt',
              ' 1',
            ),
          )
          .map((value) => ({
            name: `query ${p.name}=${short(value)}`,
            apply: (d: Draft) => {
              d.query = d.query.filter(([n]) => n !== p.name);
              d.query.push([p.name, value]);
            },
          })),
      ),
      param.chain((p) =>
        fc.tuple(fc.constant(p), value).map(([q, value]) => ({
          name: `query ${q.name} twice`,
          apply: (d: Draft) => {
            const current = d.query.find(([n]) => n === q.name)?.[1] ?? '1';
            d.query.push([q.name, current], [q.name, value]);
          },
        })),
      ),
    );
  }
  const reaching = endpoint.query.flatMap((q) => {
    const value = conformingHostileValue(q.schema);
    return value ? [{ q, value }] : [];
  });
  const toServices = reaching.map(({ q, value }) =>
    value
      // A query carries text: a number is sent as its digits (filtering it out never ends).
      .map((v) => (typeof v === 'number' ? String(v) : v))
      .filter((v): v is string => typeof v === 'string' && encode(v).length < 20_000)
      .map((v) => ({
        name: `query ${q.name}=${short(v)}`,
        apply: (d: Draft) => {
          d.query = d.query.filter(([n]) => n !== q.name);
          d.query.push([q.name, v]);
        },
      })),
  );
  return [...arbitraries.map(weigh(PLAIN)), ...toServices.map(weigh(TO_SERVICES))];
}

function pathMutations(endpoint: Endpoint): Weighted[] {
  if (endpoint.pathParams.length === 0) return [];
  const param = fc.constantFrom(...endpoint.pathParams);
  const encoded = (value: string) => ({ segment: encode(value), decoded: value });
  const value = fc.oneof(
    fc.uuid().map(encoded),
    // Not `.` or `..`: URL normalization would change the route before it left the client.
    hostileString
      .filter((s) => s.length > 0 && encode(s).length < 20_000 && s !== '.' && s !== '..')
      .map(encoded),
    fc.constantFrom(
      { segment: '%00', decoded: '\u0000' },
      { segment: '%E0%A4%A', decoded: '' },
      { segment: '%', decoded: '' },
      { segment: '%2F', decoded: '/' },
      { segment: '*', decoded: '*' },
    ),
  );
  return [
    fc.tuple(param, value).map(([p, v]) => ({
      name: `{${p}} = ${short(v.segment)}`,
      apply: (d: Draft) => {
        d.segments[p] = v.segment;
        d.decoded[p] = v.decoded;
      },
    })),
  ].map(weigh(TO_SERVICES));
}

/** A body over the gateway's 1 MiB limit (rarely: each one is a megabyte to send). */
const oversizedBody: fc.Arbitrary<Mutation> = fc
  .integer({ min: 1_100_000, max: 1_300_000 })
  .map((size) => ({
    name: `body of ${size} bytes`,
    apply: (d: Draft) => {
      d.text = JSON.stringify({ padding: 'x'.repeat(size) });
      d.contentType = JSON_TYPE;
    },
  }));

/** Bodies for endpoints that take none. */
const unexpectedBody: fc.Arbitrary<Mutation> = fc
  .constantFrom('{"x":1}', '[]', '"x"', '{')
  .map((text) => ({
    name: `unexpected body ${text}`,
    apply: (d: Draft) => {
      d.text = text;
      d.contentType = JSON_TYPE;
    },
  }));

export interface RequestContext {
  /** Path parameter values naming real records. */
  values: Record<string, string>;
  body?: unknown;
  query: Record<string, string>;
  roles: Role[];
  /** Whether a request without a reason to fail may change state (see the fuzzer's list). */
  mayChangeState: boolean;
}

/** Why the API must refuse the request built from `draft`. */
function reasonsToFail(
  endpoint: Endpoint,
  draft: Draft,
  realValues: Record<string, string>,
  base: unknown,
) {
  const reasons: string[] = [];
  // With `*` for the user or wallet (an admin's search across them), the other id is a filter:
  // an unknown one finds nothing rather than failing.
  const search =
    endpoint.method === 'GET' && Object.values(draft.decoded).some((value) => value === '*');
  for (const name of endpoint.pathParams) {
    const value = draft.decoded[name]!;
    const real = realValues[name]!;
    if (value === real) continue;
    if (value.includes('\u0000')) reasons.push(`NUL in {${name}}`);
    else if (UUID_PATTERN.test(value) && value.toLowerCase() !== real.toLowerCase()) {
      if (!search) reasons.push(`{${name}} names no record`);
    } else if (UUID_PATTERN.test(real) && !UUID_PATTERN.test(value) && value !== '*')
      reasons.push(`{${name}} is not an id`);
  }
  const known = new Map(endpoint.query.map((q) => [q.name, q]));
  const counts = new Map<string, number>();
  for (const [name, value] of draft.query) {
    counts.set(name, (counts.get(name) ?? 0) + 1);
    const param = known.get(name);
    if (!param) reasons.push(`unknown query parameter ${name}`);
    else if (violations(param.schema, value).length > 0) reasons.push(`query ${name} is invalid`);
    if (value.includes('\u0000')) reasons.push(`NUL in query ${name}`);
  }
  for (const param of endpoint.query)
    if (param.required && !counts.has(param.name)) reasons.push(`query ${param.name} missing`);
  const text = draft.text ?? (draft.body === undefined ? undefined : bodyText(draft.body));
  if (text !== undefined && text.length > 1_048_576) reasons.push('body over the 1 MiB limit');
  if (draft.text !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(draft.text);
    } catch {
      reasons.push('malformed JSON');
    }
    if (parsed !== undefined && jsonType(parsed) !== 'object') reasons.push('body is no object');
    if (!endpoint.body && parsed !== undefined && jsonType(parsed) === 'object')
      if (Object.keys(parsed as object).length > 0) reasons.push('endpoint takes no body');
    if (endpoint.body && jsonType(parsed) === 'object')
      reasons.push(...violations(endpoint.body, parsed, 'body'));
  } else if (endpoint.body) {
    reasons.push(...violations(endpoint.body, draft.body, 'body'));
    // An id of the sample body (a wallet, a user) replaced by anything else names no record.
    for (const slot of slots(endpoint.body, base)) {
      const real = getAt(base, slot.path);
      const value = getAt(draft.body, slot.path);
      if (typeof real === 'string' && UUID_PATTERN.test(real) && value !== undefined)
        if (typeof value !== 'string' || value.toLowerCase() !== real.toLowerCase())
          reasons.push(`body ${label(slot.path)} names no record`);
    }
    if (text?.includes('\\u0000')) reasons.push('NUL in the body');
    if (IMPOSSIBLE_AMOUNTS.some((amount) => text?.includes(`"${amount}"`)))
      reasons.push('an amount no asset can hold');
  }
  if (text !== undefined && draft.contentType !== JSON_TYPE) reasons.push('not a JSON body');
  return reasons;
}

/** Hostile requests for one endpoint. */
export function hostileRequests(endpoint: Endpoint, context: RequestContext) {
  // fetch sends no body with a GET.
  const noBody = endpoint.method === 'GET' ? [] : [unexpectedBody];
  const body = endpoint.body ? bodyMutations(endpoint, context.body) : noBody.map(weigh(PLAIN));
  const weighted = [...queryMutations(endpoint), ...pathMutations(endpoint), ...body];
  if (endpoint.method !== 'GET') weighted.push({ arbitrary: oversizedBody, weight: 1 });
  const mutation = fc.oneof(...weighted);
  /** Mutations that make any request fail, for requests that must not change state. */
  const fatal = fc.oneof(
    fc.stringMatching(/^[a-z]{1,8}$/).map((name) => ({
      name: `unknown query zz${name}`,
      apply: (d: Draft) => {
        d.query.push([`zz${name}`, '1']);
      },
    })),
    ...(endpoint.body
      ? [
          fc.constantFrom(...MALFORMED_JSON.slice(0, 8)).map((text) => ({
            name: `malformed JSON ${short(text)}`,
            apply: (d: Draft) => {
              d.text = text;
            },
          })),
        ]
      : noBody),
  );
  return fc
    .record({
      as: fc.constantFrom(...context.roles),
      mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
      fallback: fatal,
    })
    .map(({ as, mutations, fallback }): HostileRequest => {
      const draft: Draft = {
        segments: Object.fromEntries(
          endpoint.pathParams.map((p) => [p, encode(context.values[p]!)]),
        ),
        decoded: Object.fromEntries(endpoint.pathParams.map((p) => [p, context.values[p]!])),
        query: Object.entries(context.query),
        body: context.body === undefined ? undefined : structuredClone(context.body),
        contentType: endpoint.body ? JSON_TYPE : null,
        mutations: [],
        mustFail: [],
      };
      for (const m of mutations) {
        m.apply(draft);
        draft.mutations.push(m.name);
      }
      let reasons = reasonsToFail(endpoint, draft, context.values, context.body);
      if (reasons.length === 0 && !context.mayChangeState) {
        fallback.apply(draft);
        draft.mutations.push(fallback.name);
        reasons = reasonsToFail(endpoint, draft, context.values, context.body);
      }
      const text = draft.text ?? (draft.body === undefined ? undefined : bodyText(draft.body));
      const query = draft.query.map(([n, v]) => `${encode(n)}=${encode(v)}`).join('&');
      const path = `/${endpoint.version}${endpoint.path.replace(/\{([^}]+)\}/g, (_, n: string) => draft.segments[n]!)}`;
      if (path.length + query.length > 16_384) reasons.push('request head over 16 KiB');
      return {
        operationId: endpoint.operationId,
        method: endpoint.method,
        as,
        path,
        query,
        contentType: text === undefined ? null : draft.contentType,
        ...(text !== undefined ? { body: text } : {}),
        mutations: draft.mutations,
        mustFail: reasons,
      };
    });
}
