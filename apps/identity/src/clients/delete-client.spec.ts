import { AUTH_STATE_KEYS, IDENTITY_RPC } from '@custody/contracts';
import { admin, createIdentityHarness, type IdentityHarness } from '../test-harness';

// Deleting clients through identity's RPC against a real PostgreSQL and Redis: softly, its tokens
// refused from then on; a tenant only once its members have gone.

let h: IdentityHarness;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('clients', () => {
  it('deletes a client: its tokens refused (deleted in the auth state), reads and a second delete 404', async () => {
    const created = await call(
      IDENTITY_RPC.createClient,
      { name: 'Bank One', email: 'ops@bank-one.test', password: 'bank-one-password' },
      admin,
    );
    expect(await call(IDENTITY_RPC.deleteClient, { id: created.id }, admin)).toEqual({
      id: created.id,
    });
    expect(await h.redisValue(AUTH_STATE_KEYS.clientVersion(created.id))).toBe('deleted');
    await expect(call(IDENTITY_RPC.getClient, { id: created.id }, admin)).rejects.toMatchObject({
      status: 404,
      message: 'The client was not found.',
    });
    await expect(call(IDENTITY_RPC.deleteClient, { id: created.id }, admin)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('keeps a tenant while it has live members, and deletes it once they have gone', async () => {
    const tenant = await call(
      IDENTITY_RPC.createClient,
      { name: 'Tenant', email: 'tenant@delete.test', password: 'tenant-password-1' },
      admin,
    );
    const member = await call(
      IDENTITY_RPC.createClient,
      {
        name: 'Member',
        email: 'member@delete.test',
        password: 'member-password-1',
        tenantId: tenant.id,
      },
      admin,
    );
    await expect(call(IDENTITY_RPC.deleteClient, { id: tenant.id }, admin)).rejects.toMatchObject({
      status: 409,
      code: 'client_has_members',
    });
    expect(await h.redisValue(AUTH_STATE_KEYS.clientVersion(tenant.id))).toBe('1');
    await call(IDENTITY_RPC.deleteClient, { id: member.id }, admin);
    expect(await call(IDENTITY_RPC.deleteClient, { id: tenant.id }, admin)).toEqual({
      id: tenant.id,
    });
  });
});
