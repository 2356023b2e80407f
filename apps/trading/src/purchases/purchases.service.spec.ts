import type { ListPurchasesRequest } from '@custody/contracts';
import {
  admin,
  clientA,
  clientB,
  createPurchaseHarness,
  EVERY_ROW,
  type PurchaseHarness,
  type PurchaseWorld,
  seedPurchaseWorld,
  TENANT_A,
  TENANT_B,
} from './test-harness';

// Reading purchases against a real PostgreSQL, wallet-ledger a stand-in over real RPC: each
// tenant reads its own, an admin every tenant's.

let h: PurchaseHarness;
let w: PurchaseWorld;

beforeAll(async () => {
  h = await createPurchaseHarness();
  w = await seedPurchaseWorld(h);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe("a tenant's purchases", () => {
  it('belong to the tenant of their user; another tenant reads none of them', async () => {
    const mine = await h.createPurchase.create(clientA, w.request('eth', 'buy', '1'));
    const theirs = await h.createPurchase.create(clientB, {
      ...w.request('eth', 'buy', '1'),
      userId: w.bob,
      walletId: w.bobEth,
    });
    expect((await w.viewOf(w.bobEth, theirs.id, clientB, w.bob)).wallet).toBe(w.bobEth);
    const { rows } = await h.pool.query<{ id: string; tenant_id: string }>(
      'SELECT id, tenant_id FROM trading.purchases WHERE id = ANY($1::uuid[]) ORDER BY id',
      [[mine.id, theirs.id]],
    );
    expect(rows).toEqual([
      { id: mine.id, tenant_id: TENANT_A },
      { id: theirs.id, tenant_id: TENANT_B },
    ]);

    await expect(w.viewOf(w.walletOf['eth']!, mine.id, clientB)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const aliceEth: ListPurchasesRequest = {
      userId: w.alice,
      walletId: w.walletOf['eth']!,
      list: EVERY_ROW,
      filters: {},
    };
    await expect(h.purchases.list(clientB, aliceEth)).rejects.toMatchObject({ status: 404 });
    const listed = await h.purchases.list(clientA, aliceEth);
    expect(listed.items.map((p) => p.id)).toContain(mine.id);
    expect(listed.items.every((p) => p.wallet === w.walletOf['eth'])).toBe(true);
    await expect(
      h.purchases.list(clientA, { ...aliceEth, userId: '*', walletId: '*' }),
    ).rejects.toMatchObject({ status: 403, code: 'wildcard_forbidden' });

    const all = await h.purchases.list(admin, { ...aliceEth, userId: '*', walletId: '*' });
    expect(all.items.map((p) => p.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(all.total).toBe(await h.count('purchases'));
  });
});
