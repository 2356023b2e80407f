import { LEDGER_RPC, WALLET_RPC } from '@custody/contracts';
import {
  admin,
  client,
  createLedgerHarness,
  leg,
  type LedgerHarness,
  otherClient,
  stamp,
  type WalletRef,
} from '../test-harness';

// Deleting wallets through wallet-ledger's RPC against a real PostgreSQL: an empty wallet goes
// (softly, with its event); one with funds, an open hold or a deposit waiting stays.

let h: LedgerHarness;

const remove = (ref: WalletRef, auth = client) =>
  h.call(WALLET_RPC.deleteWallet, { ...ref, device: 'test', ip: '203.0.113.9' }, auth);

const notEmpty = { status: 403, code: 'wallet_not_empty' };

beforeAll(async () => {
  h = await createLedgerHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('deleting a wallet', () => {
  it('deletes an empty wallet softly: reads answer 404, its event is written, a second delete is 404', async () => {
    const ref = await h.newWallet();
    expect(await remove(ref)).toEqual({ id: ref.walletId });
    await expect(h.call(WALLET_RPC.getWallet, ref, client)).rejects.toMatchObject({
      status: 404,
    });
    const { rows } = await h.service.deps.pool.query<{ name: string; device: string }>(
      `SELECT name, envelope->'data'->>'device' AS device FROM ledger.outbox
        WHERE envelope->'data'->>'id' = $1 ORDER BY seq`,
      [ref.walletId],
    );
    expect(rows).toEqual([
      { name: 'wallet.is-created', device: 'test' },
      { name: 'wallet.is-deleted', device: 'test' },
    ]);
    await expect(remove(ref)).rejects.toMatchObject({ status: 404 });
    // The user may open a wallet of the asset again.
    await h.openWallet(ref.userId);
  });

  it("answers 404 for another tenant's wallet, which stays", async () => {
    const ref = await h.newWallet();
    await expect(remove(ref, otherClient)).rejects.toMatchObject({ status: 404 });
    expect((await h.call(WALLET_RPC.getWallet, ref, client)).id).toBe(ref.walletId);
  });

  it('keeps a wallet that holds funds, and lets it go once they have left', async () => {
    const ref = await h.newWallet();
    const other = await h.newWallet();
    await h.fund(ref.walletId, '0.000000000000000001');
    await expect(remove(ref)).rejects.toMatchObject(notEmpty);
    await h.call(
      LEDGER_RPC.createTransfer,
      { requestedTransactions: [leg(ref, other, '0.000000000000000001')] },
      client,
    );
    expect(await remove(ref)).toEqual({ id: ref.walletId });
  });

  it('keeps a wallet with an open hold (a pending withdrawal)', async () => {
    const ref = await h.newWallet();
    await h.fund(ref.walletId, '1');
    await h.call(
      LEDGER_RPC.createWithdrawal,
      {
        ...ref,
        assetId: 'eth',
        receiverAddress: '0x000000000000000000000000000000000000dead',
        amount: '1',
        device: 'test',
        ip: '203.0.113.1',
      },
      client,
    );
    expect(await h.call(WALLET_RPC.getWallet, ref, client)).toMatchObject({
      balance: '1',
      availableBalance: '0',
    });
    await expect(remove(ref)).rejects.toMatchObject(notEmpty);
  });

  it('keeps a wallet with a deposit waiting for confirmation', async () => {
    const ref = await h.newWallet();
    await h.call(
      LEDGER_RPC.createIncome,
      {
        walletId: ref.walletId,
        amount: '2',
        blockchainTransactionId: `0x${'ef'.repeat(32)}`,
        senderAddress: '0x000000000000000000000000000000000000dEaD',
        transactionTimestamp: stamp,
      },
      admin,
    );
    await expect(remove(ref)).rejects.toMatchObject({
      ...notEmpty,
      message: 'The wallet has deposits waiting for confirmation.',
    });
  });
});
