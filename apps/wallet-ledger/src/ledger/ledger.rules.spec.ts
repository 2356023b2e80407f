import { type AccountState, planEntry } from './ledger.rules';

const account = (
  id: string,
  balance: string,
  availableBalance = balance,
  kind: AccountState['kind'] = 'wallet',
  assetId = 'eth',
): AccountState => ({
  id,
  kind,
  assetId,
  walletId: kind === 'wallet' ? `w-${id}` : null,
  balance,
  availableBalance,
});

const accounts = (...list: AccountState[]) => new Map(list.map((a) => [a.id, a]));

const entry = (movements: { accountId: string; amount: string; fromHold?: boolean }[]) => ({
  operationType: 'transfer' as const,
  operationId: 'op-1',
  assetId: 'eth',
  movements,
});

describe('planEntry', () => {
  it('posts a balanced entry: each posting carries the running balance of its account', () => {
    const plan = planEntry(
      entry([
        { accountId: 'a', amount: '-1.5' },
        { accountId: 'b', amount: '1.5' },
      ]),
      accounts(account('a', '2'), account('b', '0.25')),
    );
    expect(plan.postings).toEqual([
      { accountId: 'a', amount: '-1.5', balanceAfter: '0.5' },
      { accountId: 'b', amount: '1.5', balanceAfter: '1.75' },
    ]);
    expect(plan.after.get('a')).toMatchObject({ balance: '0.5', availableBalance: '0.5' });
    expect(plan.after.get('b')).toMatchObject({ balance: '1.75', availableBalance: '1.75' });
  });

  it('is exact at 18 decimals and beyond what a float can hold', () => {
    const plan = planEntry(
      entry([
        { accountId: 'a', amount: '-0.000000000000000001' },
        { accountId: 'b', amount: '0.000000000000000001' },
      ]),
      accounts(account('a', '123456789012345678.000000000000000001'), account('b', '0')),
    );
    expect(plan.after.get('a')?.balance).toBe('123456789012345678');
    expect(plan.after.get('b')?.balance).toBe('0.000000000000000001');
  });

  it('lets a wallet reach exactly zero but refuses one smallest unit below it', () => {
    const state = accounts(account('a', '1'), account('b', '0'));
    expect(
      planEntry(
        entry([
          { accountId: 'a', amount: '-1' },
          { accountId: 'b', amount: '1' },
        ]),
        state,
      ).after.get('a')?.balance,
    ).toBe('0');
    expect(() =>
      planEntry(
        entry([
          { accountId: 'a', amount: '-1.000000000000000001' },
          { accountId: 'b', amount: '1.000000000000000001' },
        ]),
        state,
      ),
    ).toThrow(expect.objectContaining({ status: 400, code: 'insufficient_balance' }));
  });

  it('refuses to spend what a hold keeps aside, but a debit from the hold leaves available as it was', () => {
    // Balance 5 of which 3 are held for a pending withdrawal: 2 available.
    const state = accounts(account('a', '5', '2'), account('x', '0', '0', 'external'));
    expect(() =>
      planEntry(
        entry([
          { accountId: 'a', amount: '-3' },
          { accountId: 'x', amount: '3' },
        ]),
        state,
      ),
    ).toThrow(expect.objectContaining({ code: 'insufficient_balance' }));
    const captured = planEntry(
      entry([
        { accountId: 'a', amount: '-3', fromHold: true },
        { accountId: 'x', amount: '3' },
      ]),
      state,
    );
    expect(captured.after.get('a')).toMatchObject({ balance: '2', availableBalance: '2' });
  });

  it('lets system accounts go negative (the external world pays in)', () => {
    const plan = planEntry(
      entry([
        { accountId: 'x', amount: '-10' },
        { accountId: 'a', amount: '10' },
      ]),
      accounts(account('x', '0', '0', 'external'), account('a', '0')),
    );
    expect(plan.after.get('x')?.balance).toBe('-10');
  });

  it('applies two movements on one account in order, the second seeing the first', () => {
    const plan = planEntry(
      entry([
        { accountId: 'a', amount: '-2' },
        { accountId: 'a', amount: '1' },
        { accountId: 'b', amount: '1' },
      ]),
      accounts(account('a', '2'), account('b', '0')),
    );
    expect(plan.postings.map((p) => p.balanceAfter)).toEqual(['0', '1', '1']);
  });

  it('refuses an unbalanced entry, a single posting, an account not locked, or another asset', () => {
    const state = accounts(
      account('a', '5'),
      account('b', '0'),
      account('u', '0', '0', 'wallet', 'usdc'),
    );
    const internal = expect.objectContaining({ status: 500 });
    expect(() =>
      planEntry(
        entry([
          { accountId: 'a', amount: '-1' },
          { accountId: 'b', amount: '0.9' },
        ]),
        state,
      ),
    ).toThrow(internal);
    expect(() => planEntry(entry([{ accountId: 'a', amount: '0' }]), state)).toThrow(internal);
    expect(() =>
      planEntry(
        entry([
          { accountId: 'a', amount: '-1' },
          { accountId: 'z', amount: '1' },
        ]),
        state,
      ),
    ).toThrow(internal);
    expect(() =>
      planEntry(
        entry([
          { accountId: 'a', amount: '-1' },
          { accountId: 'u', amount: '1' },
        ]),
        state,
      ),
    ).toThrow(internal);
  });

  it('leaves the accounts it was given unchanged', () => {
    const state = accounts(account('a', '2'), account('b', '0'));
    planEntry(
      entry([
        { accountId: 'a', amount: '-1' },
        { accountId: 'b', amount: '1' },
      ]),
      state,
    );
    expect(state.get('a')?.balance).toBe('2');
  });
});
