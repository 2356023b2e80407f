import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { type AuthContext, IDENTITY_RPC, WALLET_RPC } from '@custody/contracts';
import { createIdentityHarness, type IdentityHarness, person, tenantOf } from '../test-harness';

// Changing users through identity's RPC against a real PostgreSQL, wallet-ledger a stand-in:
// what a user-bound token may change, and a block that reaches wallet-ledger before it commits.

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

  it('sends a block to wallet-ledger with the caller auth; an unblock does not call', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'blocked' } }, tenantA);
    const blocked = await call(IDENTITY_RPC.getUser, { id }, tenantA);
    expect(blocked.blocked).toBe(true);
    // The status is a flag, not part of the KYC record.
    expect(
      await h.service.deps.db.execute(
        sql`SELECT kyc ? 'status' AS has FROM identity.users WHERE id = ${id}`,
      ),
    ).toMatchObject({ rows: [{ has: false }] });
    expect(h.recorded(WALLET_RPC.applyUserRef)).toEqual([
      {
        method: WALLET_RPC.applyUserRef,
        params: { user: blocked, tenantId: tenantA.tenantId },
        // In identity's own name, not the caller's.
        auth: undefined,
      },
    ]);

    // Already blocked: nothing new to send.
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'blocked' } }, tenantA);
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'active' } }, tenantA);
    expect((await call(IDENTITY_RPC.getUser, { id }, tenantA)).blocked).toBe(false);
    expect(h.recorded(WALLET_RPC.applyUserRef)).toHaveLength(1);
  });

  it('rolls a block back when wallet-ledger cannot take it', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    h.ledger.refuseUserRef = true;
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'blocked' } }, tenantA),
    ).rejects.toMatchObject({ status: 503, code: 'ledger_down' });
    expect((await call(IDENTITY_RPC.getUser, { id }, tenantA)).blocked).toBe(false);
    expect(h.recorded(WALLET_RPC.applyUserRef)).toHaveLength(1);
  });

  it('refuses a user-bound token a change of a compliance field, and lets it change the rest', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    const bound: AuthContext = { ...tenantA, userId: id };
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'active', pep: true } }, bound),
    ).rejects.toMatchObject({
      status: 403,
      code: 'field_forbidden',
      message: 'A token bound to the user cannot change status, pep.',
    });
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { surname: 'Pérez' } }, bound);
    expect((await call(IDENTITY_RPC.getUser, { id }, tenantA)).individualPerson).toMatchObject({
      surname: 'Pérez',
    });
    // The tenant's own backend changes them.
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { pep: true } }, tenantA);
  });
});
