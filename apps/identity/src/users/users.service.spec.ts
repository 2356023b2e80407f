import { v7 as uuidv7 } from 'uuid';
import { type AuthContext, IDENTITY_RPC } from '@custody/contracts';
import {
  admin,
  ALL,
  createIdentityHarness,
  type IdentityHarness,
  person,
  tenantOf,
} from '../test-harness';

// Reading users through identity's RPC against a real PostgreSQL: each tenant its own (another's
// read as missing, for every operation), an admin every tenant's, a user-bound token its own
// user only.

let h: IdentityHarness;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterEach(() => h.resetLedger());

afterAll(async () => {
  await h?.close();
});

describe('users', () => {
  const tenantA = tenantOf(`tenant-a-${uuidv7()}`);
  const tenantB = tenantOf(`tenant-b-${uuidv7()}`);

  it('answers 404 to another tenant for every operation on a user, and 401 without a token', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    const notFound = { status: 404, code: 'not_found' };
    await expect(call(IDENTITY_RPC.getUser, { id }, tenantB)).rejects.toMatchObject(notFound);
    // The reference is for services, with a forwarded context only: never the gateway's.
    await expect(call(IDENTITY_RPC.getUserRef, { id }, tenantA)).rejects.toMatchObject({
      status: 403,
      code: 'caller_not_allowed',
    });
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'blocked' } }, tenantB),
    ).rejects.toMatchObject(notFound);
    await expect(
      call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.4' }, tenantB),
    ).rejects.toMatchObject(notFound);
    // Nothing reached wallet-ledger for a user the caller cannot see.
    expect(h.ledger.calls).toEqual([]);
    await expect(call(IDENTITY_RPC.getUser, { id })).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    // The owner still sees it unchanged; so does the admin.
    expect((await call(IDENTITY_RPC.getUser, { id }, tenantA)).blocked).toBe(false);
    expect(await call(IDENTITY_RPC.getUser, { id }, admin)).toMatchObject({ id });
  });

  it("lists users: an admin's across tenants, a client's of its own tenant, with filters", async () => {
    const a = await call(
      IDENTITY_RPC.createIndividual,
      person({ email: 'Lister@A.test' }),
      tenantA,
    );
    const b = await call(IDENTITY_RPC.createIndividual, person({ idNumber: 'LIST-B' }), tenantB);
    const everyone = await call(IDENTITY_RPC.listUsers, { list: ALL, filters: {} }, admin);
    expect(everyone.items.map((u) => u.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(everyone.total).toBe(everyone.items.length);
    expect(
      await call(IDENTITY_RPC.listUsers, { list: ALL, filters: { email: 'lister@a.test' } }, admin),
    ).toMatchObject({ total: 1, items: [{ id: a.id }] });
    expect(
      await call(IDENTITY_RPC.listUsers, { list: ALL, filters: { idNumber: 'LIST-B' } }, admin),
    ).toMatchObject({ total: 1, items: [{ id: b.id }] });
    const own = await call(IDENTITY_RPC.listUsers, { list: ALL, filters: {} }, tenantA);
    expect(own.items.map((u) => u.id)).toContain(a.id);
    expect(own.items.map((u) => u.id)).not.toContain(b.id);
    expect(
      await call(IDENTITY_RPC.listUsers, { list: ALL, filters: { idNumber: 'LIST-B' } }, tenantA),
    ).toMatchObject({ total: 0, items: [] });
    await expect(
      call(IDENTITY_RPC.listUsers, { list: ALL, filters: {} }, { ...tenantA, userId: a.id }),
    ).rejects.toMatchObject({ status: 403, code: 'user_token_forbidden' });
  });

  it('limits a user-bound token to its user, and never lets it create users', async () => {
    const own = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    const other = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    const bound: AuthContext = { ...tenantA, userId: own.id };
    const forbidden = {
      status: 403,
      code: 'user_forbidden',
      message: 'This token is limited to another user.',
    };

    expect((await call(IDENTITY_RPC.getUser, { id: own.id }, bound)).id).toBe(own.id);
    await call(IDENTITY_RPC.updateIndividual, { id: own.id, patch: { name: 'Self' } }, bound);
    await expect(call(IDENTITY_RPC.getUser, { id: other.id }, bound)).rejects.toMatchObject(
      forbidden,
    );
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id: other.id, patch: { name: 'X' } }, bound),
    ).rejects.toMatchObject(forbidden);
    await expect(
      call(IDENTITY_RPC.deleteUser, { id: other.id, device: 'd', ip: '10.0.0.5' }, bound),
    ).rejects.toMatchObject(forbidden);
    await expect(call(IDENTITY_RPC.createIndividual, person(), bound)).rejects.toMatchObject({
      status: 403,
      code: 'user_forbidden',
      message: 'A user-bound token cannot create users.',
    });
    await expect(call(IDENTITY_RPC.createLegal, person(), bound)).rejects.toMatchObject({
      status: 403,
      code: 'user_forbidden',
    });
  });
});
