import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { waitersOn, withDatabase } from './database';
import { type Stack, startStack } from './stack';

/**
 * Policies over HTTP: a tenant manages its own, an admin the platform's (which every tenant reads
 * and none changes), another tenant's read as 404, and a policy that could never reach its quorum
 * is refused.
 */

let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let outsider: Awaited<ReturnType<Api['newClient']>>;
let approverIds: string[];

const BLOCK_BIG = {
  name: 'No withdrawal above 10 ETH',
  activity: 'withdrawal',
  rule: { kind: 'amount_above', assetId: 'eth', amount: '10' },
  action: 'block',
};

async function member(tenantId: string, scopes?: string[][]): Promise<string> {
  const created = await api.post('/v1/clients', {
    token: admin,
    body: {
      name: 'Approver',
      email: `approver-${Math.random().toString(36).slice(2)}@e2e.test`,
      password: 'a-long-member-password',
      tenantId,
      ...(scopes ? { scopes } : {}),
    },
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

beforeAll(async () => {
  stack = await startStack({ only: ['identity', 'policy'] });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Governed');
  outsider = await api.newClient(admin, 'Outsider');
  approverIds = [
    await member(tenant.id),
    await member(tenant.id, [['approvals', 'decide']]),
    await member(tenant.id, [['users', 'read']]),
  ];
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
});

describe('policies', () => {
  it("are created, read, listed, changed and deleted by their tenant, and nobody else's", async () => {
    const created = await api.post('/v1/policies', { token: tenant.token, body: BLOCK_BIG });
    expect(created.status).toBe(201);
    const path = `/v1/policies/${created.body.id}`;
    const read = await api.get(path, { token: tenant.token });
    expect(read.body).toEqual({
      id: created.body.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      tenantId: tenant.id,
      ...BLOCK_BIG,
      approvers: null,
      filters: null,
      enabled: true,
      allowTokenAuthorizations: false,
    });
    expectProblem(await api.get(path, { token: outsider.token }), 404);
    expectProblem(await api.patch(path, { token: outsider.token, body: { enabled: false } }), 404);
    const listed = await api.get('/v1/policies?activity=withdrawal&enabled=true', {
      token: tenant.token,
    });
    expect(listed.body.map((p: { id: string }) => p.id)).toContain(created.body.id);
    expect(
      (await api.get('/v1/policies', { token: outsider.token })).body.map(
        (p: { id: string }) => p.id,
      ),
    ).not.toContain(created.body.id);

    const changed = await api.patch(path, {
      token: tenant.token,
      body: { enabled: false, filters: { assetIds: ['eth'] } },
    });
    expect(changed.body).toMatchObject({ enabled: false, filters: { assetIds: ['eth'] } });
    expect(
      (await api.get('/v1/policies?enabled=true', { token: tenant.token })).body.map(
        (p: { id: string }) => p.id,
      ),
    ).not.toContain(created.body.id);
    expect((await api.delete(path, { token: tenant.token })).body).toEqual({
      id: created.body.id,
    });
    expectProblem(await api.get(path, { token: tenant.token }), 404);
  });

  it('of the platform apply to every tenant, which read but cannot change them', async () => {
    const created = await api.post('/v1/policies', {
      token: admin,
      body: { ...BLOCK_BIG, name: 'Platform cap' },
    });
    expect(created.status).toBe(201);
    const path = `/v1/policies/${created.body.id}`;
    for (const client of [tenant, outsider]) {
      expect((await api.get(path, { token: client.token })).body).toMatchObject({
        tenantId: null,
      });
      expectProblem(
        await api.patch(path, { token: client.token, body: { enabled: false } }),
        403,
        'policy_read_only',
      );
      expectProblem(await api.delete(path, { token: client.token }), 403, 'policy_read_only');
    }
    // An admin reads a tenant's policies but leaves them to the tenant.
    const own = await api.post('/v1/policies', { token: tenant.token, body: BLOCK_BIG });
    expect((await api.get(`/v1/policies/${own.body.id}`, { token: admin })).status).toBe(200);
    expectProblem(
      await api.delete(`/v1/policies/${own.body.id}`, { token: admin }),
      403,
      'policy_read_only',
    );
    expect((await api.delete(path, { token: admin })).status).toBe(200);
  });

  it('that require approval name approvers who can reach the quorum', async () => {
    const approval = {
      name: 'Two approvals for any transfer',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
    };
    expectProblem(
      await api.post('/v1/policies', { token: tenant.token, body: approval }),
      400,
      'approvers_required',
    );
    expectProblem(
      await api.post('/v1/policies', {
        token: tenant.token,
        body: { ...BLOCK_BIG, approvers: { quorum: 1 } },
      }),
      400,
      'approvers_not_allowed',
    );
    // The tenant and two members may decide (the third has other scopes only): 3 at most.
    expect(
      (
        await api.post('/v1/policies', {
          token: tenant.token,
          body: { ...approval, approvers: { quorum: 3 } },
        })
      ).status,
    ).toBe(201);
    expectProblem(
      await api.post('/v1/policies', {
        token: tenant.token,
        body: { ...approval, approvers: { quorum: 4 } },
      }),
      400,
      'quorum_unreachable',
    );
    const [first, second, reader] = approverIds as [string, string, string];
    expect(
      (
        await api.post('/v1/policies', {
          token: tenant.token,
          body: { ...approval, approvers: { quorum: 2, clientIds: [first, second] } },
        })
      ).status,
    ).toBe(201);
    expectProblem(
      await api.post('/v1/policies', {
        token: tenant.token,
        body: { ...approval, approvers: { quorum: 2, clientIds: [first, first] } },
      }),
      400,
      'quorum_unreachable',
    );
    for (const stranger of [reader, outsider.id])
      expectProblem(
        await api.post('/v1/policies', {
          token: tenant.token,
          body: { ...approval, approvers: { quorum: 1, clientIds: [stranger] } },
        }),
        400,
        'approver_not_eligible',
      );
  });

  it('refuse rules that cannot apply to their activity', async () => {
    const destination = { kind: 'destination_not_whitelisted' };
    const count = { kind: 'velocity', window: '1h', per: 'wallet', maxCount: 3 };
    for (const activity of ['transfer', 'sign-message', 'sign-typed-data'])
      expectProblem(
        await api.post('/v1/policies', {
          token: tenant.token,
          body: { ...BLOCK_BIG, activity, rule: destination },
        }),
        400,
        'rule_not_applicable',
      );
    for (const activity of ['sign-message', 'sign-typed-data']) {
      expectProblem(
        await api.post('/v1/policies', { token: tenant.token, body: { ...BLOCK_BIG, activity } }),
        400,
        'rule_not_applicable',
      );
      const created = await api.post('/v1/policies', {
        token: tenant.token,
        body: { ...BLOCK_BIG, activity, rule: count, enabled: false },
      });
      expect(created.status).toBe(201);
    }
    for (const activity of ['transfer', 'sign-tx']) {
      const created = await api.post('/v1/policies', {
        token: tenant.token,
        body: { ...BLOCK_BIG, activity, enabled: false },
      });
      expect(created.status).toBe(201);
    }
  });

  it('refuse malformed rules, windows and limits', async () => {
    const bad = [
      { ...BLOCK_BIG, rule: { kind: 'amount_above', assetId: 'eth', amount: '1e3' } },
      {
        ...BLOCK_BIG,
        rule: { kind: 'amount_above', assetId: 'eth', amount: `0.${'0'.repeat(18)}1` },
      },
      { ...BLOCK_BIG, rule: { kind: 'amount_above', assetId: 'eth', amount: '9'.repeat(79) } },
      { ...BLOCK_BIG, rule: { kind: 'unknown' } },
      { ...BLOCK_BIG, activity: 'mint' },
      { ...BLOCK_BIG, rule: { kind: 'velocity', window: '91d', per: 'wallet', maxCount: 3 } },
      { ...BLOCK_BIG, rule: { kind: 'velocity', window: '1w', per: 'wallet', maxCount: 3 } },
      { ...BLOCK_BIG, extra: true },
    ];
    for (const body of bad)
      expectProblem(
        await api.post('/v1/policies', { token: tenant.token, body }),
        400,
        'validation_failed',
      );
    expectProblem(
      await api.post('/v1/policies', {
        token: tenant.token,
        body: { ...BLOCK_BIG, rule: { kind: 'velocity', window: '24h', per: 'user' } },
      }),
      400,
      'velocity_limit_required',
    );
    expectProblem(
      await api.post('/v1/policies', {
        token: tenant.token,
        body: {
          ...BLOCK_BIG,
          rule: { kind: 'velocity', window: '24h', per: 'user', maxAmount: '5' },
        },
      }),
      400,
      'asset_required',
    );
  });

  it('are out of reach of user-bound tokens and of clients without the scope', async () => {
    const user = await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01', name: 'Eve' },
    });
    const bound = await api.post('/v1/tokens', {
      basic: api.bootstrapApp,
      body: {
        grant_type: 'password',
        username: tenant.email,
        password: tenant.password,
        userId: user.body.id,
      },
    });
    expectProblem(
      await api.get('/v1/policies', { token: bound.body.access_token }),
      403,
      'user_token_forbidden',
    );
    const readerId = approverIds[2] as string;
    const reader = await api.get(`/v1/clients/${readerId}`, { token: admin });
    const login = await api.login(reader.body.email, 'a-long-member-password');
    expectProblem(
      await api.post('/v1/policies', { token: login.access_token, body: BLOCK_BIG }),
      403,
      'insufficient_scope',
    );
  });
});

describe('policy-change policies', () => {
  it("hold every change of the tenant's policies, their own included, until the quorum", async () => {
    const governed = await api.newClient(admin, 'Two-man rule');
    const [a, b] = await Promise.all([
      member(governed.id, [['approvals', 'read', 'decide']]),
      member(governed.id, [['approvals', 'read', 'decide']]),
    ]);
    const [first, second] = (await Promise.all(
      [a, b].map(async (id) => {
        const read = await api.get(`/v1/clients/${id}`, { token: admin });
        return (await api.login(read.body.email, 'a-long-member-password')).access_token;
      }),
    )) as [string, string];
    const decide = (token: string, approvalId: string, decision = 'approve') =>
      api.post(`/v1/approvals/${approvalId}/decisions`, { token, body: { decision } });
    const guard = await api.post('/v1/policies', {
      token: governed.token,
      body: {
        name: 'Changes need two approvers',
        activity: 'policy-change',
        rule: { kind: 'always' },
        action: 'require_approval',
        approvers: { quorum: 2 },
      },
    });
    expect(guard.status).toBe(201);

    // A new policy waits for its approval.
    const created = await api.post('/v1/policies', { token: governed.token, body: BLOCK_BIG });
    expect(created.status).toBe(202);
    expect(created.body).toEqual({ id: expect.any(String), approvalId: expect.any(String) });
    expectProblem(await api.get(`/v1/policies/${created.body.id}`, { token: governed.token }), 404);
    const approval = await api.get(`/v1/approvals/${created.body.approvalId}`, {
      token: first,
    });
    expect(approval.body).toMatchObject({
      status: 'pending',
      activity: 'policy-change',
      quorum: 2,
      initiator: { clientId: governed.id },
      summary: {
        userId: null,
        amount: null,
        policyChange: {
          kind: 'create',
          policyId: created.body.id,
          name: BLOCK_BIG.name,
          before: null,
          after: expect.objectContaining(BLOCK_BIG),
        },
      },
    });
    expectProblem(
      await decide(governed.token, created.body.approvalId),
      403,
      'self_approval_forbidden',
    );
    expect((await decide(first, created.body.approvalId)).status).toBe(201);
    expectProblem(await api.get(`/v1/policies/${created.body.id}`, { token: governed.token }), 404);
    expect((await decide(second, created.body.approvalId)).status).toBe(201);
    expect(
      (await api.get(`/v1/policies/${created.body.id}`, { token: governed.token })).body,
    ).toMatchObject({ id: created.body.id, name: BLOCK_BIG.name, tenantId: governed.id });

    // One leaked credential cannot switch the control off: its deletion waits, and is rejected.
    const removal = await api.delete(`/v1/policies/${guard.body.id}`, { token: governed.token });
    expect(removal.status).toBe(202);
    expect((await decide(first, removal.body.approvalId, 'reject')).status).toBe(201);
    expect(
      (await api.get(`/v1/policies/${guard.body.id}`, { token: governed.token })).body,
    ).toMatchObject({ enabled: true });

    // Disabling it waits too; answered with the policy as it still is, and applied at the quorum.
    const disabling = await api.patch(`/v1/policies/${guard.body.id}`, {
      token: governed.token,
      body: { enabled: false },
    });
    expect(disabling.status).toBe(202);
    expect(disabling.body).toMatchObject({ enabled: true, approvalId: expect.any(String) });
    // The approvers see what it changes.
    expect(
      (await api.get(`/v1/approvals/${disabling.body.approvalId}`, { token: first })).body.summary
        .policyChange,
    ).toMatchObject({ kind: 'update', before: { enabled: true }, after: { enabled: false } });
    await decide(first, disabling.body.approvalId);
    await decide(second, disabling.body.approvalId);
    expect(
      (await api.get(`/v1/policies/${guard.body.id}`, { token: governed.token })).body,
    ).toMatchObject({ enabled: false });
    // No control left: changes apply at once again.
    expect(
      (await api.post('/v1/policies', { token: governed.token, body: BLOCK_BIG })).status,
    ).toBe(201);
  });

  it('apply a held change only to the policy it was asked about, never over a later one', async () => {
    const governed = await api.newClient(admin, 'Late approvals');
    const approverId = await member(governed.id, [['approvals', 'decide']]);
    const approverEmail = (await api.get(`/v1/clients/${approverId}`, { token: admin })).body
      .email as string;
    const approver = (await api.login(approverEmail, 'a-long-member-password')).access_token;
    const target = await api.post('/v1/policies', { token: governed.token, body: BLOCK_BIG });
    await api.post('/v1/policies', {
      token: governed.token,
      body: {
        name: 'Changes need one approver',
        activity: 'policy-change',
        rule: { kind: 'always' },
        action: 'require_approval',
        approvers: { quorum: 1 },
      },
    });
    const path = `/v1/policies/${target.body.id}`;
    const rename = await api.patch(path, { token: governed.token, body: { name: 'Renamed' } });
    const disable = await api.patch(path, { token: governed.token, body: { enabled: false } });
    expect([rename.status, disable.status]).toEqual([202, 202]);
    const approve = (approvalId: string) =>
      api.post(`/v1/approvals/${approvalId}/decisions`, {
        token: approver,
        body: { decision: 'approve' },
      });
    expect((await approve(disable.body.approvalId)).status).toBe(201);
    // The rename was asked about the policy before it was disabled: approved, it applies nothing.
    expect((await approve(rename.body.approvalId)).status).toBe(201);
    expect((await api.get(path, { token: governed.token })).body).toMatchObject({
      name: BLOCK_BIG.name,
      enabled: false,
    });
  });

  it('answer 409 policy_changed to a change that another one overtook, and apply only that one', async () => {
    const created = await api.post('/v1/policies', { token: tenant.token, body: BLOCK_BIG });
    const path = `/v1/policies/${created.body.id}`;
    const answer = await withDatabase(stack.databaseUrl, async (db) => {
      // The test holds the row: the service reads the policy, then waits to write it.
      await db.query('BEGIN');
      await db.query('SELECT 1 FROM policy.policies WHERE id = $1 FOR UPDATE', [created.body.id]);
      const renaming = api.patch(path, { token: tenant.token, body: { name: 'Renamed late' } });
      await waitFor(async () => (await waitersOn(db)) === 1, { what: 'the rename waiting' });
      // Another change lands first.
      await db.query(
        "UPDATE policy.policies SET enabled = false, updated_at = updated_at + interval '1 second' WHERE id = $1",
        [created.body.id],
      );
      await db.query('COMMIT');
      return renaming;
    });
    expectProblem(answer, 409, 'policy_changed');
    expect((await api.get(path, { token: tenant.token })).body).toMatchObject({
      name: BLOCK_BIG.name,
      enabled: false,
    });
  });

  it('require approval, never block (a lock for good), with the rule always and no filters', async () => {
    const lock = {
      name: 'No change of the policies',
      activity: 'policy-change',
      rule: { kind: 'always' },
      action: 'block',
    };
    expectProblem(
      await api.post('/v1/policies', { token: outsider.token, body: lock }),
      400,
      'action_not_applicable',
    );
    for (const body of [
      {
        ...BLOCK_BIG,
        activity: 'policy-change',
        action: 'require_approval',
        approvers: { quorum: 1 },
      },
      {
        ...lock,
        action: 'require_approval',
        approvers: { quorum: 1 },
        filters: { assetIds: ['eth'] },
      },
    ])
      expectProblem(
        await api.post('/v1/policies', { token: outsider.token, body }),
        400,
        'rule_not_applicable',
      );
  });
});
