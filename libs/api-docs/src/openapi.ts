import { z } from 'zod';
import { TOTAL_COUNT_CAP } from '@custody/contracts';
import { PROBLEM_LIMITS, PROBLEM_TITLES, PROBLEM_TYPE_BASE } from '@custody/errors';
import {
  type ApiVersion,
  type RouteAuth,
  type RouteDef,
  type RouteRequest,
  toOpenApiPath,
} from '@custody/http';
import { errorCodesTable } from './error-codes';
import { REQUEST_EXAMPLES } from './examples';
import { longestMatch } from './pattern-length';

type JsonSchema = Record<string, unknown>;

/**
 * A route as the documents take it: its definition and the description of its operation, in
 * plain English, 2 to 6 sentences: what it does, what it changes, whether a retry is safe
 * (Idempotency-Key, or naturally idempotent) and the errors it answers and why. The gateway's
 * `defineRoute` requires it (a route without one does not compile); Spectral's
 * `operation-description` fails a document with an operation without one.
 */
export type DocumentedRoute<R extends RouteRequest = RouteRequest> = RouteDef<R> & {
  description: string;
};

export interface OpenApiOptions {
  version: ApiVersion;
  title: string;
  /** The document's `info.description`; the error code catalog is added after it. */
  description: string;
  serverUrl: string;
  /** Each with its description (one without gets none, which the lint refuses). */
  routes: readonly (RouteDef<RouteRequest> & { description?: string })[];
}

/** What `info.description` ends with: every error code of the API (error-codes.ts). */
export const ERROR_CODES_SECTION = [
  '## Error codes',
  '',
  'Every `code` an error answer can carry, once, with its statuses and meaning (both versions).',
  '',
  errorCodesTable(),
].join('\n');

const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: {
      type: 'string',
      format: 'uri',
      maxLength: PROBLEM_TYPE_BASE.length + PROBLEM_LIMITS.code,
      description: `\`${PROBLEM_TYPE_BASE}\` and the code, with \`-\` for \`_\``,
    },
    title: { type: 'string', enum: [...PROBLEM_TITLES] },
    status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
    detail: { type: 'string', maxLength: PROBLEM_LIMITS.detail },
    code: {
      type: 'string',
      maxLength: PROBLEM_LIMITS.code,
      description: 'Stable snake_case error code: one of the "Error codes" of `info.description`',
      examples: ['validation_failed'],
    },
    instance: {
      type: 'string',
      maxLength: PROBLEM_LIMITS.instance,
      description: 'The request path',
    },
    errors: {
      type: 'array',
      maxItems: PROBLEM_LIMITS.errors,
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: {
          path: { type: 'string', maxLength: PROBLEM_LIMITS.errorPath },
          message: { type: 'string', maxLength: PROBLEM_LIMITS.errorMessage },
        },
      },
    },
  },
};

/**
 * The gateway's rate-limit headers (IETF RateLimit header fields draft; apps/gateway
 * auth/rate-limit.ts): one-minute windows, limits of at most 10,000,000 requests (config).
 */
const RATE_LIMIT_HEADERS: JsonSchema = {
  RateLimit: {
    description:
      'The current window: requests allowed, requests left and seconds until it ends. Sent on ' +
      'every response to a counted request (not when the limit is configured off, nor when a ' +
      'token is refused before counting).',
    schema: { type: 'string', pattern: '^limit=\\d{1,8}, remaining=\\d{1,8}, reset=\\d{1,2}$' },
  },
  'RateLimit-Policy': {
    description: 'The quota: requests per 60-second window (`w=60`).',
    schema: { type: 'string', pattern: '^\\d{1,8};w=60$' },
  },
  'Retry-After': {
    description: 'Seconds until the window ends and requests are accepted again.',
    required: true,
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 60 },
  },
};

/** The headers of a list page (libs/http pagination.ts; docs/decisions/lists-at-scale.md). */
const LIST_HEADERS: JsonSchema = {
  'X-Total-Count': {
    description: `The records that match, before paging: exact up to ${TOTAL_COUNT_CAP}; past it, ${TOTAL_COUNT_CAP} with X-Total-Count-Lower-Bound.`,
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: TOTAL_COUNT_CAP },
  },
  'X-Total-Count-Lower-Bound': {
    description: 'Present (`true`) when the count stopped at its cap: more records match.',
    schema: { type: 'string', enum: ['true'] },
  },
  Link: {
    description:
      'RFC 8288 links: `first`, `prev` (page mode), `next` (carries the opaque `after` cursor) and `last` (when the total is exact). None for `limit=0`.',
    schema: { type: 'string', maxLength: 8192 },
  },
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers of a response with this status: rate limits on 2xx and 4xx, Retry-After on 429. */
function responseHeaders(status: number): JsonSchema | undefined {
  if (status < 200 || status >= 500 || (status >= 300 && status < 400)) return undefined;
  return {
    RateLimit: headerRef('RateLimit'),
    'RateLimit-Policy': headerRef('RateLimit-Policy'),
    ...(status === 429 ? { 'Retry-After': headerRef('Retry-After') } : {}),
  };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (`validation_failed`, `malformed_json`, …)',
  401: 'Missing or invalid credentials',
  403: 'Not allowed',
  404: 'Not found, or not visible to the caller',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Request body is not JSON',
  429: 'Rate limited',
  500: 'Unexpected error',
  503: 'A backing service is unavailable',
  504: 'A backing service did not answer in time',
};

/**
 * The security requirement of each kind of route authentication. Admin routes have a scheme of
 * their own: the same bearer token, but only a client of the admin audience gets past (403).
 */
const SECURITY: Record<RouteAuth, Record<string, never[]>[]> = {
  public: [],
  // The issuer's credentials travel in the body of POST /v2/issuers/auth.
  'issuer-credentials': [],
  basic: [{ apiClientBasic: [] }],
  client: [{ bearer: [] }],
  admin: [{ adminBearer: [] }],
  issuer: [{ issuerBearer: [] }],
};

const JWT_PRACTICES =
  'JWS signed with EdDSA (Ed25519) following RFC8725 (JWT best current practices): the gateway ' +
  'accepts EdDSA only (no `none`, no algorithm switching), checks issuer, audience (one per ' +
  'kind of token), expiry and revocation; tokens carry `typ: at+jwt`.';

const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: `Access token from POST /v1/tokens. ${JWT_PRACTICES}`,
  },
  adminBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'Access token from POST /v1/tokens of a client of the admin audience; any other token ' +
      `gets 403. ${JWT_PRACTICES}`,
  },
  apiClientBasic: {
    type: 'http',
    scheme: 'basic',
    description: "Api client id and secret (the contract's credentials for POST /v1/tokens)",
  },
  issuerBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: `Issuer access token from POST /v2/issuers/auth (15 minutes). ${JWT_PRACTICES}`,
  },
};

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** Members whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);

/**
 * States the bounds that a validator applies implicitly: a string's `maxLength` from the longest
 * text its anchored `pattern` admits (zod's formats, `.regex(…)`), an integer's `format` from its
 * bounds. Walks the whole schema in place.
 */
export function completeBounds(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(completeBounds);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  const types = [schema['type']].flat();
  if (
    types.includes('string') &&
    schema['maxLength'] === undefined &&
    !('enum' in schema) &&
    !('const' in schema)
  ) {
    const patterns = [
      schema['pattern'],
      ...((schema['allOf'] ?? []) as JsonSchema[]).map((part) => part['pattern']),
    ].filter((pattern): pattern is string => typeof pattern === 'string');
    const lengths = patterns
      .map(longestMatch)
      .filter((length): length is number => length !== undefined);
    if (lengths.length > 0) schema['maxLength'] = Math.min(...lengths);
  }
  if (types.includes('integer') && schema['format'] === undefined) {
    const min = schema['minimum'] ?? schema['exclusiveMinimum'];
    const max = schema['maximum'] ?? schema['exclusiveMaximum'];
    if (typeof min === 'number' && typeof max === 'number')
      schema['format'] = min >= INT32_MIN && max <= INT32_MAX ? 'int32' : 'int64';
  }
  for (const [key, value] of Object.entries(schema))
    if (!DATA_KEYWORDS.has(key)) completeBounds(value);
}

function withBounds(schema: JsonSchema): JsonSchema {
  const copy = structuredClone(schema);
  completeBounds(copy);
  return copy;
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  completeBounds(rest);
  return rest;
}

/** Query parameters from the schema's input shape (the list-query transform keeps its input). */
function queryParameters(schema: z.ZodType | undefined): JsonSchema[] {
  if (!schema) return [];
  const json = toJsonSchema(schema);
  const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
    ...(typeof property['description'] === 'string'
      ? { description: property['description'] }
      : {}),
  }));
}

function pathParameters(path: string, schema: z.ZodType | undefined): JsonSchema[] {
  const properties = schema
    ? ((toJsonSchema(schema)['properties'] ?? {}) as Record<string, JsonSchema>)
    : {};
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => {
    const name = match[1] ?? '';
    return { name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } };
  });
}

/** The OpenAPI 3.1 document of one API version, generated from the route definitions. */
export function buildOpenApi(options: OpenApiOptions): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  let listed = false;
  for (const route of options.routes.filter((r) => r.version === options.version)) {
    const path = toOpenApiPath(route.path);
    route.tags.forEach((tag) => tags.add(tag));
    const responses: Record<string, unknown> = {};
    const isList = queryParameters(route.request.query).some((p) => p['name'] === 'after');
    listed ||= isList;
    for (const [status, response] of Object.entries(route.responses)) {
      const headers = responseHeaders(Number(status));
      if (headers && isList && status === '200') {
        for (const name of Object.keys(LIST_HEADERS)) headers[name] = headerRef(name);
      }
      responses[status] = {
        description: response.description,
        ...(headers ? { headers } : {}),
        ...(response.schema
          ? {
              content: {
                [response.contentType ?? 'application/json']: {
                  schema: toJsonSchema(response.schema),
                },
              },
            }
          : {}),
      };
    }
    const errorStatuses = new Set([400, 429, 500, ...(route.errorStatuses ?? [])]);
    for (const status of [...errorStatuses].sort()) {
      const headers = responseHeaders(status);
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        ...(headers ? { headers } : {}),
        content: {
          'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
        },
      };
    }
    paths[path] ??= {};
    paths[path][route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: route.tags,
      security: SECURITY[route.auth],
      ...(route.auth === 'admin' ? { 'x-audience': 'admin' } : {}),
      ...(route.scope ? { 'x-scope': route.scope.join(':') } : {}),
      ...(route.userTokens ? { 'x-user-tokens': true } : {}),
      // Where a refused token is not a 401 (the whitelist reads answer 403 for expired/revoked).
      ...(route.rejectedTokenStatus
        ? { 'x-rejected-token-status': route.rejectedTokenStatus }
        : {}),
      parameters: [
        ...pathParameters(route.path, route.request.params),
        ...queryParameters(route.request.query),
        ...(route.method === 'post'
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                schema: { type: 'string', maxLength: 255, pattern: '^[\\x21-\\x7e]{1,255}$' },
                description:
                  'Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict.',
              },
            ]
          : []),
        {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          schema: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9._-]{1,128}$' },
          description: 'Correlates logs across services; echoed in the response.',
        },
      ],
      ...(route.request.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: toJsonSchema(route.request.body),
                  ...(REQUEST_EXAMPLES[route.operationId]
                    ? { examples: REQUEST_EXAMPLES[route.operationId] }
                    : {}),
                },
              },
            },
          }
        : {}),
      responses,
    };
  }
  const versionRoutes = options.routes.filter((r) => r.version === options.version);
  const schemes = new Set(
    versionRoutes.flatMap((route) => SECURITY[route.auth].flatMap((req) => Object.keys(req))),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      description: `${options.description}\n\n${ERROR_CODES_SECTION}`,
    },
    // Public: the API integrators call (OWASP API9, inventory).
    servers: [{ url: options.serverUrl, 'x-internal': false }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Problem: PROBLEM_SCHEMA },
      headers: withBounds({
        ...{},
        ...RATE_LIMIT_HEADERS,
        ...(listed ? LIST_HEADERS : {}),
      }),
      securitySchemes: Object.fromEntries(
        Object.entries(SECURITY_SCHEMES).filter(([name]) => schemes.has(name)),
      ),
    },
  };
}
