import { Errors } from '@custody/errors';
import {
  clientA,
  createPurchaseHarness,
  type PurchaseHarness,
  type PurchaseWorld,
  seedPurchaseWorld,
} from './test-harness';

// The recovery of purchases a crash or an unknown settlement left pending, against a real
// PostgreSQL with wallet-ledger and identity as stand-ins over real RPC.

let h: PurchaseHarness;
let w: PurchaseWorld;

beforeAll(async () => {
  h = await createPurchaseHarness();
  w = await seedPurchaseWorld(h);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('the recovery loop', () => {
  it('settles a purchase left pending without an Idempotency-Key, once', async () => {
    const eth = w.walletOf['eth']!;
    h.ledgerFailures.set(eth, [Errors.timeout('No answer.')]);
    await expect(
      h.createPurchase.create(clientA, w.request('eth', 'buy', '5')),
    ).rejects.toMatchObject({
      status: 504,
    });
    const {
      rows: [stuck],
    } = await h.pool.query<{ id: string }>(
      `SELECT id FROM trading.purchases WHERE status = 'pending'`,
    );
    expect(await h.recovery.recoverPending(0)).toBe(1);
    expect((await w.viewOf(eth, stuck!.id)).status).toBe('approved');
    expect(h.booked.has(stuck!.id)).toBe(true);
    expect(await h.recovery.recoverPending(0)).toBe(0);
  });
});
