import { LEDGER_RPC, WALLET_RPC } from '@custody/contracts';
import { admin, client, createLedgerHarness, type LedgerHarness } from '../test-harness';
import {
  type ChainSteps,
  chainSteps,
  eventsOf,
  FEE_RESERVE,
  nativePlan,
  NETWORK,
  preparedWithdrawal,
  signedAt,
} from './__fixtures__/chain-steps';

// The chain adapter's steps that take a prepared withdrawal to broadcast, each one transaction of
// the withdrawals module (the adapter asks the node and the signer between them, never inside):
// the nonce and fee reserve, the signed transaction with its first attempt, the broadcast.

let h: LedgerHarness;
let steps: ChainSteps;

beforeAll(async () => {
  h = await createLedgerHarness();
  steps = chainSteps(h);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const noNonce = async (): Promise<number> => {
  throw new Error('no nonce may be taken');
};

describe('reserving a withdrawal', () => {
  it('stores its nonce, gas and fees and holds the fee reserve on top of the amount, once', async () => {
    const { owner, id, address } = await preparedWithdrawal(h);
    const reserved = await steps.send.reserve(id, nativePlan(address));
    expect(reserved).toMatchObject({
      outcome: 'reserved',
      row: {
        status: 'prepared',
        network: NETWORK,
        fromAddress: address,
        chainNonce: 0,
        gasLimit: '21000',
        maxFeePerGas: '30000000000',
        feeReserve: FEE_RESERVE,
      },
    });
    // A second poll (or one after a restart) keeps what was stored: no second nonce.
    const again = await steps.send.reserve(id, nativePlan(address, { takeNonce: noNonce }));
    expect(again).toMatchObject({ outcome: 'reserved', row: { chainNonce: 0 } });
    expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
      balance: '1',
      availableBalance: '0.89937',
    });
    // Taken by the adapter's network: an admin no longer moves it.
    await expect(
      h.call(LEDGER_RPC.updateWithdrawal, { id, status: 'cancelled' }, admin),
    ).rejects.toMatchObject({ status: 409, code: 'chain_managed' });
  });

  it('fails one its address cannot pay on chain before any nonce is taken, releasing its hold', async () => {
    const { owner, id, address } = await preparedWithdrawal(h);
    const refusal = 'The address does not hold the amount and the network fee on chain.';
    const reserved = await steps.send.reserve(
      id,
      nativePlan(address, { refusal, takeNonce: noNonce }),
    );
    expect(reserved).toEqual({ outcome: 'failed', reason: refusal });
    expect(await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client)).toMatchObject({
      status: 'failed',
      fee: '0',
    });
    expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
      balance: '1',
      availableBalance: '1',
    });
  });

  it('fails one whose wallet cannot also hold the network fee', async () => {
    const { owner, id, address } = await preparedWithdrawal(h, { amount: '0.1', funds: '0.1' });
    const reserved = await steps.send.reserve(id, nativePlan(address, { takeNonce: noNonce }));
    expect(reserved).toEqual({
      outcome: 'failed',
      reason: 'Not enough available balance for the network fee.',
    });
    expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
      availableBalance: '0.1',
    });
    expect((await eventsOf(h, id)).map((e) => [e.name, e.data['status']])).toEqual([
      ['withdrawal.is-created', 'prepared'],
      ['withdrawal.is-updated', 'failed'],
    ]);
  });

  it('holds no fee reserve when the house pays the gas (a token)', async () => {
    const { owner, id, address } = await preparedWithdrawal(h, {
      assetId: 'usdc',
      amount: '10',
      funds: '100',
    });
    const reserved = await steps.send.reserve(
      id,
      nativePlan(address, { feeReserve: '0', walletPaysFee: false, gasLimit: '100000' }),
    );
    expect(reserved).toMatchObject({ outcome: 'reserved', row: { feeReserve: '0' } });
    expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
      availableBalance: '90',
    });
  });

  it('leaves a withdrawal another poll holds locked, and one no longer prepared, to the next poll', async () => {
    const { id, address } = await preparedWithdrawal(h);
    const other = await h.service.deps.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM ledger.withdrawals WHERE id = $1 FOR UPDATE', [id]);
      expect(await steps.send.reserve(id, nativePlan(address, { takeNonce: noNonce }))).toEqual({
        outcome: 'skipped',
      });
    } finally {
      await other.query('ROLLBACK');
      other.release();
    }
    await h.call(LEDGER_RPC.updateWithdrawal, { id, status: 'cancelled' }, admin);
    expect(await steps.send.reserve(id, nativePlan(address, { takeNonce: noNonce }))).toEqual({
      outcome: 'skipped',
    });
  });
});

describe('storing and broadcasting its signed transaction', () => {
  it('stores the transaction with its first attempt once, and broadcasts it with withdrawal.is-updated', async () => {
    const { owner, id, address } = await preparedWithdrawal(h);
    const reserved = await steps.send.reserve(id, nativePlan(address));
    if (reserved.outcome !== 'reserved') throw new Error(reserved.outcome);
    const first = signedAt(0);
    const stored = await steps.send.storeSigned(reserved.row, first);
    expect(stored).toMatchObject({ rawTx: first.rawTx, blockchainTransactionId: first.hash });
    // Signed again after a crash, another signature is not stored over the first.
    const second = signedAt(0);
    expect(await steps.send.storeSigned(reserved.row, second)).toMatchObject({
      rawTx: first.rawTx,
    });
    await steps.send.markBroadcast(id, first.hash);
    await steps.send.markBroadcast(id, first.hash);
    const read = await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client);
    expect(read).toMatchObject({ status: 'broadcast', blockchainTransactionId: first.hash });
    expect(read.attempts).toEqual([
      expect.objectContaining({ hash: first.hash, kind: 'send', nonce: 0, status: 'sent' }),
    ]);
    expect((await eventsOf(h, id)).map((e) => [e.name, e.data['status']])).toEqual([
      ['withdrawal.is-created', 'prepared'],
      ['withdrawal.is-updated', 'broadcast'],
    ]);
  });

  it('stores nothing for a withdrawal whose nonce changed since it was signed', async () => {
    const { owner, id, address } = await preparedWithdrawal(h);
    const reserved = await steps.send.reserve(id, nativePlan(address));
    if (reserved.outcome !== 'reserved') throw new Error(reserved.outcome);
    const stale = { ...reserved.row, chainNonce: 7 };
    expect(await steps.send.storeSigned(stale, signedAt(7))).toMatchObject({ rawTx: null });
    const read = await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client);
    expect(read.attempts).toBeUndefined();
  });
});
