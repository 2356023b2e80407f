import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { IDENTITY_RPC, WALLET_RPC } from '@custody/contracts';
import { createIdentityHarness, type IdentityHarness, person, tenantOf } from '../test-harness';

// Creating users through identity's RPC against a real PostgreSQL, wallet-ledger a stand-in:
// individuals and legal persons as they read back, their events, unique per tenant by idNumber
// and email.

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

  it('creates, reads, updates and deletes an individual person within its tenant', async () => {
    const kyc = person({ idNumber: '12345678Z', email: 'Lucia@Example.com', name: 'Lucía' });
    const { id } = await call(IDENTITY_RPC.createIndividual, kyc, tenantA);

    const created = await call(IDENTITY_RPC.getUser, { id }, tenantA);
    expect(created).toEqual({
      id,
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
      generalConditions: '2024-01-15',
      idNumber: '12345678Z',
      email: 'Lucia@Example.com',
      individualPerson: {
        idNumber: '12345678Z',
        name: 'Lucía',
        surname: 'García',
        email: 'Lucia@Example.com',
      },
      blocked: false,
      externalReference: kyc.externalReference,
    });

    await call(
      IDENTITY_RPC.updateIndividual,
      { id, patch: { middleName: 'María', email: 'lucia@example.org' } },
      tenantA,
    );
    const updated = await call(IDENTITY_RPC.getUser, { id }, tenantA);
    expect(updated.email).toBe('lucia@example.org');
    expect(updated.individualPerson).toEqual({
      idNumber: '12345678Z',
      name: 'Lucía',
      surname: 'García',
      middleName: 'María',
      email: 'lucia@example.org',
    });

    await expect(
      call(IDENTITY_RPC.updateLegal, { id, patch: { legalName: 'X' } }, tenantA),
    ).rejects.toMatchObject({
      status: 400,
      code: 'person_type_mismatch',
      message: 'This user is a individual person.',
    });

    expect(
      await call(IDENTITY_RPC.deleteUser, { id, device: 'test', ip: '10.0.0.1' }, tenantA),
    ).toEqual({ id });
    expect(h.recorded(WALLET_RPC.countUserWallets)).toEqual([
      { method: WALLET_RPC.countUserWallets, params: { userId: id }, auth: tenantA },
    ]);
    await expect(call(IDENTITY_RPC.getUser, { id }, tenantA)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'The user was not found.',
    });
    await expect(
      call(IDENTITY_RPC.deleteUser, { id, device: 'test', ip: '10.0.0.1' }, tenantA),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('writes the user events to its outbox with the tenant', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { name: 'Eva' } }, tenantA);
    await call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.2' }, tenantA);
    const outbox = await h.service.deps.db.execute(
      sql`SELECT name, tenant_id FROM identity.outbox WHERE envelope->'data'->>'id' = ${id} ORDER BY seq`,
    );
    expect(outbox.rows).toEqual([
      { name: 'user.is-created', tenant_id: tenantA.tenantId },
      { name: 'user.is-updated', tenant_id: tenantA.tenantId },
      { name: 'user.is-deleted', tenant_id: tenantA.tenantId },
    ]);
  });

  it('creates a legal person and shows it as one', async () => {
    const { id } = await call(
      IDENTITY_RPC.createLegal,
      {
        generalConditions: '2024-02-01',
        legalName: 'Acme S.L.',
        idNumber: 'B12345678',
        device: 'web',
        ip: '10.0.0.3',
      },
      tenantA,
    );
    expect(await call(IDENTITY_RPC.getUser, { id }, tenantA)).toEqual({
      id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      generalConditions: '2024-02-01',
      idNumber: 'B12345678',
      legalPerson: {
        generalConditions: '2024-02-01',
        device: 'web',
        ip: '10.0.0.3',
        idNumber: 'B12345678',
        legalName: 'Acme S.L.',
      },
      blocked: false,
    });
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id, patch: { name: 'X' } }, tenantA),
    ).rejects.toMatchObject({ status: 400, code: 'person_type_mismatch' });
  });

  it('refuses a second user with the idNumber or email of a live one in the tenant (409)', async () => {
    const first = person({ idNumber: 'DUP-1', email: 'dup@example.com' });
    const { id } = await call(IDENTITY_RPC.createIndividual, first, tenantA);
    const conflict = {
      status: 409,
      code: 'user_exists',
      message: 'The tenant already has a user with this idNumber or email.',
    };
    await expect(
      call(IDENTITY_RPC.createIndividual, person({ idNumber: 'DUP-1' }), tenantA),
    ).rejects.toMatchObject(conflict);
    // Emails compare case-insensitively.
    await expect(
      call(IDENTITY_RPC.createIndividual, person({ email: 'DUP@example.com' }), tenantA),
    ).rejects.toMatchObject(conflict);
    const second = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id: second.id, patch: { idNumber: 'DUP-1' } }, tenantA),
    ).rejects.toMatchObject(conflict);
    // Another tenant may hold the same person; a deleted user frees its idNumber and email.
    await call(IDENTITY_RPC.createIndividual, person({ idNumber: 'DUP-1' }), tenantB);
    await call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.6' }, tenantA);
    await call(IDENTITY_RPC.createIndividual, first, tenantA);
  });
});
