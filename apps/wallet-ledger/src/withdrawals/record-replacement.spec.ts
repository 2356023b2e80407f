import { LEDGER_RPC, WALLET_RPC } from '@custody/contracts';
import { client, createLedgerHarness, type LedgerHarness } from '../test-harness';
import {
  broadcastWithdrawal,
  type ChainSteps,
  chainSteps,
  eventsOf,
  signedAt,
} from './__fixtures__/chain-steps';

// A speed-up or cancel the chain adapter signed, recorded by the withdrawals module in one
// transaction before it is broadcast: the hold grows to its fee (native coin), the attempt is
// kept, and withdrawal.is-updated and withdrawal.is-replaced say so.

let h: LedgerHarness;
let steps: ChainSteps;

beforeAll(async () => {
  h = await createLedgerHarness();
  steps = chainSteps(h);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const replacedEvents = async (id: string) =>
  (await eventsOf(h, id)).filter((e) => e.name === 'withdrawal.is-replaced').map((e) => e.data);

it('records a speed-up, growing the hold to its fee, and names the attempt each one replaces', async () => {
  const { owner, id, first } = await broadcastWithdrawal(h, steps);
  const speedUp = signedAt(0, '40000000000');
  await steps.replacements.record(id, 'speed-up', speedUp, '0.00084');
  expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
    balance: '1',
    availableBalance: '0.89916',
  });
  const cancel = signedAt(0, '50000000000');
  // A reserve below the one held leaves the hold as it is.
  await steps.replacements.record(id, 'cancel', cancel, '0.0005');
  expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
    availableBalance: '0.89916',
  });
  const read = await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client);
  expect(read.status).toBe('broadcast');
  expect(read.attempts?.map((a) => [a.hash, a.kind, a.status])).toEqual([
    [first.hash, 'send', 'sent'],
    [speedUp.hash, 'speed-up', 'sent'],
    [cancel.hash, 'cancel', 'sent'],
  ]);
  const replaced = await replacedEvents(id);
  expect(replaced.map((e) => e['replacement'])).toEqual([
    { hash: speedUp.hash, kind: 'speed-up', replaces: first.hash },
    { hash: cancel.hash, kind: 'cancel', replaces: speedUp.hash },
  ]);
  // Each carries the withdrawal with its attempts as they were then.
  expect(replaced[0]).toMatchObject({ id, status: 'broadcast' });
  expect((replaced[0]?.['attempts'] as unknown[]).length).toBe(2);
  // The attempts are announced with withdrawal.is-updated too, as before.
  expect(
    (await eventsOf(h, id)).filter(
      (e) => e.name === 'withdrawal.is-updated' && e.data['status'] === 'broadcast',
    ),
  ).toHaveLength(3);
});

it('records the same signed transaction once', async () => {
  const { owner, id } = await broadcastWithdrawal(h, steps);
  const speedUp = signedAt(0, '40000000000');
  await steps.replacements.record(id, 'speed-up', speedUp, '0.00084');
  await steps.replacements.record(id, 'speed-up', speedUp, '0.00084');
  const read = await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client);
  expect(read.attempts).toHaveLength(2);
  expect(await replacedEvents(id)).toHaveLength(1);
});

it('refuses with 409 fee_unaffordable a fee the wallet cannot hold, recording nothing', async () => {
  const { owner, id } = await broadcastWithdrawal(h, steps, { amount: '0.1', funds: '0.1007' });
  await expect(
    steps.replacements.record(id, 'speed-up', signedAt(0, '50000000000'), '0.001'),
  ).rejects.toMatchObject({ status: 409, code: 'fee_unaffordable' });
  const read = await h.call(LEDGER_RPC.getWithdrawal, { ...owner, id }, client);
  expect(read.attempts).toHaveLength(1);
  expect(await h.call(WALLET_RPC.getWallet, owner, client)).toMatchObject({
    availableBalance: '0.00007',
  });
  expect(await replacedEvents(id)).toEqual([]);
});

it('refuses with 409 withdrawal_not_replaceable a withdrawal settled meanwhile', async () => {
  const { id, first } = await broadcastWithdrawal(h, steps);
  await steps.settle.settleMined(id, { hash: first.hash, succeeded: true, fee: '0.000021' });
  await expect(
    steps.replacements.record(id, 'cancel', signedAt(0, '50000000000'), '0.00105'),
  ).rejects.toMatchObject({ status: 409, code: 'withdrawal_not_replaceable' });
});
