import { Api, expectProblem } from './api';
import { type Stack, startStack } from './stack';
import { DEVICE } from './world';

/**
 * Tenant members: clients an admin creates inside a general client's tenant. Each logs in with
 * its own password and acts on the tenant's users and wallets within its own scopes.
 */

let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let outsider: Awaited<ReturnType<Api['newClient']>>;

async function newMember(
  tenantId: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; token: string; email: string }> {
  const email = `member-${Math.random().toString(36).slice(2)}@e2e.test`;
  const created = await api.post('/v1/clients', {
    token: admin,
    body: { name: 'Member', email, password: 'a-long-member-password', tenantId, ...extra },
  });
  expect(created.status).toBe(201);
  const login = await api.login(email, 'a-long-member-password');
  return { id: created.body.id as string, token: login.access_token, email };
}

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier', 'policy'],
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Tenant');
  outsider = await api.newClient(admin, 'Outsider');
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
});

describe('tenant members', () => {
  it("act on their tenant's users and wallets, and the tenant on theirs", async () => {
    const member = await newMember(tenant.id);
    const read = await api.get(`/v1/clients/${member.id}`, { token: admin });
    expect(read.body).toMatchObject({ id: member.id, tenantId: tenant.id });
    const own = await api.get(`/v1/clients/${tenant.id}`, { token: admin });
    expect(own.body).toMatchObject({ tenantId: tenant.id });

    const byTenant = await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01', name: 'Alice' },
    });
    const byMember = await api.post('/v1/users/individual-person', {
      token: member.token,
      body: { generalConditions: '2026-01-01', name: 'Bruno' },
    });
    expect(byMember.status).toBe(201);
    expect((await api.get(`/v1/users/${byTenant.body.id}`, { token: member.token })).status).toBe(
      200,
    );
    expect((await api.get(`/v1/users/${byMember.body.id}`, { token: tenant.token })).status).toBe(
      200,
    );
    const wallet = await api.post(`/v1/users/${byTenant.body.id}/wallets`, {
      token: member.token,
      body: { assetId: 'eth', ...DEVICE },
    });
    expect(wallet.status).toBe(201);
    // Another tenant sees neither.
    expectProblem(await api.get(`/v1/users/${byMember.body.id}`, { token: outsider.token }), 404);
  });

  it("share their tenant's webhook signing secret and receivers", async () => {
    const member = await newMember(tenant.id);
    const secret = await api.get('/v1/notifications/signing-secret', { token: tenant.token });
    expect(secret.status).toBe(200);
    expect(
      (await api.get('/v1/notifications/signing-secret', { token: member.token })).body,
    ).toEqual(secret.body);
    expect(
      (await api.get('/v1/notifications/signing-secret', { token: outsider.token })).body,
    ).not.toEqual(secret.body);
  });

  it('act within their own scopes', async () => {
    const reader = await newMember(tenant.id, { scopes: [['users', 'read']] });
    const user = await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01', name: 'Dora' },
    });
    expect((await api.get(`/v1/users/${user.body.id}`, { token: reader.token })).status).toBe(200);
    expectProblem(
      await api.post('/v1/users/individual-person', {
        token: reader.token,
        body: { generalConditions: '2026-01-01', name: 'Carla' },
      }),
      403,
      'insufficient_scope',
    );
  });

  it('join only an existing general client that is no member itself, and stay general', async () => {
    const member = await newMember(tenant.id);
    const body = (extra: Record<string, unknown>) => ({
      token: admin,
      body: {
        name: 'Member',
        email: `m-${Math.random().toString(36).slice(2)}@e2e.test`,
        password: 'a-long-member-password',
        ...extra,
      },
    });
    const adminId = (await api.get('/v1/clients?limit=0', { token: admin })).body.find(
      (c: { audience: string[] }) => c.audience.includes('admin'),
    ).id as string;
    for (const tenantId of ['0190a3d2-0000-7000-8000-000000000000', member.id, adminId])
      expectProblem(await api.post('/v1/clients', body({ tenantId })), 400, 'tenant_not_found');
    expectProblem(
      await api.post('/v1/clients', body({ tenantId: tenant.id, audience: ['admin'] })),
      400,
      'member_audience_invalid',
    );
    expectProblem(
      await api.patch(`/v1/clients/${member.id}`, { token: admin, body: { audience: ['admin'] } }),
      400,
      'member_audience_invalid',
    );
    expectProblem(await api.post('/v1/clients', body({ tenantId: 'not-a-uuid' })), 400);
    // tenantId is set at creation only.
    expectProblem(
      await api.patch(`/v1/clients/${member.id}`, { token: admin, body: { tenantId: tenant.id } }),
      400,
    );
  });

  it('keep their tenant from being deleted while they exist', async () => {
    const host = await api.newClient(admin, 'Host');
    const member = await newMember(host.id);
    expectProblem(
      await api.delete(`/v1/clients/${host.id}`, { token: admin }),
      409,
      'client_has_members',
    );
    // Nor made an admin: its members act in its name.
    expectProblem(
      await api.patch(`/v1/clients/${host.id}`, { token: admin, body: { audience: ['admin'] } }),
      409,
      'client_has_members',
    );
    expect((await api.get(`/v1/clients/${host.id}`, { token: admin })).status).toBe(200);
    expect((await api.delete(`/v1/clients/${member.id}`, { token: admin })).status).toBe(200);
    // A deleted member's tokens stop at once; its tenant can go now.
    expectProblem(await api.get('/v1/users', { token: member.token }), 401);
    expect((await api.delete(`/v1/clients/${host.id}`, { token: admin })).status).toBe(200);
  });
});
