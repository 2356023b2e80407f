import { waitFor } from '@custody/testing';
import { Api, type ApiResponse } from './api';
import {
  describeEndpoint,
  type Endpoint,
  type EndpointCatalog,
  fillPath,
  loadEndpoints,
  type TokenProblem,
} from './endpoints';
import { type Stack, startStack } from './stack';
import {
  type GlobalRecords,
  globalRecords,
  type IssuerRecords,
  newIssuer,
  newUser,
  pathValues,
  populateTenant,
  SAMPLE_BODIES,
  SAMPLE_QUERIES,
  type TenantRecords,
} from './world';

/**
 * Every endpoint of the OpenAPI documents × every way a caller can hold the wrong credentials.
 * Endpoints are enumerated from /v1/openapi.json and /v2/openapi.json of the running gateway (the
 * documents are generated from the gateway's route table), so a new endpoint is in the matrix
 * without anyone adding it. The expected answer of each cell follows from rules about the
 * endpoint (its authentication, the records its path names), never from a per-endpoint list.
 */

/**
 * Whose record a path parameter names: one end user's, the tenant's as a whole, nobody's (global
 * reference data), or an issuer's. A new parameter must be classified here (a test checks it).
 */
const PARAM_OWNER: Record<string, 'user' | 'tenant' | 'global' | 'issuer'> = {
  user: 'user',
  wallet: 'user',
  txId: 'user',
  signedMsgId: 'user',
  signedTypedDataId: 'user',
  whitelist: 'user',
  transfer: 'user',
  income: 'user',
  transaction: 'user',
  withdrawal: 'user',
  purchase: 'user',
  client: 'tenant',
  deliveryId: 'tenant',
  receiverId: 'tenant',
  policy: 'tenant',
  approval: 'tenant',
  event: 'tenant',
  key: 'tenant',
  passkey: 'tenant',
  apiClient: 'global',
  asset: 'global',
  assetId: 'global',
  marketDataId: 'global',
  rate: 'global',
  notificationId: 'global',
  service: 'global',
  clientIssuerId: 'issuer',
  clientIssueId: 'issuer',
  clientIssueActivityId: 'issuer',
};

type Expectation = { status: number; code: string } | { skip: string };

interface Caller {
  token?: string;
  /** Values of the path parameters (the records the request names). */
  values: Record<string, string>;
}

interface MatrixCase {
  name: string;
  /** Who calls `endpoint`, with which path values. */
  caller: (endpoint: Endpoint) => Caller;
  expect: (endpoint: Endpoint) => Expectation;
}

let stack: Stack;
let api: Api;
let admin: string;
let catalog: EndpointCatalog;
let tenantA: Awaited<ReturnType<Api['newClient']>>;
let tenantB: Awaited<ReturnType<Api['newClient']>>;
let records: TenantRecords;
let issuerA: IssuerRecords;
let issuerB: IssuerRecords;
let rotated: IssuerRecords;
let globals: GlobalRecords;
let values: Record<string, string>;
const tokens = {
  expired: '',
  revoked: '',
  bound: '',
  ownUser: '',
  scoped: '',
  scopedAdmin: '',
  tenantAuditor: '',
  platformAuditor: '',
};
const tally = { requests: 0, skipped: 0 };

const tokenRefusal = (endpoint: Endpoint, problem: TokenProblem) => ({
  status: endpoint.rejectedTokenStatus[problem] ?? 401,
  code: problem === 'missing' ? 'unauthorized' : `token_${problem}`,
});
const INVALID_CLIENT = { status: 401, code: 'invalid_client' };
const NOT_ADMIN = { status: 403, code: 'forbidden' };
const USER_TOKEN_FORBIDDEN = { status: 403, code: 'user_token_forbidden' };
const INSUFFICIENT_SCOPE = { status: 403, code: 'insufficient_scope' };
const PUBLIC = { skip: 'public route' };
const AUDITOR_READ_ONLY = { status: 403, code: 'auditor_read_only' };
/** What an auditor reads, by the route's `read` scope (the gateway's AUDITOR_READS). */
const AUDITOR_READS = new Set([
  'audit',
  'policies',
  'approvals',
  'users',
  'wallets',
  'transactions',
  'transfers',
  'withdrawals',
  'incomes',
  'purchases',
  'assets',
  'enums',
]);

/** An auditor's answer: every change refused, reads only of what auditors read. */
function auditorExpectation(e: Endpoint, platform: boolean): Expectation {
  return byKind(e, {
    basic: () => INVALID_CLIENT,
    issuer: () => tokenRefusal(e, 'invalid'),
    client: () => auditorRead(e, platform),
    admin: () => auditorRead(e, platform),
  });
}

function auditorRead(e: Endpoint, platform: boolean): Expectation {
  if (e.method !== 'GET') return AUDITOR_READ_ONLY;
  const [resource, action] = (e.scope ?? '').split(':');
  if (action !== 'read' || !AUDITOR_READS.has(resource ?? '')) return NOT_ADMIN;
  if (e.auth === 'admin' && !platform) return NOT_ADMIN;
  return { skip: 'an auditor reads it' };
}

const WILDCARD = { user: '*', wallet: '*' };
const names = (endpoint: Endpoint, ...params: string[]) =>
  params.some((p) => endpoint.pathParams.includes(p));
/** A list read: a GET whose path ends with a collection, not with an id. */
const isListing = (endpoint: Endpoint) => endpoint.method === 'GET' && !endpoint.path.endsWith('}');
/** By-id reads that the admin can address with `*` for the user and wallet (found in beforeAll). */
const adminWildcardReads = new Set<string>();

const owners = (endpoint: Endpoint) => new Set(endpoint.pathParams.map((p) => PARAM_OWNER[p]));

/** The values of the tenant's records that a sample body names (e.g. a transfer's wallets). */
function namedRecords(endpoint: Endpoint, caller: Caller): string[] {
  const body = sampleBody(endpoint, caller.values);
  if (body === undefined) return [];
  const text = JSON.stringify(body);
  return Object.entries(PARAM_OWNER)
    .filter(([param, owner]) =>
      owner === 'user' || owner === 'tenant' ? caller.values[param] : false,
    )
    .map(([param]) => caller.values[param]!)
    .filter((id) => text.includes(`"${id}"`));
}

/** Routes any bearer token may try, answered by the rules of their kind. */
function byKind(
  endpoint: Endpoint,
  rules: Partial<Record<Endpoint['auth'], () => Expectation>>,
): Expectation {
  const rule = rules[endpoint.auth];
  if (rule) return rule();
  if (endpoint.auth === 'public') return PUBLIC;
  return { skip: `not a case for ${endpoint.auth} routes` };
}

const CASES: MatrixCase[] = [
  {
    name: 'a request without a token',
    caller: () => ({ values }),
    expect: (e) =>
      byKind(e, {
        basic: () => INVALID_CLIENT,
        client: () => tokenRefusal(e, 'missing'),
        admin: () => tokenRefusal(e, 'missing'),
        issuer: () => tokenRefusal(e, 'missing'),
      }),
  },
  {
    name: 'an expired token',
    caller: () => ({ token: tokens.expired, values }),
    expect: (e) =>
      byKind(e, {
        basic: () => INVALID_CLIENT,
        client: () => tokenRefusal(e, 'expired'),
        admin: () => tokenRefusal(e, 'expired'),
        // The audience is checked before the expiry: a v1 token is invalid there, expired or not.
        issuer: () => tokenRefusal(e, 'invalid'),
      }),
  },
  {
    name: 'a revoked token',
    // Issuer routes get an issuer token whose secret was rotated since, on its own paths.
    caller: (e) =>
      e.auth === 'issuer'
        ? { token: rotated.token, values: pathValues(records, rotated, globals) }
        : { token: tokens.revoked, values },
    expect: (e) =>
      byKind(e, {
        basic: () => INVALID_CLIENT,
        client: () => tokenRefusal(e, 'revoked'),
        admin: () => tokenRefusal(e, 'revoked'),
        issuer: () => tokenRefusal(e, 'revoked'),
      }),
  },
  {
    name: 'a token of another tenant',
    caller: () => ({ token: tenantB.token, values }),
    expect: (e) =>
      byKind(e, {
        basic: () => INVALID_CLIENT,
        admin: () => NOT_ADMIN,
        issuer: () => tokenRefusal(e, 'invalid'),
        client: () => {
          const own = owners(e);
          if (own.has('user') || own.has('tenant') || namedRecords(e, { values }).length > 0)
            return { status: 404, code: 'not_found' };
          return { skip: 'names no record of a tenant' };
        },
      }),
  },
  {
    name: 'a token bound to another user',
    caller: () => ({ token: tokens.bound, values }),
    expect: (e) =>
      byKind(e, {
        basic: () => INVALID_CLIENT,
        admin: () => NOT_ADMIN,
        issuer: () => tokenRefusal(e, 'invalid'),
        client: () => {
          if (!e.userTokens) return USER_TOKEN_FORBIDDEN;
          const forbidden = { status: 403, code: 'user_forbidden' };
          if (e.pathParams.includes('user')) return forbidden;
          // A record of another user named without its user (a transfer): not visible to the token.
          if (owners(e).has('user')) return { status: 404, code: 'not_found' };
          if (namedRecords(e, { values }).includes(values['user']!)) return forbidden;
          // The users collection itself: a bound token cannot create another user.
          if (e.path.startsWith('/users/') && e.method !== 'GET') return forbidden;
          return { skip: "names no other user's record" };
        },
      }),
  },
  {
    name: "a token bound to a user, on a route outside that user's lane",
    caller: () => ({ token: tokens.ownUser, values }),
    expect: (e) =>
      byKind(e, {
        basic: () => INVALID_CLIENT,
        admin: () => NOT_ADMIN,
        issuer: () => tokenRefusal(e, 'invalid'),
        client: () => (e.userTokens ? { skip: "in the user's lane" } : USER_TOKEN_FORBIDDEN),
      }),
  },
  {
    name: "a general client whose scopes lack the route's",
    caller: () => ({ token: tokens.scoped, values }),
    expect: (e) =>
      byKind(e, {
        basic: () => INVALID_CLIENT,
        admin: () => NOT_ADMIN,
        issuer: () => tokenRefusal(e, 'invalid'),
        client: () => INSUFFICIENT_SCOPE,
      }),
  },
  {
    name: "an admin whose scopes lack the route's",
    caller: () => ({ token: tokens.scopedAdmin, values }),
    expect: (e) =>
      byKind(e, {
        basic: () => INVALID_CLIENT,
        admin: () => INSUFFICIENT_SCOPE,
        issuer: () => tokenRefusal(e, 'invalid'),
        client: () => INSUFFICIENT_SCOPE,
      }),
  },
  {
    name: 'a general token on an admin route',
    caller: () => ({ token: tenantA.token, values }),
    expect: (e) => (e.auth === 'admin' ? NOT_ADMIN : { skip: 'not an admin route' }),
  },
  {
    name: 'an issuer token on a v1 route',
    caller: () => ({ token: issuerA.token, values }),
    expect: (e) =>
      byKind(e, {
        basic: () => INVALID_CLIENT,
        client: () => tokenRefusal(e, 'invalid'),
        admin: () => tokenRefusal(e, 'invalid'),
      }),
  },
  {
    name: 'a v1 token on an issuer route',
    caller: () => ({ token: admin, values }),
    expect: (e) =>
      e.auth === 'issuer' ? tokenRefusal(e, 'invalid') : { skip: 'not an issuer route' },
  },
  {
    name: "issuer A's token on issuer B's paths",
    caller: () => ({ token: issuerA.token, values: pathValues(records, issuerB, globals) }),
    expect: (e) => {
      if (!e.pathParams.includes('clientIssuerId')) return { skip: 'names no issuer' };
      if (e.auth === 'issuer') return { status: 403, code: 'issuer_forbidden' };
      return tokenRefusal(e, 'invalid'); // the admin's routes about issuers take v1 tokens only
    },
  },
  {
    name: "an auditor of the tenant: reads only, and only the auditor's reads",
    caller: () => ({ token: tokens.tenantAuditor, values }),
    expect: (e) => auditorExpectation(e, false),
  },
  {
    name: 'an auditor of the platform: reads only, and only the auditor’s reads',
    caller: () => ({ token: tokens.platformAuditor, values }),
    expect: (e) => auditorExpectation(e, true),
  },
  {
    name: 'a general token using * for the user or wallet',
    caller: () => ({ token: tenantA.token, values: { ...values, ...WILDCARD } }),
    expect: (e) => {
      if (e.auth !== 'client' || !names(e, 'user', 'wallet'))
        return { skip: 'names no user or wallet' };
      // `*` is the admin's: refused to others where it means something, an unknown id elsewhere.
      if (isListing(e) || adminWildcardReads.has(e.operationId))
        return { status: 403, code: 'wildcard_forbidden' };
      return { status: 404, code: 'not_found' };
    },
  },
];

function sampleBody(endpoint: Endpoint, vals: Record<string, string>): unknown {
  if (!endpoint.body) return undefined;
  const sample = SAMPLE_BODIES[endpoint.operationId];
  if (!sample) throw new Error(`${describeEndpoint(endpoint)} has no sample body in world.ts`);
  return sample(vals);
}

function requestPath(endpoint: Endpoint, vals: Record<string, string>): string {
  const query = new URLSearchParams(SAMPLE_QUERIES[endpoint.operationId] ?? {}).toString();
  return fillPath(endpoint, vals) + (query ? `?${query}` : '');
}

function send(endpoint: Endpoint, caller: Caller): Promise<ApiResponse> {
  tally.requests++;
  const body = sampleBody(endpoint, caller.values);
  return api.request(endpoint.method, requestPath(endpoint, caller.values), {
    ...(caller.token ? { token: caller.token } : {}),
    ...(body !== undefined ? { body } : {}),
  });
}

function describeAnswer(res: ApiResponse): string {
  const type = res.headers.get('content-type') ?? 'no content type';
  const body = typeof res.body === 'object' ? JSON.stringify(res.body) : String(res.body);
  return `${res.status} ${type} ${body?.slice(0, 200)}`;
}

/** Runs `work` over `items` with a few requests in flight at a time. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>, width = 6) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

beforeAll(async () => {
  stack = await startStack({
    env: {
      gateway: { RATE_LIMIT_PER_MINUTE: '0', TOKEN_RATE_LIMIT_PER_MINUTE: '0' },
      notifier: { NOTIFIER_ALLOW_PRIVATE_URLS: 'true', NOTIFIER_DISPATCH_INTERVAL_MS: '100' },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  catalog = await loadEndpoints(api);
  tenantA = await api.newClient(admin, 'Tenant A');
  tenantB = await api.newClient(admin, 'Tenant B');
  // Tokens of this api client live one second: the tenant's token expires while the rest is built.
  const shortLived = await api.post('/v1/api-clients', {
    token: admin,
    body: { name: 'short-lived', accessTokenExpiresIn: 1 },
  });
  expect(shortLived.status).toBe(201);
  tokens.expired = (
    await api.login(tenantA.email, tenantA.password, {
      app: { id: shortLived.body.id, secret: shortLived.body.secret },
    })
  ).access_token;
  [records, issuerA, issuerB, rotated] = await Promise.all([
    populateTenant(api, admin, tenantA),
    newIssuer(api, admin, 'Issuer A'),
    newIssuer(api, admin, 'Issuer B'),
    newIssuer(api, admin, 'Issuer R'),
  ]);
  globals = await globalRecords(api, admin, shortLived.body.id);
  values = pathValues(records, issuerA, globals);
  // Bound to a user of the same tenant who has no part in any of the records above.
  tokens.bound = (
    await api.login(tenantA.email, tenantA.password, {
      userId: await newUser(api, tenantA.token, 'Outsider'),
    })
  ).access_token;
  tokens.ownUser = (
    await api.login(tenantA.email, tenantA.password, { userId: values['user']! })
  ).access_token;
  // Clients that hold a scope no route asks for: every route refuses them.
  const scopedClient = async (name: string, audience: string[]) => {
    const email = `${name}-${Date.now()}@e2e.test`;
    const created = await api.post('/v1/clients', {
      token: admin,
      body: {
        name,
        email,
        password: 'a-long-client-password',
        audience,
        scopes: [['nothing', 'read']],
      },
    });
    expect(created.status).toBe(201);
    return (await api.login(email, 'a-long-client-password')).access_token;
  };
  tokens.scoped = await scopedClient('scoped', ['general']);
  const auditor = async (name: string, tenantId?: string) => {
    const email = `${name}-${Date.now()}@e2e.test`;
    const created = await api.post('/v1/clients', {
      token: admin,
      body: {
        name,
        email,
        password: 'a-long-client-password',
        audience: ['auditor'],
        ...(tenantId ? { tenantId } : {}),
      },
    });
    expect(created.status).toBe(201);
    return (await api.login(email, 'a-long-client-password')).access_token;
  };
  tokens.tenantAuditor = await auditor('tenant-auditor', tenantA.id);
  tokens.platformAuditor = await auditor('platform-auditor');
  tokens.scopedAdmin = await scopedClient('scoped-admin', ['admin']);
  tokens.revoked = (await api.login(tenantA.email, tenantA.password)).access_token;
  const revocation = await api.post('/v1/tokens/revoke', {
    basic: api.bootstrapApp,
    body: { token: tokens.revoked },
  });
  expect(revocation.status).toBe(200);
  const rotation = await api.post(`/v2/issuers/${rotated.id}/rotate-secret`, { token: admin });
  expect(rotation.status).toBe(200);
  for (const e of catalog.endpoints) {
    if (e.method !== 'GET' || isListing(e) || !names(e, 'user', 'wallet')) continue;
    const res = await api.get(requestPath(e, { ...values, ...WILDCARD }), { token: admin });
    if (res.status === 200) adminWildcardReads.add(e.operationId);
  }
  await waitFor(
    async () =>
      (await api.get(`/v1/clients/${tenantA.id}`, { token: tokens.expired })).body?.code ===
      'token_expired',
    { timeoutMs: 10_000, intervalMs: 200, what: 'the short-lived token to expire' },
  );
}, 120_000);

afterAll(async () => {
  if (tally.requests > 0)
    console.log(
      `security matrix: ${catalog.endpoints.length} endpoints, ${tally.requests} requests, ` +
        `${tally.skipped} cells not applicable`,
    );
  await stack?.cleanup();
});

describe('the endpoint catalog', () => {
  it('enumerates every operation of the v1 and v2 OpenAPI documents', () => {
    const { endpoints, documented } = catalog;
    expect(endpoints.length).toBe(documented.v1 + documented.v2);
    expect(documented.v1).toBeGreaterThan(0);
    expect(documented.v2).toBeGreaterThan(0);
    expect(new Set(endpoints.map((e) => e.operationId)).size).toBe(endpoints.length);
  });

  it('knows whose record every path parameter names', () => {
    const unknown = catalog.endpoints.flatMap((e) =>
      e.pathParams.filter((p) => !PARAM_OWNER[p]).map((p) => `{${p}} of ${describeEndpoint(e)}`),
    );
    expect(unknown).toEqual([]);
  });

  it('has a sample body for every endpoint that takes one, and values for required queries', () => {
    const missing = catalog.endpoints.flatMap((e) => [
      ...(e.body && !SAMPLE_BODIES[e.operationId] ? [`body of ${describeEndpoint(e)}`] : []),
      ...e.query
        .filter((q) => q.required && SAMPLE_QUERIES[e.operationId]?.[q.name] === undefined)
        .map((q) => `query ${q.name} of ${describeEndpoint(e)}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('puts every endpoint but the public ones in at least one cell of the matrix', () => {
    const uncovered = catalog.endpoints
      .filter((e) => e.auth !== 'public')
      .filter((e) => CASES.every((c) => 'skip' in c.expect(e)))
      .map(describeEndpoint);
    expect(uncovered).toEqual([]);
    const publicOnes = catalog.endpoints.filter((e) => e.auth === 'public').map(describeEndpoint);
    expect(publicOnes).toEqual(['POST /v2/issuers/auth (authenticateIssuer)']);
  });
});

describe('the records the matrix names', () => {
  it('are real: their owners read every GET endpoint that names them with 200', async () => {
    const failures: string[] = [];
    const reads = catalog.endpoints.filter((e) => e.method === 'GET' && e.auth !== 'public');
    await inParallel(reads, async (e) => {
      const token =
        e.auth === 'admin' ? admin : e.auth === 'issuer' ? issuerA.token : tenantA.token;
      const res = await api.get(requestPath(e, values), { token });
      if (res.status !== 200) failures.push(`${describeEndpoint(e)}: ${describeAnswer(res)}`);
    });
    expect(failures).toEqual([]);
  });
});

describe('* for the user or wallet', () => {
  it('lets the admin list across users and wallets on every list that names them', async () => {
    const failures: string[] = [];
    const lists = catalog.endpoints.filter(
      (e) => e.auth === 'client' && isListing(e) && names(e, 'user', 'wallet'),
    );
    expect(lists.length).toBeGreaterThan(0);
    await inParallel(lists, async (e) => {
      const res = await api.get(requestPath(e, { ...values, ...WILDCARD }), { token: admin });
      // The tenant's fixture holds a record of every kind, so a list across all is never empty.
      if (res.status !== 200 || !Array.isArray(res.body) || res.body.length === 0)
        failures.push(`${describeEndpoint(e)}: ${describeAnswer(res)}`);
    });
    expect(failures).toEqual([]);
  });
});

describe('the security matrix', () => {
  it.each(CASES)('refuses $name on every endpoint', async (matrixCase) => {
    const failures: string[] = [];
    const cells = catalog.endpoints.flatMap((e) => {
      const expected = matrixCase.expect(e);
      if ('skip' in expected) {
        tally.skipped++;
        return [];
      }
      return [{ endpoint: e, expected }];
    });
    expect(cells.length).toBeGreaterThan(0);
    await inParallel(cells, async ({ endpoint, expected }) => {
      const res = await send(endpoint, matrixCase.caller(endpoint));
      const problem = /^application\/problem\+json/.test(res.headers.get('content-type') ?? '');
      if (res.status !== expected.status || !problem || res.body?.code !== expected.code) {
        failures.push(
          `${describeEndpoint(endpoint)}: expected ${expected.status} ${expected.code}, got ${describeAnswer(res)}`,
        );
      }
    });
    expect(failures).toEqual([]);
  });
});
