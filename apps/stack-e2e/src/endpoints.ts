import type { Api } from './api';

/** A JSON Schema fragment of the OpenAPI documents. */
export type JsonSchema = Record<string, any>;

/** How a route authenticates, read from its OpenAPI `security` and `x-audience`. */
export type EndpointAuth = 'public' | 'basic' | 'client' | 'admin' | 'issuer';

export type TokenProblem = 'missing' | 'invalid' | 'expired' | 'revoked';

export interface QueryParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the served OpenAPI documents: what the generated suites iterate over. */
export interface Endpoint {
  version: 'v1' | 'v2';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path relative to the version, e.g. `/users/{user}/wallets`. */
  path: string;
  operationId: string;
  auth: EndpointAuth;
  /** Status for a refused token where the route differs from 401 (`x-rejected-token-status`). */
  rejectedTokenStatus: Partial<Record<TokenProblem, number>>;
  /** `resource:action` a scoped token must hold (`x-scope`). */
  scope?: string;
  /** A token bound to one end user may call it (`x-user-tokens`). */
  userTokens: boolean;
  pathParams: string[];
  query: QueryParameter[];
  body?: JsonSchema;
}

export interface EndpointCatalog {
  endpoints: Endpoint[];
  /** Operations per document, counted independently of the parsing above. */
  documented: Record<'v1' | 'v2', number>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function authOf(operation: JsonSchema, where: string): EndpointAuth {
  const security = (operation['security'] ?? []) as Record<string, unknown>[];
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'public';
  if (schemes.length > 1) throw new Error(`${where}: several security schemes ${schemes}`);
  switch (schemes[0]) {
    case 'apiClientBasic':
      return 'basic';
    case 'bearer':
      return operation['x-audience'] === 'admin' ? 'admin' : 'client';
    case 'adminBearer':
      return 'admin';
    case 'issuerBearer':
      return 'issuer';
    default:
      throw new Error(`${where}: unknown security scheme ${schemes[0]}`);
  }
}

/** Every operation of /v1/openapi.json and /v2/openapi.json of the running gateway. */
export async function loadEndpoints(api: Api): Promise<EndpointCatalog> {
  const endpoints: Endpoint[] = [];
  const documented = { v1: 0, v2: 0 };
  for (const version of ['v1', 'v2'] as const) {
    const res = await api.get(`/${version}/openapi.json`);
    if (res.status !== 200) throw new Error(`/${version}/openapi.json answered ${res.status}`);
    const paths = res.body.paths as Record<string, Record<string, JsonSchema>>;
    for (const [path, operations] of Object.entries(paths)) {
      documented[version] += Object.keys(operations).filter((key) =>
        (METHODS as readonly string[]).includes(key),
      ).length;
      for (const method of METHODS) {
        const operation = operations[method];
        if (!operation) continue;
        const where = `${method.toUpperCase()} /${version}${path}`;
        const parameters = (operation['parameters'] ?? []) as JsonSchema[];
        const pathParams = parameters.filter((p) => p['in'] === 'path').map((p) => p['name']);
        const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        if (pathParams.join() !== inPath.join())
          throw new Error(`${where}: path parameters ${pathParams} do not match the path`);
        endpoints.push({
          version,
          method: method.toUpperCase() as Endpoint['method'],
          path,
          operationId: operation['operationId'],
          auth: authOf(operation, where),
          rejectedTokenStatus: operation['x-rejected-token-status'] ?? {},
          ...(operation['x-scope'] ? { scope: operation['x-scope'] } : {}),
          userTokens: operation['x-user-tokens'] === true,
          pathParams,
          query: parameters
            .filter((p) => p['in'] === 'query')
            .map((p) => ({
              name: p['name'],
              required: p['required'] === true,
              schema: p['schema'],
            })),
          ...(operation['requestBody']
            ? { body: operation['requestBody']['content']['application/json']['schema'] }
            : {}),
        });
      }
    }
  }
  return { endpoints, documented };
}

/** `/users/{user}` with `{user: 'u1'}` → `/v1/users/u1` (values are percent-encoded). */
export function fillPath(
  endpoint: Pick<Endpoint, 'version' | 'path'>,
  values: Record<string, string>,
  encode: (value: string) => string = encodeURIComponent,
): string {
  return `/${endpoint.version}${endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for path parameter {${name}}`);
    return encode(value);
  })}`;
}

export const describeEndpoint = (endpoint: Endpoint) =>
  `${endpoint.method} /${endpoint.version}${endpoint.path} (${endpoint.operationId})`;
