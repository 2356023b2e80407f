import {
  compare,
  type ComparisonInput,
  type CustodyAddress,
  eventData,
  eventOf,
  fingerprint,
  inFlightByWallet,
  outflowOf,
} from './reconciliation.rules';

const eth = (walletId: string, address: string, booked: string, liability = booked) =>
  ({ walletId, assetId: 'eth', address, booked, liability }) satisfies CustodyAddress;
const usdc = (walletId: string, address: string, booked: string, liability = booked) =>
  ({ walletId, assetId: 'usdc', address, booked, liability }) satisfies CustodyAddress;

function input(over: Partial<ComparisonInput>): ComparisonInput {
  return {
    addresses: [],
    inFlight: new Map(),
    onChain: new Map(),
    treasury: new Map(),
    house: new Map(),
    assetIds: ['eth', 'usdc'],
    ...over,
  };
}

describe('what a mined custody transaction takes from its address', () => {
  const tx = { status: 1, value: '0.5', fee: '0.000021', tokenValue: '0' };

  it('native: the value and the fee; reverted, the fee alone; a cancel (to itself), the fee', () => {
    expect(outflowOf(tx, true)).toBe('0.500021');
    expect(outflowOf({ ...tx, status: 0 }, true)).toBe('0.000021');
    expect(outflowOf({ ...tx, value: '0' }, true)).toBe('0.000021');
  });

  it('token: the amount transferred, nothing when reverted; its gas is the house’s', () => {
    expect(outflowOf({ ...tx, value: '0', tokenValue: '40.25' }, false)).toBe('40.25');
    expect(outflowOf({ ...tx, value: '0', tokenValue: '40.25', status: 0 }, false)).toBe('0');
  });
});

describe('movements in flight at the run’s block', () => {
  it('adds pending deposits mined up to the block, not later ones nor those reported by hand', () => {
    const inFlight = inFlightByWallet(
      [
        { walletId: 'a', amount: '1.5', blockNumber: 100 },
        { walletId: 'a', amount: '0.25', blockNumber: 101 },
        { walletId: 'a', amount: '7', blockNumber: 102 },
        { walletId: 'b', amount: '3', blockNumber: null },
      ],
      [],
      101,
    );
    expect(Object.fromEntries(inFlight)).toEqual({ a: '1.75' });
  });

  it('takes away what mined withdrawals took, in exact decimals', () => {
    const inFlight = inFlightByWallet(
      [{ walletId: 'a', amount: '0.1', blockNumber: 5 }],
      [
        { walletId: 'a', amount: '0.000000000000000001' },
        { walletId: 'b', amount: '0.3' },
      ],
      5,
    );
    expect(Object.fromEntries(inFlight)).toEqual({ a: '0.099999999999999999', b: '-0.3' });
  });
});

describe('the books against the chain', () => {
  it('is clean when every address holds its booked movements and those in flight', () => {
    const result = compare(
      input({
        addresses: [
          eth('w1', '0xA', '2', '1.5'),
          eth('w2', '0xB', '0', '0.5'),
          usdc('w3', '0xC', '59.75'),
        ],
        inFlight: new Map([['w2', '0.3']]),
        onChain: new Map([
          ['w1', '2'],
          ['w2', '0.3'],
          ['w3', '59.75'],
        ]),
        treasury: new Map([['eth', '0']]),
        house: new Map([['eth', '9.99']]),
      }),
    );
    expect(result.deltas).toEqual([]);
    expect(result.assets).toEqual([
      {
        assetId: 'eth',
        addresses: 2,
        // An internal transfer moved 0.5 from w1 to w2 in the ledger only: liabilities differ
        // per address from what is booked there, not in sum.
        liabilities: '2',
        treasury: '0',
        booked: '2',
        inFlight: '0.3',
        onChain: '2.3',
        difference: '0',
        house: '9.99',
      },
      {
        assetId: 'usdc',
        addresses: 1,
        liabilities: '59.75',
        treasury: '0',
        booked: '59.75',
        inFlight: '0',
        onChain: '59.75',
        difference: '0',
        house: '0',
      },
    ]);
  });

  it('names exactly the address and the amount it is off by, however small', () => {
    const result = compare(
      input({
        addresses: [eth('w2', '0xB', '1'), eth('w1', '0xA', '2'), usdc('w3', '0xC', '10')],
        onChain: new Map([
          ['w1', '3.000000000000000001'],
          ['w2', '1'],
          ['w3', '9.5'],
        ]),
      }),
    );
    expect(result.deltas).toEqual([
      {
        assetId: 'eth',
        address: '0xA',
        walletId: 'w1',
        booked: '2',
        inFlight: '0',
        onChain: '3.000000000000000001',
        difference: '1.000000000000000001',
        liability: '2',
      },
      {
        assetId: 'usdc',
        address: '0xC',
        walletId: 'w3',
        booked: '10',
        inFlight: '0',
        onChain: '9.5',
        difference: '-0.5',
        liability: '10',
      },
    ]);
    expect(result.assets.map((a) => [a.assetId, a.difference])).toEqual([
      ['eth', '1.000000000000000001'],
      ['usdc', '-0.5'],
    ]);
  });

  it('counts a withdrawal mined but not settled as gone, and a pending deposit as there', () => {
    const inFlight = inFlightByWallet(
      [{ walletId: 'w1', amount: '1', blockNumber: 10 }],
      [
        {
          walletId: 'w1',
          amount: outflowOf({ status: 1, value: '0.5', fee: '0.01', tokenValue: '0' }, true),
        },
      ],
      10,
    );
    const result = compare(
      input({
        addresses: [eth('w1', '0xA', '2')],
        inFlight,
        onChain: new Map([['w1', '2.49']]),
      }),
    );
    expect(result.deltas).toEqual([]);
    expect(result.assets[0]).toMatchObject({ inFlight: '0.49', onChain: '2.49' });
  });

  it('refuses to compare an address whose balance was not read', () => {
    expect(() => compare(input({ addresses: [eth('w1', '0xA', '1')] }))).toThrow(/w1/);
  });
});

describe('what a run tells', () => {
  const broken = {
    deltaCount: 1,
    fingerprint: fingerprint([{ assetId: 'eth', address: '0xA', difference: '1' }]),
  };
  const other = {
    deltaCount: 1,
    fingerprint: fingerprint([{ assetId: 'eth', address: '0xA', difference: '2' }]),
  };
  const clean = { deltaCount: 0, fingerprint: fingerprint([]) };

  it('a break once, again when it changes, and the return to clean once', () => {
    expect(eventOf(undefined, clean)).toBeUndefined();
    expect(eventOf(clean, clean)).toBeUndefined();
    expect(eventOf(undefined, broken)).toBe('broken');
    expect(eventOf(clean, broken)).toBe('broken');
    expect(eventOf(broken, broken)).toBeUndefined();
    expect(eventOf(broken, other)).toBe('broken');
    expect(eventOf(broken, clean)).toBe('clean');
  });

  it('carries at most 100 deltas with the count of all', () => {
    const deltas = Array.from({ length: 120 }, (_, i) => ({
      id: `d${i}`,
      createdAt: '2026-01-01T00:00:00.000Z',
      runId: 'r',
      assetId: 'eth',
      address: `0x${i}`,
      walletId: `w${i}`,
      booked: '0',
      inFlight: '0',
      onChain: '1',
      difference: '1',
      liability: '0',
    }));
    const data = eventData(
      { id: 'r', network: 'ethereum', blockNumber: 7, checkedAt: '2026-01-01T00:00:00.000Z' },
      deltas,
    );
    expect(data).toMatchObject({ runId: 'r', deltaCount: 120, blockNumber: 7 });
    expect(data.deltas).toHaveLength(100);
  });
});
