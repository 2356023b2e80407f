import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { IDENTITY_RPC, WALLET_RPC } from '@custody/contracts';
import { createIdentityHarness, type IdentityHarness, person, tenantOf } from '../test-harness';

// Deleting users through identity's RPC against a real PostgreSQL, wallet-ledger a stand-in that
// counts the user's wallets: softly, with the event naming who deleted it, never while a wallet
// is left.

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

  it('refuses to delete a user while wallet-ledger counts wallets of theirs', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    h.ledger.walletCount = 2;
    await expect(
      call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.7' }, tenantA),
    ).rejects.toMatchObject({
      status: 403,
      code: 'user_has_wallets',
      message: 'The user still has wallets; delete them first.',
    });
    expect((await call(IDENTITY_RPC.getUser, { id }, tenantA)).id).toBe(id);
    h.ledger.walletCount = 0;
    await call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.7' }, tenantA);
    expect(h.recorded(WALLET_RPC.countUserWallets).map((c) => c.params)).toEqual([
      { userId: id },
      { userId: id },
    ]);
  });

  it('deletes softly: the record stays, reads answer 404, and the event names who deleted it', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    await call(IDENTITY_RPC.deleteUser, { id, device: 'kiosk', ip: '10.0.0.8' }, tenantA);
    await expect(call(IDENTITY_RPC.getUser, { id }, tenantA)).rejects.toMatchObject({
      status: 404,
    });
    const stored = await h.service.deps.db.execute(
      sql`SELECT deleted_at IS NOT NULL AS deleted FROM identity.users WHERE id = ${id}`,
    );
    expect(stored.rows).toEqual([{ deleted: true }]);
    const events = await h.service.deps.db.execute(
      sql`SELECT envelope->'data'->'deletedBy' AS by FROM identity.outbox
           WHERE name = 'user.is-deleted' AND envelope->'data'->>'id' = ${id}`,
    );
    expect(events.rows).toEqual([{ by: { device: 'kiosk', ip: '10.0.0.8' } }]);
    expect(h.recorded(WALLET_RPC.countUserWallets)).toEqual([
      { method: WALLET_RPC.countUserWallets, params: { userId: id }, auth: tenantA },
    ]);
  });
});
