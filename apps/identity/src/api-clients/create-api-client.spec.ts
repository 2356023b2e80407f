import { sql } from 'drizzle-orm';
import { IDENTITY_RPC } from '@custody/contracts';
import {
  admin,
  ALL,
  BOOTSTRAP,
  createIdentityHarness,
  type IdentityHarness,
} from '../test-harness';

// Creating api clients through identity's RPC against a real PostgreSQL: the id and secret given
// or generated, the defaults, the secret sealed at rest, the id unique.

let h: IdentityHarness;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('api clients', () => {
  it('creates an api client with the id and secret given, or generated, readable and listed', async () => {
    const created = await call(
      IDENTITY_RPC.createApiClient,
      { id: 'mobile-app', name: 'Mobile', secret: 'mobile-secret-0001' },
      admin,
    );
    expect(created).toEqual({
      id: 'mobile-app',
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
      name: 'Mobile',
      description: '',
      secret: 'mobile-secret-0001',
      audience: 'general',
      accessTokenExpiresIn: 3_600,
      refreshTokenExpiresIn: 2_592_000,
    });
    const generated = await call(IDENTITY_RPC.createApiClient, { name: 'Generated' }, admin);
    expect(generated.id).toMatch(/^app_[A-Za-z0-9_-]{16}$/);
    expect(generated.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const listed = await call(IDENTITY_RPC.listApiClients, { list: ALL }, admin);
    expect(listed.items.map((a) => a.id)).toEqual(
      expect.arrayContaining([BOOTSTRAP.apiClientId, 'mobile-app', generated.id]),
    );
    expect(await call(IDENTITY_RPC.getApiClient, { id: 'mobile-app' }, admin)).toEqual(created);
    // The secret is stored sealed, never in the clear.
    const stored = await h.service.deps.db.execute(
      sql`SELECT secret_ciphertext FROM identity.api_clients WHERE id = 'mobile-app'`,
    );
    expect(JSON.stringify(stored.rows)).not.toContain('mobile-secret-0001');
  });

  it('refuses an id already taken (409)', async () => {
    await expect(
      call(IDENTITY_RPC.createApiClient, { id: BOOTSTRAP.apiClientId, name: 'Again' }, admin),
    ).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'An api client with this id already exists.',
    });
  });
});
