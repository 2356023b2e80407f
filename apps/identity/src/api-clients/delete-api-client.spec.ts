import { IDENTITY_RPC, type TokenRequest } from '@custody/contracts';
import { admin, createIdentityHarness, type IdentityHarness } from '../test-harness';

// Deleting api clients through identity's RPC against a real PostgreSQL: softly, and its
// credentials issue no token after.

let h: IdentityHarness;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('api clients', () => {
  it('deletes an api client: reads answer 404, its credentials issue no token, a second delete 404', async () => {
    await call(
      IDENTITY_RPC.createApiClient,
      { id: 'mobile-app', name: 'Mobile', secret: 'mobile-secret-0001' },
      admin,
    );
    expect(await call(IDENTITY_RPC.deleteApiClient, { id: 'mobile-app' }, admin)).toEqual({
      id: 'mobile-app',
    });
    await expect(
      call(IDENTITY_RPC.getApiClient, { id: 'mobile-app' }, admin),
    ).rejects.toMatchObject({ status: 404, message: 'The api client was not found.' });
    const request: TokenRequest = { grant_type: 'password', username: 'x@y.test', password: 'z' };
    await expect(
      call(IDENTITY_RPC.issueToken, {
        credentials: { id: 'mobile-app', secret: 'mobile-secret-0001' },
        request,
      }),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_client' });
    await expect(
      call(IDENTITY_RPC.deleteApiClient, { id: 'mobile-app' }, admin),
    ).rejects.toMatchObject({ status: 404 });
  });
});
