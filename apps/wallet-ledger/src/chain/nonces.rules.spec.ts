import { firstBlockPast, nonceToTake } from './nonces.rules';

describe("an address's next nonce", () => {
  it('is the stored next nonce while the chain counts no more than the books assigned', () => {
    expect(nonceToTake(0, { latest: 0, pending: 0 })).toEqual({ outcome: 'take', nonce: 0 });
    expect(nonceToTake(5, { latest: 5, pending: 5 })).toEqual({ outcome: 'take', nonce: 5 });
    // Reserved and signed, not broadcast yet, or in the pool: the chain counts fewer.
    expect(nonceToTake(7, { latest: 4, pending: 6 })).toEqual({ outcome: 'take', nonce: 7 });
  });

  it('is refused when the chain counts mined transactions the books never assigned', () => {
    // A snapshot restored in place: the books' counter went back, the chain did not.
    expect(nonceToTake(3, { latest: 4, pending: 4 })).toEqual({
      outcome: 'behind',
      assigned: 3,
      chain: 4,
    });
    // An address the books never sent from (no counter), with a transaction on chain.
    expect(nonceToTake(0, { latest: 1, pending: 1 })).toEqual({
      outcome: 'behind',
      assigned: 0,
      chain: 1,
    });
  });

  it("is refused for a transaction the books never assigned still in the node's pool", () => {
    expect(nonceToTake(2, { latest: 2, pending: 3 })).toEqual({
      outcome: 'behind',
      assigned: 2,
      chain: 3,
    });
  });
});

describe('the first block past a count of transactions', () => {
  /** An address whose transactions were mined at these blocks, one each. */
  function history(minedAt: number[]) {
    const asked: number[] = [];
    const countAt = async (block: number) => {
      asked.push(block);
      return minedAt.filter((b) => b <= block).length;
    };
    return { countAt, asked };
  }

  it('is the block of the first transaction beyond the count', async () => {
    const { countAt } = history([3, 10, 11, 40]);
    expect(await firstBlockPast(0, 100, countAt)).toBe(3);
    expect(await firstBlockPast(1, 100, countAt)).toBe(10);
    expect(await firstBlockPast(3, 100, countAt)).toBe(40);
    expect(await firstBlockPast(2, 11, countAt)).toBe(11);
  });

  it('is none when the head counts no more (the transaction is in the pool only)', async () => {
    const { countAt } = history([3]);
    expect(await firstBlockPast(1, 100, countAt)).toBeUndefined();
  });

  it('asks the node about log2 of the head times', async () => {
    const { countAt, asked } = history([700_123]);
    expect(await firstBlockPast(0, 1_000_000, countAt)).toBe(700_123);
    expect(asked.length).toBeLessThanOrEqual(22);
  });
});
