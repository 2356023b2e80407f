import { Api } from './api';
import { type Stack, startStack } from './stack';
import { fund, newUser, openWallet } from './world';

// Auditors read and change nothing: a tenant's auditor its tenant, an admin's auditor every
// tenant; users' personal fields masked; every write refused, at the gateway and by the services.
let stack: Stack;
let api: Api;
let admin: string;
let tenantA: Awaited<ReturnType<Api['newClient']>>;
let tenantB: Awaited<ReturnType<Api['newClient']>>;
let userA: string;
let walletA: string;
let userB: string;
let tenantAuditor: string;
let platformAuditor: { email: string; token: string };
const PASSWORD = 'a-long-auditor-password';

async function newAuditor(name: string, tenantId?: string) {
  const email = `${name}-${Math.random().toString(36).slice(2)}@e2e.test`;
  const created = await api.post('/v1/clients', {
    token: admin,
    body: {
      name,
      email,
      password: PASSWORD,
      audience: ['auditor'],
      ...(tenantId ? { tenantId } : {}),
    },
  });
  expect(created.status).toBe(201);
  expect(created.body.audience).toEqual(['auditor']);
  return { email, token: (await api.login(email, PASSWORD)).access_token as string };
}

beforeAll(async () => {
  stack = await startStack({ only: ['identity', 'wallet-ledger', 'policy', 'trading', 'signing'] });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenantA = await api.newClient(admin, 'Audited A');
  tenantB = await api.newClient(admin, 'Audited B');
  const created = await api.post('/v1/users/individual-person', {
    token: tenantA.token,
    body: {
      generalConditions: '2026-01-01',
      name: 'Valentina',
      surname: 'Ferreira',
      idNumber: '40123456',
      email: 'valentina@example.com',
      externalReference: 'crm-7',
    },
  });
  expect(created.status).toBe(201);
  userA = created.body.id;
  walletA = await openWallet(api, tenantA.token, userA);
  await fund(api, admin, walletA, '2');
  userB = await newUser(api, tenantB.token, 'Bruno');
  tenantAuditor = (await newAuditor('tenant-auditor', tenantA.id)).token;
  platformAuditor = await newAuditor('platform-auditor');
}, 120_000);

afterAll(() => stack?.cleanup());

describe("a tenant's auditor", () => {
  it("reads its tenant's users with their personal fields masked, and no other tenant's", async () => {
    const listed = await api.get('/v1/users', { token: tenantAuditor });
    expect(listed.status).toBe(200);
    expect(listed.body.map((u: { id: string }) => u.id)).toEqual([userA]);
    const read = await api.get(`/v1/users/${userA}`, { token: tenantAuditor });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: userA,
      blocked: false,
      externalReference: 'crm-7',
      individualPerson: { name: 'V********', surname: 'F*******', idNumber: '4*******' },
    });
    expect(read.body.individualPerson.email).toBe('v********@example.com');
    expect(JSON.stringify(read.body)).not.toMatch(/Valentina|Ferreira|40123456/);
    // The tenant itself still reads them in full.
    expect((await api.get(`/v1/users/${userA}`, { token: tenantA.token })).body).toMatchObject({
      individualPerson: { name: 'Valentina', idNumber: '40123456' },
    });
    expect((await api.get(`/v1/users/${userB}`, { token: tenantAuditor })).status).toBe(404);
  });

  it("reads its tenant's wallets, movements, policies, approvals and audit chain", async () => {
    for (const path of [
      `/v1/users/${userA}/wallets`,
      `/v1/users/${userA}/wallets/${walletA}/transactions`,
      `/v1/users/${userA}/wallets/${walletA}/incomes`,
      '/v1/policies',
      '/v1/approvals',
      '/v1/audit/export',
    ])
      expect([path, (await api.get(path, { token: tenantAuditor })).status]).toEqual([path, 200]);
    const movements = await api.get(`/v1/users/${userA}/wallets/${walletA}/transactions`, {
      token: tenantAuditor,
    });
    expect(movements.body).toEqual([expect.objectContaining({ amount: '2', movement: 'in' })]);
  });

  it('is refused every change, and what it tried changed nothing', async () => {
    const before = (await api.get('/v1/users', { token: tenantA.token })).body.length;
    for (const [method, path, body] of [
      ['POST', '/v1/users/individual-person', { generalConditions: '2026-01-01', name: 'X' }],
      ['PATCH', `/v1/users/${userA}/individual-person`, { status: 'blocked' }],
      ['POST', `/v1/users/${userA}/wallets`, { assetId: 'eth', device: 'd', ip: '203.0.113.1' }],
      [
        'POST',
        '/v1/policies',
        { name: 'p', activity: 'withdrawal', rule: { type: 'always' }, action: 'block' },
      ],
    ] as const) {
      const answer = await api.request(method, path, { token: tenantAuditor, body });
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, 'auditor_read_only']);
    }
    expect((await api.get('/v1/users', { token: tenantA.token })).body.length).toBe(before);
    expect((await api.get(`/v1/users/${userA}`, { token: tenantA.token })).body.blocked).toBe(
      false,
    );
  });

  it('reads no admin route, nor what auditors do not read (clients, notification receivers)', async () => {
    expect((await api.get('/v1/audit-events', { token: tenantAuditor })).status).toBe(403);
    expect((await api.get('/v1/clients', { token: tenantAuditor })).status).toBe(403);
    expect((await api.get('/v1/notifications', { token: tenantAuditor })).status).toBe(403);
  });
});

describe("an admin's auditor", () => {
  it('reads every tenant’s users, masked, and the platform’s audit log', async () => {
    const listed = await api.get('/v1/users?limit=100', { token: platformAuditor.token });
    expect(listed.status).toBe(200);
    const ids = listed.body.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([userA, userB]));
    expect(JSON.stringify(listed.body)).not.toMatch(/Valentina|Bruno/);
    expect((await api.get('/v1/audit-events', { token: platformAuditor.token })).status).toBe(200);
    expect(
      (await api.get('/v1/users/*/wallets/*/transactions', { token: platformAuditor.token }))
        .status,
    ).toBe(200);
  });

  it('is refused every change, admin routes included', async () => {
    const answer = await api.post('/v1/clients', {
      token: platformAuditor.token,
      body: { name: 'n', email: 'n@e2e.test', password: 'a-long-client-password' },
    });
    expect([answer.status, answer.body.code]).toEqual([403, 'auditor_read_only']);
    const report = await api.post('/v1/admin/incomes', {
      token: platformAuditor.token,
      body: {
        walletId: walletA,
        amount: '1',
        blockchainTransactionId: '0xaudit',
        senderAddress: '0xsender',
        transactionTimestamp: '2026-01-01',
      },
    });
    expect([report.status, report.body.code]).toEqual([403, 'auditor_read_only']);
    expect(
      (await api.get(`/v1/users/${userA}/wallets/${walletA}`, { token: tenantA.token })).body
        .balance,
    ).toBe('2');
  });

  it('signs in only through an admin api client, as admins do', async () => {
    const app = await api.post('/v1/api-clients', {
      token: admin,
      body: { name: 'a fintech app' },
    });
    expect(app.status).toBe(201);
    const refused = await api.post('/v1/tokens', {
      basic: { id: app.body.id, secret: app.body.secret },
      body: { grant_type: 'password', username: platformAuditor.email, password: PASSWORD },
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'audience_not_allowed']);
  });
});

it('refuses an auditor that would be anything else too', async () => {
  const answer = await api.post('/v1/clients', {
    token: admin,
    body: {
      name: 'both',
      email: `both-${Date.now()}@e2e.test`,
      password: PASSWORD,
      audience: ['auditor', 'general'],
    },
  });
  expect([answer.status, answer.body.code]).toEqual([400, 'auditor_audience_invalid']);
});
