import { sql } from 'drizzle-orm';
import { IDENTITY_RPC } from '@custody/contracts';
import { admin, createIdentityHarness, type IdentityHarness } from '../test-harness';

// Changing api clients through identity's RPC against a real PostgreSQL: the fields given change,
// a new secret is sealed as the first was.

let h: IdentityHarness;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('api clients', () => {
  it('changes the fields given and seals a new secret, never storing it in the clear', async () => {
    const created = await call(
      IDENTITY_RPC.createApiClient,
      { id: 'mobile-app', name: 'Mobile', secret: 'mobile-secret-0001' },
      admin,
    );
    const updated = await call(
      IDENTITY_RPC.updateApiClient,
      { id: 'mobile-app', patch: { secret: 'mobile-secret-0002', accessTokenExpiresIn: 60 } },
      admin,
    );
    expect(updated).toMatchObject({
      name: created.name,
      secret: 'mobile-secret-0002',
      accessTokenExpiresIn: 60,
      refreshTokenExpiresIn: created.refreshTokenExpiresIn,
    });
    expect(await call(IDENTITY_RPC.getApiClient, { id: 'mobile-app' }, admin)).toEqual(updated);
    const stored = await h.service.deps.db.execute(
      sql`SELECT secret_ciphertext FROM identity.api_clients WHERE id = 'mobile-app'`,
    );
    expect(JSON.stringify(stored.rows)).not.toContain('mobile-secret-0002');
  });

  it('answers 404 for an api client that does not exist', async () => {
    await expect(
      call(IDENTITY_RPC.updateApiClient, { id: 'nobody', patch: { name: 'X' } }, admin),
    ).rejects.toMatchObject({ status: 404, message: 'The api client was not found.' });
  });
});
