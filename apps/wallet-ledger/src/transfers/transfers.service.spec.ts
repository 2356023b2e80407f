import { LEDGER_RPC } from '@custody/contracts';
import {
  client,
  createLedgerHarness,
  leg,
  type LedgerHarness,
  otherClient,
  type WalletRef,
} from '../test-harness';

// Reading transfers through wallet-ledger's RPC, against a real PostgreSQL: each tenant reads its
// own.

let h: LedgerHarness;
let alice: WalletRef;
let bob: WalletRef;

beforeAll(async () => {
  h = await createLedgerHarness();
  alice = await h.newWallet();
  bob = await h.newWallet();
  await h.fund(alice.walletId, '10');
  await h.call(
    LEDGER_RPC.createTransfer,
    { requestedTransactions: [leg(alice, bob, '1')] },
    client,
  );
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('transfers', () => {
  it('lists only the transfers of the caller tenant', async () => {
    const mine = await h.call(
      LEDGER_RPC.listTransfers,
      { list: { page: 1, limit: 0, sort: { field: 'createdAt', direction: 'asc' } } },
      client,
    );
    expect(mine.total).toBeGreaterThan(0);
    const theirs = await h.call(
      LEDGER_RPC.listTransfers,
      { list: { page: 1, limit: 0, sort: { field: 'createdAt', direction: 'asc' } } },
      otherClient,
    );
    expect(theirs).toEqual({ items: [], total: 0 });
  });

  it("reads one transfer by its id; another tenant's, or an id that is no id, is 404", async () => {
    const transfer = await h.call(
      LEDGER_RPC.createTransfer,
      { requestedTransactions: [leg(alice, bob, '0.5')] },
      client,
    );
    expect(await h.call(LEDGER_RPC.getTransfer, { id: transfer.id }, client)).toEqual(transfer);
    await expect(
      h.call(LEDGER_RPC.getTransfer, { id: transfer.id }, otherClient),
    ).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(
      h.call(LEDGER_RPC.getTransfer, { id: 'not-a-uuid' }, client),
    ).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});
