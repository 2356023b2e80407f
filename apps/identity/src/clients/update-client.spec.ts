import { AUTH_STATE_KEYS, IDENTITY_RPC } from '@custody/contracts';
import { admin, createIdentityHarness, type IdentityHarness } from '../test-harness';

// Changing clients through identity's RPC against a real PostgreSQL and Redis: what invalidates
// the tokens issued before (the version goes up), and who stays out of the admin audience.

let h: IdentityHarness;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('clients', () => {
  it('keeps the tokens on a rename; a new audience invalidates them (the version goes up)', async () => {
    const created = await call(
      IDENTITY_RPC.createClient,
      { name: 'Bank One', email: 'ops@bank-one.test', password: 'bank-one-password' },
      admin,
    );
    const renamed = await call(
      IDENTITY_RPC.updateClient,
      { id: created.id, patch: { name: 'Bank One S.A.' } },
      admin,
    );
    expect(renamed.name).toBe('Bank One S.A.');
    expect(await h.redisValue(AUTH_STATE_KEYS.clientVersion(created.id))).toBe('1');
    await call(
      IDENTITY_RPC.updateClient,
      { id: created.id, patch: { audience: ['general', 'admin'] } },
      admin,
    );
    expect(await h.redisValue(AUTH_STATE_KEYS.clientVersion(created.id))).toBe('2');
    expect(await call(IDENTITY_RPC.getClient, { id: created.id }, admin)).toMatchObject({
      name: 'Bank One S.A.',
      audience: ['general', 'admin'],
    });
  });

  it('keeps a member, and a tenant with members, out of the admin audience', async () => {
    const tenant = await call(
      IDENTITY_RPC.createClient,
      { name: 'Tenant', email: 'tenant@update.test', password: 'tenant-password-1' },
      admin,
    );
    const member = await call(
      IDENTITY_RPC.createClient,
      {
        name: 'Member',
        email: 'member@update.test',
        password: 'member-password-1',
        tenantId: tenant.id,
      },
      admin,
    );
    const toAdmin = { audience: ['general', 'admin'] as ('general' | 'admin')[] };
    await expect(
      call(IDENTITY_RPC.updateClient, { id: member.id, patch: toAdmin }, admin),
    ).rejects.toMatchObject({ status: 400, code: 'member_audience_invalid' });
    await expect(
      call(IDENTITY_RPC.updateClient, { id: tenant.id, patch: toAdmin }, admin),
    ).rejects.toMatchObject({ status: 409, code: 'client_has_members' });
    expect(await h.redisValue(AUTH_STATE_KEYS.clientVersion(tenant.id))).toBe('1');
  });

  it('answers 404 for a client that does not exist', async () => {
    await expect(
      call(
        IDENTITY_RPC.updateClient,
        { id: '01900000-0000-7000-8000-000000000000', patch: { name: 'Nobody' } },
        admin,
      ),
    ).rejects.toMatchObject({ status: 404, message: 'The client was not found.' });
  });
});
