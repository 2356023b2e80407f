import { LEDGER_RPC, WALLET_RPC } from '@custody/contracts';
import { devProofSigner, RpcClient } from '@custody/messaging';
import { testLogger } from '@custody/testing';
import {
  admin,
  client,
  createLedgerHarness,
  leg,
  type LedgerHarness,
  stamp,
  TENANT,
  type WalletRef,
} from './test-harness';

// wallet-ledger alone, over RPC as the gateway calls it (test-harness.ts): who may call what, and
// the money movements best seen through it (a withdrawal created and reported by an admin, the
// manual adapter; incomes). Each use case's own behaviour is in its spec beside it; whole flows
// through every process stay in stack-e2e.

let h: LedgerHarness;

beforeAll(async () => {
  h = await createLedgerHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('a block from identity', () => {
  it('stops a blocked sender at once, from the block identity applies before it commits', async () => {
    const bob = await h.newWallet();
    const sender = await h.newWallet();
    await h.fund(sender.walletId, '1');
    const user = h.users.get(sender.userId)!;
    const identity = new RpcClient({
      broker: h.broker,
      caller: 'identity',
      signer: devProofSigner('identity'),
      defaultTimeoutMs: 10_000,
      logger: testLogger(),
    });
    await identity.start();
    // Only identity may apply a block; the gateway may not.
    const block = { user: { ...user, blocked: true }, tenantId: TENANT };
    await expect(
      h.gateway.call('wallet-ledger', WALLET_RPC.applyUserRef, block, { auth: admin }),
    ).rejects.toMatchObject({ status: 403, code: 'caller_not_allowed' });
    // A block is applied in identity's own name: the method takes no auth context at all.
    await expect(
      identity.call('wallet-ledger', WALLET_RPC.applyUserRef, block, { auth: admin }),
    ).rejects.toMatchObject({ status: 403, code: 'caller_not_allowed' });
    await identity.call('wallet-ledger', WALLET_RPC.applyUserRef, block);
    await identity.stop();
    await expect(
      h.call(LEDGER_RPC.createTransfer, { requestedTransactions: [leg(sender, bob, '1')] }, client),
    ).rejects.toMatchObject({ status: 403, code: 'user_blocked' });
  });
});

describe('withdrawals and incomes', () => {
  let owner: WalletRef;
  const receiverAddress = '0x000000000000000000000000000000000000dead';
  const withdraw = (amount: string) =>
    h.call(
      LEDGER_RPC.createWithdrawal,
      { ...owner, assetId: 'eth', receiverAddress, amount, device: 'test', ip: '203.0.113.1' },
      client,
    );
  const wallet = () => h.call(WALLET_RPC.getWallet, owner, client);

  beforeAll(async () => {
    owner = await h.newWallet();
    await h.fund(owner.walletId, '2');
  });

  it('holds a withdrawal at once and gives the hold back when it is cancelled', async () => {
    const { id } = await withdraw('0.5');
    expect(await wallet()).toMatchObject({ balance: '2', availableBalance: '1.5' });
    const cancelled = await h.call(LEDGER_RPC.updateWithdrawal, { id, status: 'cancelled' }, admin);
    expect(cancelled.status).toBe('cancelled');
    expect(await wallet()).toMatchObject({ balance: '2', availableBalance: '2' });
    await expect(
      h.call(LEDGER_RPC.updateWithdrawal, { id, status: 'prepared' }, admin),
    ).rejects.toMatchObject({ status: 409, code: 'illegal_transition' });
  });

  it('debits the wallet once the withdrawal is confirmed, its network fee out of the amount', async () => {
    const { id } = await withdraw('0.5');
    await h.call(
      LEDGER_RPC.updateWithdrawal,
      { id, status: 'broadcast', blockchainTransactionId: `0x${'ab'.repeat(32)}` },
      admin,
    );
    const confirmed = await h.call(
      LEDGER_RPC.updateWithdrawal,
      { id, status: 'confirmed', fee: '0.001' },
      admin,
    );
    expect(confirmed).toMatchObject({ status: 'confirmed', amount: '0.5', fee: '0.001' });
    expect(await wallet()).toMatchObject({ balance: '1.5', availableBalance: '1.5' });
    expect(await h.call(LEDGER_RPC.checkLedger, {}, admin)).toMatchObject({ ok: true });
  });

  it('refuses a withdrawal a policy blocks with 403 policy_blocked, and holds nothing', async () => {
    // The policies decide before any balance is looked at.
    const before = await wallet();
    await expect(withdraw('13')).rejects.toMatchObject({
      status: 403,
      code: 'policy_blocked',
      details: { policyIds: ['p-13'] },
    });
    expect(await wallet()).toEqual(before);
  });

  it('refuses a withdrawal beyond the available balance and holds nothing', async () => {
    await expect(withdraw('1.6')).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_balance',
    });
    expect(await wallet()).toMatchObject({ balance: '1.5', availableBalance: '1.5' });
  });

  it('credits nothing for a failed income, and a settled income cannot change again', async () => {
    const { id } = await h.call(
      LEDGER_RPC.createIncome,
      {
        walletId: owner.walletId,
        amount: '7',
        blockchainTransactionId: `0x${'cd'.repeat(32)}`,
        senderAddress: receiverAddress,
        transactionTimestamp: stamp,
      },
      admin,
    );
    const failed = await h.call(LEDGER_RPC.updateIncome, { id, status: 'failed' }, admin);
    expect(failed.status).toBe('failed');
    expect(await wallet()).toMatchObject({ balance: '1.5' });
    await expect(
      h.call(LEDGER_RPC.updateIncome, { id, status: 'confirmed' }, admin),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      h.call(LEDGER_RPC.updateIncome, { id, status: 'confirmed' }, client),
    ).rejects.toMatchObject({ status: 403 });
  });
});
