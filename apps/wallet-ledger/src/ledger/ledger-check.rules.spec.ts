import { mergeViolations, walkChains, type CheckedAccount } from './ledger-check.rules';

const account = (id: string, balance: string, base = '0', through = '0'): CheckedAccount => ({
  id,
  balance,
  base,
  through,
});
const posting = (id: number, accountId: string, amount: string, balanceAfter: string) => ({
  id: String(id),
  accountId,
  entryId: `e${id}`,
  amount,
  balanceAfter,
});

describe('walking accounts from their checkpoints', () => {
  it('advances each sound account to its last posting and the balance reached', () => {
    const walk = walkChains(
      [account('a', '3.5'), account('b', '1', '2', '7')],
      [posting(1, 'a', '5', '5'), posting(4, 'a', '-1.5', '3.5'), posting(9, 'b', '-1', '1')],
      100,
    );
    expect(walk.violations).toEqual([]);
    expect(walk.advanced).toEqual([
      { accountId: 'a', through: '4', balance: '3.5' },
      { accountId: 'b', through: '9', balance: '1' },
    ]);
    expect(walk.done).toEqual(['a', 'b']);
    expect(walk.chunkComplete).toBe(true);
  });

  it('reports a posting whose balance_after breaks the chain, and keeps the old checkpoint', () => {
    const walk = walkChains(
      [account('a', '4')],
      [posting(1, 'a', '5', '5'), posting(2, 'a', '-1', '3'), posting(3, 'a', '1', '4')],
      100,
    );
    expect(walk.violations).toEqual([
      {
        rule: 'balance_differs_from_postings',
        detail: { account_id: 'a', posting_id: '2', expected: '4', balance_after: '3' },
      },
    ]);
    expect(walk.advanced).toEqual([]);
    expect(walk.done).toEqual(['a']);
  });

  it('reports an account whose balance is not where its postings lead', () => {
    const walk = walkChains([account('a', '6', '1', '3')], [posting(5, 'a', '2', '3')], 100);
    expect(walk.violations).toEqual([
      {
        rule: 'balance_differs_from_postings',
        detail: { account_id: 'a', balance: '6', postings: '3' },
      },
    ]);
    expect(walk.advanced).toEqual([]);
  });

  it('checks an account without new postings against its checkpoint', () => {
    expect(walkChains([account('a', '2', '2', '8')], [], 100).violations).toEqual([]);
    expect(walkChains([account('a', '2', '3', '8')], [], 100).violations).toHaveLength(1);
  });

  it('stops inside an account when the budget runs out, keeping what it walked', () => {
    const walk = walkChains(
      [account('a', '1'), account('b', '3'), account('c', '0')],
      [
        posting(1, 'a', '1', '1'),
        posting(2, 'b', '1', '1'),
        posting(3, 'b', '1', '2'),
        posting(4, 'b', '1', '3'),
      ],
      3,
    );
    expect(walk.chunkComplete).toBe(false);
    expect(walk.done).toEqual(['a']);
    expect(walk.advanced).toEqual([
      { accountId: 'a', through: '1', balance: '1' },
      { accountId: 'b', through: '3', balance: '2' },
    ]);
    expect(walk.walked.map((p) => p.id)).toEqual(['1', '2', '3']);
    // The next call goes on from b's new checkpoint.
    const next = walkChains(
      [account('b', '3', '2', '3'), account('c', '0')],
      [posting(4, 'b', '1', '3')],
      3,
    );
    expect(next.violations).toEqual([]);
    expect(next.done).toEqual(['b', 'c']);
  });
});

it('keeps at most 100 violations per check across the calls of a run', () => {
  const many = Array.from({ length: 150 }, (_, i) => ({
    rule: 'entry_not_balanced' as const,
    detail: { i },
  }));
  const merged = mergeViolations(many.slice(0, 60), [
    ...many.slice(60),
    { rule: 'asset_sum_not_zero', detail: {} },
  ]);
  expect(merged.filter((v) => v.rule === 'entry_not_balanced')).toHaveLength(100);
  expect(merged.filter((v) => v.rule === 'asset_sum_not_zero')).toHaveLength(1);
});
