import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { approvalsWorld } from './approvals-world';
import { tapEvents } from './events-tap';
import { type Stack, startStack } from './stack';

/**
 * Maker-checker binds administrators too: a `policy-change` policy of a tenant holds an admin's
 * creation of a member and a reset of a member's password, audience or scopes until the tenant's
 * approvers decide; a platform one holds a change of the treasury's bound (and a new admin) until
 * another admin decides. Without such a policy nothing changes: 201 and 200 as before.
 */

let stack: Stack;
let api: Api;
let admin: string;

const world = approvalsWorld(
  () => api,
  () => admin,
);
const { member, policy, decide } = world;

const PASSWORD = 'a-long-member-password';
const DECIDES = [['approvals', 'read', 'decide']];

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'policy'],
    env: { policy: { APPROVAL_SWEEP_INTERVAL_MS: '200' } },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
});

/** A tenant whose policies and members a policy-change policy governs, with its approver. */
async function governedTenant(name: string) {
  const tenant = await api.newClient(admin, name);
  const approver = await member(tenant.id, DECIDES);
  await policy(tenant.token, {
    name: 'Members and policies need our approver',
    activity: 'policy-change',
    rule: { kind: 'always' },
    action: 'require_approval',
    approvers: { quorum: 1, clientIds: [approver.id] },
  });
  return { tenant, approver };
}

function newMemberBody(tenantId: string, extra: Record<string, unknown> = {}) {
  const email = `held-${Math.random().toString(36).slice(2)}@e2e.test`;
  return { name: 'New member', email, password: PASSWORD, tenantId, ...extra };
}

async function canLogIn(email: string, password: string): Promise<boolean> {
  const res = await api.post('/v1/tokens', {
    basic: api.bootstrapApp,
    body: { grant_type: 'password', username: email, password },
  });
  return res.status === 201;
}

describe('a member created by an admin', () => {
  it("is held by the tenant's policy-change policy and exists only once its approver approves", async () => {
    const { tenant, approver } = await governedTenant('Held creations');
    const tap = await tapEvents(stack.namespace, 'client.*');
    try {
      const body = newMemberBody(tenant.id, { scopes: DECIDES, personId: 'mallory' });
      const created = await api.post('/v1/clients', { token: admin, body });
      expect(created.status).toBe(202);
      expect(created.body).toEqual({ id: expect.any(String), approvalId: expect.any(String) });
      const { id, approvalId } = created.body as { id: string; approvalId: string };
      // Nothing exists yet: no client, no login.
      expectProblem(await api.get(`/v1/clients/${id}`, { token: admin }), 404);
      expect(await canLogIn(body.email, PASSWORD)).toBe(false);

      // The tenant's approver sees who is created, with what rights, and never the password.
      const approval = await api.get(`/v1/approvals/${approvalId}`, { token: approver.token });
      expect(approval.body).toMatchObject({
        status: 'pending',
        activity: 'member-change',
        operationId: expect.any(String),
        summary: {
          memberChange: {
            kind: 'create',
            clientId: id,
            tenantId: tenant.id,
            email: body.email,
            scopes: DECIDES,
            personId: 'mallory',
            passwordSet: true,
          },
        },
      });
      expect(JSON.stringify(approval.body)).not.toContain(PASSWORD);
      // The admin who started it cannot decide a tenant's approval.
      expectProblem(await decide(admin, approvalId), 403);

      expect((await decide(approver.token, approvalId)).status).toBe(201);
      await waitFor(
        async () => (await api.get(`/v1/clients/${id}`, { token: admin })).status === 200,
        {
          timeoutMs: 15_000,
          what: 'the approved member',
        },
      );
      expect((await api.get(`/v1/clients/${id}`, { token: admin })).body).toMatchObject({
        id,
        tenantId: tenant.id,
        email: body.email,
        personId: 'mallory',
      });
      expect(await canLogIn(body.email, PASSWORD)).toBe(true);
      const announced = () =>
        tap.events.find((e) => e.name === 'client.is-created' && e.data['id'] === id);
      await waitFor(async () => announced() !== undefined, {
        timeoutMs: 10_000,
        what: 'client.is-created',
      });
      expect(announced()).toMatchObject({
        tenantId: tenant.id,
        data: { approvalId, tenantId: tenant.id },
      });
    } finally {
      await tap.close();
    }
  });

  it('is never created when the approver rejects it', async () => {
    const { tenant, approver } = await governedTenant('Rejected creations');
    const body = newMemberBody(tenant.id);
    const created = await api.post('/v1/clients', { token: admin, body });
    expect(created.status).toBe(202);
    expect((await decide(approver.token, created.body.approvalId, 'reject')).status).toBe(201);
    await waitFor(
      async () =>
        (await api.get(`/v1/approvals/${created.body.approvalId}`, { token: approver.token })).body
          .status === 'rejected',
      { timeoutMs: 10_000, what: 'the rejection' },
    );
    // The same e-mail is still free: nothing was created in its name.
    const again = await api.post('/v1/clients', { token: admin, body });
    expect(again.status).toBe(202);
    expectProblem(await api.get(`/v1/clients/${created.body.id}`, { token: admin }), 404);
    expect(await canLogIn(body.email, PASSWORD)).toBe(false);
  });

  it('is created at once (201) in a tenant without a policy-change policy', async () => {
    const tenant = await api.newClient(admin, 'Ungoverned');
    const created = await api.post('/v1/clients', {
      token: admin,
      body: newMemberBody(tenant.id),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ tenantId: tenant.id });
    expect(created.body.approvalId).toBeUndefined();
  });

  it('is refused before anything is held when it could never apply', async () => {
    const { tenant } = await governedTenant('Refused creations');
    const taken = await api.post('/v1/clients', {
      token: admin,
      body: newMemberBody(tenant.id, { email: tenant.email }),
    });
    expectProblem(taken, 409, 'conflict');
    expectProblem(
      await api.post('/v1/clients', {
        token: admin,
        body: newMemberBody(tenant.id, { audience: ['admin'] }),
      }),
      400,
      'member_audience_invalid',
    );
    const approvals = await api.get('/v1/approvals?activity=member-change&status=pending', {
      token: tenant.token,
    });
    expect(approvals.body).toEqual([]);
  });
});

describe("a member's credentials reset by an admin", () => {
  it('are held: the old password keeps working until the approver approves, and only then the new one', async () => {
    const { tenant, approver } = await governedTenant('Held resets');
    // Created before the policy: at once. Its e-mail is read back for the logins.
    const target = await api.post('/v1/clients', {
      token: admin,
      body: newMemberBody(tenant.id),
    });
    expect(target.status).toBe(202);
    await decide(approver.token, target.body.approvalId);
    await waitFor(
      async () => (await api.get(`/v1/clients/${target.body.id}`, { token: admin })).status === 200,
      { timeoutMs: 15_000, what: 'the member' },
    );
    const email = (await api.get(`/v1/clients/${target.body.id}`, { token: admin })).body
      .email as string;
    const path = `/v1/clients/${target.body.id}`;

    const reset = await api.patch(path, {
      token: admin,
      body: { password: 'the-admins-choice-1' },
    });
    expect(reset.status).toBe(202);
    expect(reset.body).toMatchObject({ id: target.body.id, email, approvalId: expect.any(String) });
    expect(await canLogIn(email, PASSWORD)).toBe(true);
    expect(await canLogIn(email, 'the-admins-choice-1')).toBe(false);
    // One change at a time.
    expectProblem(
      await api.patch(path, { token: admin, body: { scopes: DECIDES } }),
      409,
      'client_change_pending',
    );
    // A new name alone is not governed.
    expect((await api.patch(path, { token: admin, body: { name: 'Renamed' } })).status).toBe(200);

    // Rejected: nothing changes.
    await decide(approver.token, reset.body.approvalId, 'reject');
    await waitFor(
      async () =>
        (await api.get(`/v1/approvals/${reset.body.approvalId}`, { token: approver.token })).body
          .status === 'rejected',
      { timeoutMs: 10_000, what: 'the rejection' },
    );
    expect(await canLogIn(email, PASSWORD)).toBe(true);
    expect(await canLogIn(email, 'the-admins-choice-1')).toBe(false);

    // Approved: the new password, and the old one no more.
    const again = await api.patch(path, {
      token: admin,
      body: { password: 'the-admins-choice-2' },
    });
    expect(again.status).toBe(202);
    expect(
      (await api.get(`/v1/approvals/${again.body.approvalId}`, { token: approver.token })).body
        .summary.memberChange,
    ).toMatchObject({ kind: 'update', clientId: target.body.id, passwordSet: true });
    await decide(approver.token, again.body.approvalId);
    await waitFor(async () => canLogIn(email, 'the-admins-choice-2'), {
      timeoutMs: 15_000,
      what: 'the approved password',
    });
    expect(await canLogIn(email, PASSWORD)).toBe(false);
  });

  it('apply at once (200) in a tenant without a policy-change policy', async () => {
    const tenant = await api.newClient(admin, 'Ungoverned resets');
    const res = await api.patch(`/v1/clients/${tenant.id}`, {
      token: admin,
      body: { password: 'a-new-tenant-password' },
    });
    expect(res.status).toBe(200);
    expect(await canLogIn(tenant.email, 'a-new-tenant-password')).toBe(true);
  });
});

describe("the treasury's bound under a platform policy-change policy", () => {
  it('waits for another admin, and applies at the quorum', async () => {
    // A second admin, created before the platform policy exists.
    const second = await api.newClient(admin, 'Second admin');
    expect(
      (
        await api.patch(`/v1/clients/${second.id}`, {
          token: admin,
          body: { audience: ['admin'] },
        })
      ).status,
    ).toBe(200);
    const secondAdmin = (await api.login(second.email, second.password)).access_token;
    const guard = await policy(admin, {
      name: 'Platform changes need a second admin',
      activity: 'policy-change',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
    const treasury = async () =>
      (
        (await api.get('/v1/admin/treasury', { token: admin })).body as {
          assetId: string;
          maxShort: string | null;
        }[]
      ).find((t) => t.assetId === 'eth');
    const before = (await treasury())?.maxShort ?? null;

    const set = await api.put('/v1/admin/treasury/eth', { token: admin, body: { maxShort: '7' } });
    expect(set.status).toBe(202);
    expect(set.body).toMatchObject({
      assetId: 'eth',
      maxShort: before,
      approvalId: expect.any(String),
    });
    expect((await treasury())?.maxShort ?? null).toBe(before);
    const approval = await api.get(`/v1/approvals/${set.body.approvalId}`, { token: secondAdmin });
    expect(approval.body).toMatchObject({
      activity: 'treasury-change',
      summary: { assetId: 'eth', treasuryChange: { assetId: 'eth', before, after: '7' } },
    });
    expectProblem(await decide(admin, set.body.approvalId), 403, 'self_approval_forbidden');
    expect((await decide(secondAdmin, set.body.approvalId)).status).toBe(201);
    await waitFor(async () => (await treasury())?.maxShort === '7', {
      timeoutMs: 15_000,
      what: 'the approved bound',
    });
    // The same bound again holds nothing.
    expect(
      (await api.put('/v1/admin/treasury/eth', { token: admin, body: { maxShort: '7' } })).status,
    ).toBe(200);

    // A new admin is held by the platform's policy too.
    const third = await api.post('/v1/clients', {
      token: admin,
      body: {
        name: 'Third admin',
        email: `third-${Math.random().toString(36).slice(2)}@e2e.test`,
        password: PASSWORD,
        audience: ['admin'],
      },
    });
    expect(third.status).toBe(202);
    expectProblem(await api.get(`/v1/clients/${third.body.id}`, { token: admin }), 404);

    // The guard goes with the second admin's approval, so the platform is as it was.
    const removal = await api.delete(`/v1/policies/${guard}`, { token: admin });
    expect(removal.status).toBe(202);
    await decide(secondAdmin, removal.body.approvalId);
    await waitFor(
      async () => (await api.get(`/v1/policies/${guard}`, { token: admin })).status === 404,
      { timeoutMs: 10_000, what: 'the guard removed' },
    );
  });
});
