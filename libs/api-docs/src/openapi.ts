import { z } from 'zod';
import {
  type ApiVersion,
  type RouteAuth,
  type RouteDef,
  type RouteRequest,
  toOpenApiPath,
} from '@custody/http';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  version: ApiVersion;
  title: string;
  description: string;
  serverUrl: string;
  routes: readonly RouteDef<RouteRequest>[];
}

const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: {
      type: 'string',
      description: 'Stable snake_case error code',
      examples: ['validation_failed'],
    },
    instance: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

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

/** The security requirement of each kind of route authentication. */
const SECURITY: Record<RouteAuth, Record<string, never[]>[]> = {
  public: [],
  // The issuer's credentials travel in the body of POST /v2/issuers/auth.
  'issuer-credentials': [],
  basic: [{ apiClientBasic: [] }],
  client: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  issuer: [{ issuerBearer: [] }],
};

function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
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
  for (const route of options.routes.filter((r) => r.version === options.version)) {
    const path = toOpenApiPath(route.path);
    route.tags.forEach((tag) => tags.add(tag));
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      responses[status] = {
        description: response.description,
        ...(response.schema
          ? { content: { 'application/json': { schema: toJsonSchema(response.schema) } } }
          : {}),
      };
    }
    const errorStatuses = new Set([400, 429, 500, ...(route.errorStatuses ?? [])]);
    for (const status of [...errorStatuses].sort()) {
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        content: {
          'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
        },
      };
    }
    paths[path] ??= {};
    paths[path][route.method] = {
      operationId: route.operationId,
      summary: route.summary,
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
                schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
                description:
                  'Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict.',
              },
            ]
          : []),
        {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,128}$' },
          description: 'Correlates logs across services; echoed in the response.',
        },
      ],
      ...(route.request.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toJsonSchema(route.request.body) } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: options.description },
    servers: [{ url: options.serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Problem: PROBLEM_SCHEMA },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Access token from POST /v1/tokens',
        },
        apiClientBasic: { type: 'http', scheme: 'basic', description: 'Api client id and secret' },
        issuerBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Issuer access token from POST /v2/issuers/auth (15 minutes)',
        },
      },
    },
  };
}
