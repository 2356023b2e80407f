import { LEDGER_RPC } from '@custody/contracts';
import type { WithdrawalRow } from '../schema';
import { admin, client, createLedgerHarness, type LedgerHarness } from '../test-harness';
import {
  broadcastWithdrawal,
  type ChainSteps,
  chainSteps,
  preparedWithdrawal,
} from './__fixtures__/chain-steps';
import type { ReplacementKind, WithdrawalChainAdapter } from './chain-adapter';
import { ManualWithdrawalAdapter } from './manual-adapter';
import { MoveWithdrawal } from './move-withdrawal';
import { ReplaceWithdrawal } from './replace-withdrawal';

// An admin's speed-up or cancel goes through the withdrawals module's port to the adapter that
// sends the withdrawal's asset; with none (the manual adapter: an admin reports the withdrawal),
// it answers 409 chain_adapter_off.

let h: LedgerHarness;
let steps: ChainSteps;

beforeAll(async () => {
  h = await createLedgerHarness();
  steps = chainSteps(h);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

/** An adapter that sends `eth` and remembers what it was asked to replace. */
class StandInAdapter implements WithdrawalChainAdapter {
  readonly asked: [string, ReplacementKind][] = [];

  sends(assetId: string): boolean {
    return assetId === 'eth';
  }

  async replace(w: WithdrawalRow, kind: ReplacementKind): Promise<void> {
    this.asked.push([w.id, kind]);
  }
}

describe('with no chain adapter running (the harness runs none)', () => {
  it('answers 409 chain_adapter_off to an admin, 403 to a client and 404 to an unknown id', async () => {
    const { id } = await preparedWithdrawal(h);
    await h.call(
      LEDGER_RPC.updateWithdrawal,
      { id, status: 'broadcast', blockchainTransactionId: `0x${'ef'.repeat(32)}` },
      admin,
    );
    for (const method of [LEDGER_RPC.speedUpWithdrawal, LEDGER_RPC.cancelWithdrawal])
      await expect(h.call(method, { id }, admin)).rejects.toMatchObject({
        status: 409,
        code: 'chain_adapter_off',
      });
    await expect(h.call(LEDGER_RPC.speedUpWithdrawal, { id }, client)).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      h.call(LEDGER_RPC.cancelWithdrawal, { id: '01900000-0000-7000-8000-000000000000' }, admin),
    ).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('with adapters', () => {
  let evm: StandInAdapter;
  let replace: ReplaceWithdrawal;

  beforeEach(() => {
    evm = new StandInAdapter();
    const manual = new ManualWithdrawalAdapter(steps.db, new MoveWithdrawal(h.catalog));
    replace = new ReplaceWithdrawal(steps.db, steps.reads, [evm], manual);
  });

  it('asks the adapter that sends the asset, and answers the withdrawal with its attempts', async () => {
    const { id, first } = await broadcastWithdrawal(h, steps);
    const answer = await replace.replace(admin, id, 'cancel');
    expect(evm.asked).toEqual([[id, 'cancel']]);
    expect(answer).toMatchObject({ id, status: 'broadcast' });
    expect(answer.attempts?.map((a) => a.hash)).toEqual([first.hash]);
  });

  it('leaves an asset no adapter sends to the manual adapter: 409 chain_adapter_off', async () => {
    const { id } = await preparedWithdrawal(h, { assetId: 'usdc', amount: '10', funds: '100' });
    await expect(replace.replace(admin, id, 'speed-up')).rejects.toMatchObject({
      status: 409,
      code: 'chain_adapter_off',
    });
    expect(evm.asked).toEqual([]);
  });
});
