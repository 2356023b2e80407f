import { WALLET_RPC } from '@custody/contracts';
import {
  admin,
  client,
  createLedgerHarness,
  type LedgerHarness,
  OTHER_TENANT,
  otherClient,
} from '../test-harness';

// Opening wallets through wallet-ledger's RPC against a real PostgreSQL, identity and signing
// stood in for: one per user and asset, in the user's tenant, with its event.

let h: LedgerHarness;

beforeAll(async () => {
  h = await createLedgerHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('a wallet', () => {
  it('opens one wallet per user and asset, with a zero balance, visible to its tenant only', async () => {
    const userId = h.newUser();
    const walletId = await h.openWallet(userId);
    const wallet = await h.call(WALLET_RPC.getWallet, { userId, walletId }, client);
    expect(wallet).toMatchObject({ id: walletId, balance: '0', availableBalance: '0' });
    expect(wallet.asset.id).toBe('eth');
    await expect(h.openWallet(userId)).rejects.toMatchObject({
      status: 409,
      code: 'wallet_exists',
    });
    await expect(
      h.call(WALLET_RPC.getWallet, { userId, walletId }, otherClient),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("opened by an admin belongs to the user's tenant, with its event there", async () => {
    const userId = h.newUser(OTHER_TENANT);
    const walletId = await h.openWallet(userId, 'usdc', admin);
    expect((await h.call(WALLET_RPC.getWallet, { userId, walletId }, otherClient)).asset.id).toBe(
      'usdc',
    );
    const { rows } = await h.service.deps.pool.query<{ name: string; tenant_id: string }>(
      `SELECT name, tenant_id FROM ledger.outbox WHERE envelope->'data'->>'id' = $1`,
      [walletId],
    );
    expect(rows).toEqual([{ name: 'wallet.is-created', tenant_id: OTHER_TENANT }]);
  });

  it("refuses an unknown asset, a blocked user, and another tenant's user, opening nothing", async () => {
    const userId = h.newUser();
    await expect(h.openWallet(userId, 'doge')).rejects.toMatchObject({
      status: 400,
      code: 'unknown_asset',
    });
    await expect(h.openWallet(userId, 'eth', otherClient)).rejects.toMatchObject({
      status: 404,
    });
    h.users.get(userId)!.blocked = true;
    await expect(h.openWallet(userId)).rejects.toMatchObject({
      status: 403,
      code: 'user_blocked',
    });
    const listed = await h.call(
      WALLET_RPC.listWallets,
      {
        userId,
        list: { page: 1, limit: 0, sort: { field: 'createdAt', direction: 'asc' } },
        filters: {},
      },
      admin,
    );
    expect(listed.total).toBe(0);
  });
});
