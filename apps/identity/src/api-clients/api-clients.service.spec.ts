import { v7 as uuidv7 } from 'uuid';
import { IDENTITY_RPC } from '@custody/contracts';
import {
  ALL,
  BOOTSTRAP,
  createIdentityHarness,
  type IdentityHarness,
  tenantOf,
} from '../test-harness';

// Api clients against a real PostgreSQL, through identity's RPC: the admin audience's alone.

let h: IdentityHarness;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('api clients', () => {
  const general = tenantOf(uuidv7());
  const adminOnly = { status: 403, code: 'forbidden' };

  it('answers 403 to a general caller for every api client operation', async () => {
    const id = BOOTSTRAP.apiClientId;
    await expect(
      call(IDENTITY_RPC.createApiClient, { name: 'Mine' }, general),
    ).rejects.toMatchObject(adminOnly);
    await expect(call(IDENTITY_RPC.listApiClients, { list: ALL }, general)).rejects.toMatchObject(
      adminOnly,
    );
    await expect(call(IDENTITY_RPC.getApiClient, { id }, general)).rejects.toMatchObject(adminOnly);
    await expect(
      call(IDENTITY_RPC.updateApiClient, { id, patch: { name: 'Mine' } }, general),
    ).rejects.toMatchObject(adminOnly);
    await expect(call(IDENTITY_RPC.deleteApiClient, { id }, general)).rejects.toMatchObject(
      adminOnly,
    );
  });
});
