import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { waitFor } from '@custody/testing';
import { Api } from './api';
import { describeEndpoint, type Endpoint, type EndpointCatalog, loadEndpoints } from './endpoints';
import { type HostileRequest, hostileRequests, type Role } from './hostile';
import { BOOTSTRAP, type Stack, startStack } from './stack';
import {
  globalRecords,
  type IssuerRecords,
  newIssuer,
  pathValues,
  populateTenant,
  SAMPLE_BODIES,
  SAMPLE_QUERIES,
} from './world';

/**
 * Property-based fuzzing of every endpoint of the OpenAPI documents with hostile requests (see
 * hostile.ts), sent with valid tokens (an admin's and a general client's, an issuer's on v2).
 * Properties: no 5xx ever; every 4xx is problem+json with a stable code; a request the documents
 * make invalid is refused; and no money moves — balances, transfers, withdrawals, purchases,
 * incomes and transactions read the same before and after, and the ledger invariants hold.
 *
 * Size: FUZZ_REQUESTS (default 1,500, about 20 s of requests on two cores); `npm run test:faults`
 * sends 10,000. A failure prints fast-check's seed and path: replay it with FUZZ_SEED and
 * FUZZ_PATH (and the same FUZZ_REQUESTS).
 */
const REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 1_500);
const SEED =
  process.env['FUZZ_SEED'] !== undefined
    ? Number(process.env['FUZZ_SEED'])
    : Math.floor(Math.random() * 2 ** 31);
const REPLAY_PATH = process.env['FUZZ_PATH'];
/** Requests in flight at once (one fast-check run sends one batch). */
const IN_FLIGHT = 8;

/**
 * Writes that may succeed with hostile values: they move no money (a signed transaction may:
 * it holds what it sends) and destroy no record the
 * fuzzer needs (they create records, or change a user's KYC data, a receiver, a whitelist's review
 * status, a webhook secret). Every other write — and every new endpoint until it is listed here —
 * gets a mutation that makes it invalid, and must be refused.
 */
const MAY_SUCCEED = new Set([
  'createClient',
  'createApiClient',
  'updateApiClient',
  'createIndividualPerson',
  'createLegalPerson',
  'updateIndividualPerson',
  'updateLegalPerson',
  'createWallet',
  'createSignedMessage',
  'createSignedTypedData',
  'createWhitelist',
  'updateWhitelist',
  'rotateWebhookSigningSecret',
  'redeliver',
  'createReceiver',
  'updateReceiver',
  'createIssuer',
  'createIssue',
  'createMessageActivity',
  'createRequestActivity',
  'createHolder',
  // A WebAuthn challenge kept a few minutes in Redis, nothing else.
  'createPasskeyRegistrationOptions',
  'createWebAuthnChallenge',
]);

const ROLES: Record<Endpoint['auth'], Role[]> = {
  public: ['anonymous'],
  basic: ['basic'],
  client: ['admin', 'general'],
  admin: ['admin', 'admin', 'admin', 'general'],
  issuer: ['issuer'],
};

let stack: Stack;
let api: Api;
let admin: string;
let catalog: EndpointCatalog;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let issuer: IssuerRecords;
let values: Record<string, string>;

const tally = { sent: 0, byStatus: new Map<number, number>(), mustFail: 0, accepted: 0 };
/** Successful writes, reported if money moved. */
const acceptedWrites: string[] = [];
/** Error-level log lines of the apps (a 5xx's cause is there). */
const loggedErrors: string[] = [];

function collectLogs() {
  for (const proc of Object.values(stack.apps)) {
    for (const entry of proc.logs)
      if (entry['level'] === 'error' || entry['level'] === 'fatal')
        loggedErrors.push(`${proc.app}: ${JSON.stringify(entry).slice(0, 1_500)}`);
    proc.logs.length = 0;
  }
}

function authorization(role: Role): string | undefined {
  switch (role) {
    case 'admin':
      return `Bearer ${admin}`;
    case 'general':
      return `Bearer ${tenant.token}`;
    case 'issuer':
      return `Bearer ${issuer.token}`;
    case 'basic':
      return `Basic ${Buffer.from(`${BOOTSTRAP.apiClientId}:${BOOTSTRAP.apiClientSecret}`).toString('base64')}`;
    case 'anonymous':
      return undefined;
  }
}

/**
 * One request on its own connection. A pooled keep-alive connection can be closed by the server's
 * idle timeout just as the client reuses it ("other side closed"), a race that a loaded CI machine
 * widens; a fresh connection per request leaves only the gateway's own failures to report.
 */
function exchange(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; contentType: string; text: string }> {
  // Framed as fetch frames it: Node's client sends a DELETE's body with no length otherwise.
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    // Through URL, as fetch did: characters the request line cannot carry are percent-encoded.
    const req = httpRequest(new URL(url), { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? '',
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Answer {
  status: number;
  contentType: string;
  body: any;
}

async function send(request: HostileRequest): Promise<Answer> {
  const headers: Record<string, string> = {};
  const auth = authorization(request.as);
  if (auth) headers['authorization'] = auth;
  if (request.body !== undefined && request.contentType !== null)
    headers['content-type'] = request.contentType;
  const res = await exchange(
    `${stack.gatewayUrl}${request.path}${request.query ? `?${request.query}` : ''}`,
    request.method,
    headers,
    request.body,
  );
  const text = res.text;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: judged below
  }
  tally.sent++;
  tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
  if (tally.sent % 500 === 0) collectLogs();
  return { status: res.status, contentType: res.contentType, body };
}

/** What is wrong with the answer to a hostile request (empty: nothing). */
function judge(request: HostileRequest, answer: Answer): string[] {
  const problems: string[] = [];
  const { status } = answer;
  if (request.mustFail.length > 0) tally.mustFail++;
  if (status >= 500) problems.push(`answered ${status}`);
  else if (status >= 400) {
    if (!/^application\/problem\+json/.test(answer.contentType))
      problems.push(`${status} is ${answer.contentType || 'untyped'}, not problem+json`);
    else if (answer.body?.status !== status || !/^[a-z][a-z0-9_]*$/.test(answer.body?.code ?? ''))
      problems.push(`${status} without a stable code`);
  } else if (status >= 200 && status < 300) {
    tally.accepted++;
    if (request.mustFail.length > 0)
      problems.push(`accepted with ${status} although ${request.mustFail.join('; ')}`);
    else if (request.method !== 'GET' && !MAY_SUCCEED.has(request.operationId))
      problems.push(`a write that must not succeed answered ${status}`);
    else if (request.method !== 'GET')
      acceptedWrites.push(`${request.method} ${request.path} ${request.body?.slice(0, 200)}`);
  } else problems.push(`answered ${status}`);
  if (problems.length === 0) return [];
  const shown = JSON.stringify(answer.body)?.slice(0, 400);
  return [
    `${JSON.stringify({ ...request, body: request.body?.slice(0, 300) })}\n  → ${problems.join('; ')}: ${shown}`,
  ];
}

/** The money of the whole stack, read through the API. */
async function moneyState() {
  const read = async (path: string) => {
    const res = await api.get(path, { token: admin });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, any>[];
  };
  const [wallets, transfers, withdrawals, purchases, incomes, transactions, check] =
    await Promise.all([
      read('/v1/users/*/wallets?limit=0'),
      read('/v1/transfers?limit=0'),
      read('/v1/users/*/wallets/*/withdrawals?limit=0'),
      read('/v1/users/*/wallets/*/purchases?limit=0'),
      read('/v1/users/*/wallets/*/incomes?limit=0'),
      read('/v1/users/*/wallets/*/transactions?limit=0'),
      api.get('/v1/admin/ledger/check', { token: admin }),
    ]);
  const records = (rows: Record<string, any>[], ...fields: string[]) =>
    rows.map((row) => fields.map((f) => JSON.stringify(row[f])).join(' ')).sort();
  return {
    ledger: { status: check.status, ok: check.body?.ok, violations: check.body?.violations },
    // New wallets (hostile requests may open some) hold nothing; any other balance must stay.
    balances: records(
      wallets.filter((w) => w['balance'] !== '0' || w['availableBalance'] !== '0'),
      'id',
      'balance',
      'availableBalance',
    ),
    transfers: records(transfers, 'id', 'status'),
    withdrawals: records(withdrawals, 'id', 'status', 'amount', 'fee'),
    purchases: records(purchases, 'id', 'status', 'amount', 'purchased'),
    incomes: records(incomes, 'id', 'status', 'amount'),
    transactions: records(transactions, 'id', 'amount', 'walletBalance'),
  };
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
  tenant = await api.newClient(admin, 'Fuzzed tenant');
  const app = await api.post('/v1/api-clients', { token: admin, body: { name: 'fuzzed app' } });
  expect(app.status).toBe(201);
  const [records, issuerRecords] = await Promise.all([
    populateTenant(api, admin, tenant),
    newIssuer(api, admin, 'Fuzzed issuer'),
  ]);
  issuer = issuerRecords;
  values = pathValues(records, issuer, await globalRecords(api, admin, app.body.id));
}, 120_000);

afterAll(async () => {
  if (tally.sent > 0) {
    const statuses = [...tally.byStatus].sort(([a], [b]) => a - b);
    console.log(
      `fuzz (FUZZ_SEED=${SEED}): ${tally.sent} requests to ${catalog.endpoints.length} endpoints, ` +
        `${tally.mustFail} had to fail, ${tally.accepted} succeeded; statuses ` +
        statuses.map(([s, n]) => `${s}×${n}`).join(' '),
    );
  }
  await stack?.cleanup();
});

describe('hostile requests on every endpoint', () => {
  it(
    `get a 4xx problem+json or a success, never a 5xx, and move no money (${REQUESTS} requests)`,
    async () => {
      const before = await moneyState();
      expect(before.ledger).toEqual({ status: 200, ok: true, violations: [] });

      const perEndpoint = catalog.endpoints.map((endpoint) => {
        const sample = SAMPLE_BODIES[endpoint.operationId];
        if (endpoint.body && !sample)
          throw new Error(`${describeEndpoint(endpoint)} has no sample body in world.ts`);
        return hostileRequests(endpoint, {
          values,
          ...(endpoint.body ? { body: sample!(values) } : {}),
          query: SAMPLE_QUERIES[endpoint.operationId] ?? {},
          roles: ROLES[endpoint.auth],
          mayChangeState: endpoint.method === 'GET' || MAY_SUCCEED.has(endpoint.operationId),
        });
      });
      const batch = fc.array(fc.oneof(...perEndpoint), {
        minLength: IN_FLIGHT,
        maxLength: IN_FLIGHT,
      });
      await fc.assert(
        fc.asyncProperty(batch, async (requests) => {
          const answers = await Promise.all(requests.map(send));
          const problems = requests.flatMap((request, i) => judge(request, answers[i]!));
          if (problems.length > 0) {
            // The cause of a 5xx is in the logs, which may trail the answer a little.
            await waitFor(
              () => {
                collectLogs();
                return loggedErrors.length > 0;
              },
              { timeoutMs: 2_000, intervalMs: 50, what: 'error logs' },
            ).catch(() => undefined);
            throw new Error(
              `${problems.join('\n')}\nerrors logged:\n${loggedErrors.slice(-5).join('\n')}`,
            );
          }
        }),
        {
          numRuns: Math.ceil(REQUESTS / IN_FLIGHT),
          seed: SEED,
          ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}),
          endOnFailure: true,
          // The hostile pools are the edge cases already: pick among them evenly.
          unbiased: true,
        },
      );
      expect(tally.sent).toBeGreaterThanOrEqual(REQUESTS);

      // Failures that never reach the client (an audit record that could not be stored) are
      // errors in the logs.
      collectLogs();
      expect(loggedErrors).toEqual([]);

      const after = await moneyState();
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        throw new Error(
          `Money changed (FUZZ_SEED=${SEED}).\nbefore: ${JSON.stringify(before)}\n` +
            `after: ${JSON.stringify(after)}\nwrites that succeeded:\n${acceptedWrites.join('\n')}`,
        );
      }
    },
    120_000 + REQUESTS * 60,
  );
});
