import { LEDGER_RPC, WALLET_RPC } from '@custody/contracts';
import { admin, client, createLedgerHarness, type LedgerHarness } from '../test-harness';
import {
  broadcastWithdrawal,
  type ChainSteps,
  chainSteps,
  eventsOf,
  signedAt,
} from './__fixtures__/chain-steps';

// What the chain adapter found about a withdrawal it broadcast, each one transaction of the
// withdrawals module: an attempt mined deep enough settles it (its fee booked once), its nonce
// used by another transaction fails it, an attempt the node lost and the adapter re-sent is
// announced.

let h: LedgerHarness;
let steps: ChainSteps;

beforeAll(async () => {
  h = await createLedgerHarness();
  steps = chainSteps(h);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('a mined attempt', () => {
  it('confirms the withdrawal: the amount and the real fee debited once, the other attempts replaced', async () => {
    const { owner, id, first } = await broadcastWithdrawal(h, steps);
    const speedUp = signedAt(0, '40000000000');
    await steps.replacements.record(id, 'speed-up', speedUp, '0.00084');
    const mined = { hash: speedUp.hash, succeeded: true, fee: '0.000441' };
    await steps.settle.settleMined(id, mined);
    await steps.settle.settleMined(id, mined);
    const read = await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client);
    expect(read).toMatchObject({
      status: 'confirmed',
      fee: '0.000441',
      blockchainTransactionId: speedUp.hash,
    });
    expect(read.attempts?.map((a) => [a.hash, a.status])).toEqual([
      [first.hash, 'replaced'],
      [speedUp.hash, 'mined'],
    ]);
    // The unused fee reserve went back: the wallet paid exactly amount + fee.
    expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
      balance: '0.899559',
      availableBalance: '0.899559',
    });
    expect(
      (await eventsOf(h, id)).filter((e) => e.data['status'] === 'confirmed').map((e) => e.name),
    ).toEqual(['withdrawal.is-updated']);
    expect(await h.call(LEDGER_RPC.checkLedger, {}, admin)).toMatchObject({ ok: true });
  });

  it('fails the withdrawal when its cancel was mined: the amount stays, the cancel fee is paid', async () => {
    const { owner, id } = await broadcastWithdrawal(h, steps);
    const cancel = signedAt(0, '40000000000');
    await steps.replacements.record(id, 'cancel', cancel, '0.00084');
    await steps.settle.settleMined(id, { hash: cancel.hash, succeeded: true, fee: '0.000021' });
    expect(await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client)).toMatchObject({
      status: 'failed',
      fee: '0.000021',
    });
    expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
      balance: '0.999979',
      availableBalance: '0.999979',
    });
  });

  it('fails the withdrawal when its transaction reverted, which still paid its fee', async () => {
    const { owner, id, first } = await broadcastWithdrawal(h, steps);
    await steps.settle.settleMined(id, { hash: first.hash, succeeded: false, fee: '0.000021' });
    expect(await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client)).toMatchObject({
      status: 'failed',
      fee: '0.000021',
    });
    expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
      balance: '0.999979',
    });
  });
});

describe('a nonce another transaction used', () => {
  it('fails the withdrawal with nothing paid and its hold returned, from the status it had only', async () => {
    const { owner, id } = await broadcastWithdrawal(h, steps);
    await steps.settle.failNonceUsed(id, 'prepared');
    expect((await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client)).status).toBe(
      'broadcast',
    );
    await steps.settle.failNonceUsed(id, 'broadcast');
    expect(await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client)).toMatchObject({
      status: 'failed',
      fee: '0',
    });
    expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
      balance: '1',
      availableBalance: '1',
    });
  });
});

describe('an attempt the node dropped', () => {
  it('is announced with withdrawal.is-dropped, naming the attempt, and changes nothing else', async () => {
    const { owner, id, first } = await broadcastWithdrawal(h, steps);
    const before = await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client);
    await steps.settle.reportDropped(id, first.hash);
    expect(await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client)).toEqual(before);
    const dropped = (await eventsOf(h, id)).filter((e) => e.name === 'withdrawal.is-dropped');
    expect(dropped).toEqual([
      {
        name: 'withdrawal.is-dropped',
        data: { ...before, dropped: { hash: first.hash, kind: 'send' } },
      },
    ]);
  });

  it('is not announced for a withdrawal settled meanwhile', async () => {
    const { id, first } = await broadcastWithdrawal(h, steps);
    await steps.settle.settleMined(id, { hash: first.hash, succeeded: true, fee: '0.000021' });
    await steps.settle.reportDropped(id, first.hash);
    expect((await eventsOf(h, id)).map((e) => e.name)).not.toContain('withdrawal.is-dropped');
  });
});
