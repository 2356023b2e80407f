import { v7 as uuidv7 } from 'uuid';
import { LEDGER_RPC } from '@custody/contracts';
import { add } from '@custody/money';
import {
  admin,
  client,
  createLedgerHarness,
  leg,
  type LedgerHarness,
  OTHER_TENANT,
  otherClient,
  type WalletRef,
} from '../test-harness';

// Transfers between wallets through wallet-ledger's RPC, against a real PostgreSQL (the group
// commit included): exact amounts, every leg or none, refusals that move nothing, one transfer
// per Idempotency-Key, and concurrent transfers decided against the balance each leaves.

let h: LedgerHarness;
let alice: WalletRef;
let bob: WalletRef;

beforeAll(async () => {
  h = await createLedgerHarness();
  alice = await h.newWallet();
  bob = await h.newWallet();
  await h.fund(alice.walletId, '10');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('a transfer', () => {
  it('moves an exact amount between two wallets and answers the approved transfer', async () => {
    const transfer = await h.call(
      LEDGER_RPC.createTransfer,
      { requestedTransactions: [leg(alice, bob, '1.000000000000000001')] },
      client,
    );
    expect(transfer.status).toBe('approved');
    expect(transfer.transactions.map((t) => t.amount)).toEqual(['1.000000000000000001']);
    expect(await h.balanceOf(alice.userId, alice.walletId)).toBe('8.999999999999999999');
    expect(await h.balanceOf(bob.userId, bob.walletId)).toBe('1.000000000000000001');
    expect(await h.call(LEDGER_RPC.getTransfer, { id: transfer.id }, client)).toEqual(transfer);
  });

  it('refuses a transfer that overdraws any leg and applies none of its legs', async () => {
    const before = await h.balanceOf(alice.userId, alice.walletId);
    await expect(
      h.call(
        LEDGER_RPC.createTransfer,
        { requestedTransactions: [leg(alice, bob, '1'), leg(alice, bob, '1000')] },
        client,
      ),
    ).rejects.toMatchObject({ status: 400, code: 'insufficient_balance' });
    expect(await h.balanceOf(alice.userId, alice.walletId)).toBe(before);
  });

  it('refuses more decimals than the asset has, zero, a wallet of another tenant, and another tenant sender', async () => {
    await expect(
      h.call(
        LEDGER_RPC.createTransfer,
        { requestedTransactions: [leg(alice, bob, '0.0000000000000000001')] },
        client,
      ),
    ).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(
      h.call(LEDGER_RPC.createTransfer, { requestedTransactions: [leg(alice, bob, '0')] }, client),
    ).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(
      h.call(
        LEDGER_RPC.createTransfer,
        { requestedTransactions: [leg(alice, bob, '1')] },
        otherClient,
      ),
    ).rejects.toMatchObject({ status: 404 });
    const stranger = h.newUser(OTHER_TENANT);
    const theirs = { userId: stranger, walletId: await h.openWallet(stranger, 'eth', otherClient) };
    await expect(
      h.call(
        LEDGER_RPC.createTransfer,
        { requestedTransactions: [leg(alice, theirs, '1')] },
        client,
      ),
    ).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'body.requestedTransactions.0.receiverWalletId' }],
    });
  });

  it('answers a retried Idempotency-Key with the first transfer and moves the funds once', async () => {
    const before = await h.balanceOf(bob.userId, bob.walletId);
    const key = uuidv7();
    const request = { requestedTransactions: [leg(alice, bob, '0.5')] };
    const [first, second] = await Promise.all([
      h.call(LEDGER_RPC.createTransfer, request, client, key),
      h.call(LEDGER_RPC.createTransfer, request, client, key),
    ]);
    const third = await h.call(LEDGER_RPC.createTransfer, request, client, key);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(await h.balanceOf(bob.userId, bob.walletId)).toBe(add(before, '0.5'));
  });

  it('decides concurrent transfers against the balance each leaves: exactly the covered ones pass', async () => {
    const u = h.newUser();
    const payer = { userId: u, walletId: await h.openWallet(u) };
    await h.fund(payer.walletId, '5');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        h.call(
          LEDGER_RPC.createTransfer,
          { requestedTransactions: [leg(payer, bob, '0.5')] },
          client,
        ),
      ),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) =>
        r.status === 'rejected' && (r.reason as { code?: string }).code === 'insufficient_balance',
    );
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(10);
    expect(await h.balanceOf(payer.userId, payer.walletId)).toBe('0');
    const check = await h.call(LEDGER_RPC.checkLedger, {}, admin);
    expect(check).toMatchObject({ ok: true, violations: [] });
  });
});
