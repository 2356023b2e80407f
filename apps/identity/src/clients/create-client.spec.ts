import { AUTH_STATE_KEYS, IDENTITY_RPC, POLICY_RPC } from '@custody/contracts';
import {
  admin,
  ALL,
  BOOTSTRAP,
  applied,
  createIdentityHarness,
  type IdentityHarness,
} from '../test-harness';

// Creating clients through identity's RPC against a real PostgreSQL and Redis: a tenant of its
// own or a member of one, its token version in the auth state, its email unique.

let h: IdentityHarness;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('clients', () => {
  it('creates a client that is its own tenant, readable and listed, its token version in the auth state', async () => {
    const created = applied(
      await call(
        IDENTITY_RPC.createClient,
        { name: 'Bank One', email: 'ops@bank-one.test', password: 'bank-one-password' },
        admin,
      ),
    );
    expect(created).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
      name: 'Bank One',
      email: 'ops@bank-one.test',
      audience: ['general'],
      tenantId: created.id,
    });
    expect(await h.redisValue(AUTH_STATE_KEYS.clientVersion(created.id))).toBe('1');

    const listed = await call(IDENTITY_RPC.listClients, { list: ALL }, admin);
    expect(listed.items.map((c) => c.email)).toEqual(
      expect.arrayContaining([BOOTSTRAP.email, 'ops@bank-one.test']),
    );
    expect(await call(IDENTITY_RPC.getClient, { id: created.id }, admin)).toEqual(created);
  });

  it('refuses a second client with the same email (409)', async () => {
    const input = { name: 'Twin', email: 'twin@clients.test', password: 'twin-password-1' };
    await call(IDENTITY_RPC.createClient, input, admin);
    await expect(
      call(IDENTITY_RPC.createClient, { ...input, email: 'TWIN@clients.test' }, admin),
    ).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'A client with this email already exists.',
    });
  });

  it('makes a member of a general tenant, and refuses any other tenant or an admin member', async () => {
    const tenant = await call(
      IDENTITY_RPC.createClient,
      { name: 'Tenant', email: 'tenant@members.test', password: 'tenant-password-1' },
      admin,
    );
    const member = applied(
      await call(
        IDENTITY_RPC.createClient,
        {
          name: 'Member',
          email: 'member@members.test',
          password: 'member-password-1',
          tenantId: tenant.id,
        },
        admin,
      ),
    );
    expect(member.tenantId).toBe(tenant.id);
    const [bootstrapAdmin] = (
      await call(IDENTITY_RPC.listClients, { list: ALL }, admin)
    ).items.filter((c) => c.email === BOOTSTRAP.email);
    const notATenant = { status: 400, code: 'tenant_not_found' };
    for (const tenantId of [member.id, bootstrapAdmin!.id, '01900000-0000-7000-8000-000000000000'])
      await expect(
        call(
          IDENTITY_RPC.createClient,
          { name: 'X', email: `x-${tenantId}@members.test`, password: 'x-password-123', tenantId },
          admin,
        ),
      ).rejects.toMatchObject(notATenant);
    await expect(
      call(
        IDENTITY_RPC.createClient,
        {
          name: 'Admin member',
          email: 'admin-member@members.test',
          password: 'admin-member-password',
          tenantId: tenant.id,
          audience: ['general', 'admin'],
        },
        admin,
      ),
    ).rejects.toMatchObject({ status: 400, code: 'member_audience_invalid' });
  });
});

describe('a held creation', () => {
  it("asks the policy service in the admin's name, creates nothing, and never shows the password", async () => {
    const tenant = applied(
      await call(
        IDENTITY_RPC.createClient,
        { name: 'Governed', email: 'governed@members.test', password: 'governed-password' },
        admin,
      ),
    );
    h.resetLedger();
    h.ledger.holdChangeApprovalId = '0190b5d2-0000-7000-8000-000000000001';
    const held = await call(
      IDENTITY_RPC.createClient,
      {
        name: 'Held member',
        email: 'held@members.test',
        password: 'held-member-password',
        tenantId: tenant.id,
        scopes: [['approvals', 'decide']],
      },
      admin,
    );
    expect(held).toEqual({ id: expect.any(String), approvalId: h.ledger.holdChangeApprovalId });
    const [asked] = h.recorded(POLICY_RPC.holdChange);
    expect(asked).toMatchObject({
      auth: admin,
      params: {
        tenantId: tenant.id,
        change: {
          activity: 'member-change',
          member: {
            kind: 'create',
            clientId: held.id,
            tenantId: tenant.id,
            email: 'held@members.test',
            scopes: [['approvals', 'decide']],
            passwordSet: true,
          },
        },
      },
    });
    expect(JSON.stringify(asked)).not.toContain('held-member-password');
    await expect(call(IDENTITY_RPC.getClient, { id: held.id }, admin)).rejects.toMatchObject({
      status: 404,
    });
    h.resetLedger();
  });

  it('asks nothing for a new tenant, which no policy governs', async () => {
    h.resetLedger();
    applied(
      await call(
        IDENTITY_RPC.createClient,
        { name: 'Free', email: 'free@members.test', password: 'free-tenant-password' },
        admin,
      ),
    );
    expect(h.recorded(POLICY_RPC.holdChange)).toEqual([]);
  });
});

describe('a change the policy service does not answer', () => {
  it('is refused, applies nothing, and leaves the client free to change later', async () => {
    const tenant = applied(
      await call(
        IDENTITY_RPC.createClient,
        { name: 'Unanswered', email: 'unanswered@members.test', password: 'unanswered-password' },
        admin,
      ),
    );
    h.resetLedger();
    h.ledger.refuseHoldChange = true;
    await expect(
      call(
        IDENTITY_RPC.updateClient,
        { id: tenant.id, patch: { password: 'next-password-1' } },
        admin,
      ),
    ).rejects.toMatchObject({ status: 503, code: 'policy_down' });
    h.ledger.refuseHoldChange = false;
    const changed = await call(
      IDENTITY_RPC.updateClient,
      { id: tenant.id, patch: { password: 'next-password-2' } },
      admin,
    );
    expect(changed).toMatchObject({ id: tenant.id });
    expect(changed).not.toHaveProperty('approvalId');
    h.resetLedger();
  });
});
