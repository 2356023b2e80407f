import {
  firstBlockPast,
  MAX_SIGNED_NONCE,
  nonceToTake,
  SIGNED_NONCE_WINDOW,
  signedNonceToReserve,
  usedNonce,
} from './nonces.rules';

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

describe("a client's signed transaction's nonce (sign-tx)", () => {
  it('moves the counter past it while the books are level with or ahead of the chain', () => {
    expect(signedNonceToReserve(5, { latest: 5, pending: 5 }, 5)).toEqual({
      outcome: 'reserve',
      next: 6,
    });
    // Withdrawals reserved and not broadcast yet: a nonce below the counter leaves it there.
    expect(signedNonceToReserve(9, { latest: 4, pending: 6 }, 6)).toEqual({
      outcome: 'reserve',
      next: 9,
    });
  });

  it('is refused when the chain counts transactions the books never assigned', () => {
    // The lost timeline paid a withdrawal at 4; the client asks the node and signs at 5: moving
    // the counter to 6 would hide it, and the withdrawal be sent again at 6.
    expect(signedNonceToReserve(4, { latest: 5, pending: 5 }, 5)).toEqual({
      outcome: 'behind',
      assigned: 4,
      chain: 5,
    });
    expect(signedNonceToReserve(2, { latest: 2, pending: 3 }, 3)).toEqual({
      outcome: 'behind',
      assigned: 2,
      chain: 3,
    });
  });

  it('is refused past the counter of an address the adapter sends from, whatever the node says', () => {
    expect(signedNonceToReserve(4, { latest: 4, pending: 4 }, 5)).toEqual({
      outcome: 'gap',
      next: 4,
    });
    // A node lagging behind the lost timeline's transaction: the honest wallet's nonce still
    // cannot move the counter past it.
    expect(signedNonceToReserve(4, { latest: 3, pending: 3 }, 5)).toEqual({
      outcome: 'gap',
      next: 4,
    });
    expect(signedNonceToReserve(4, { latest: 4, pending: 4 }, 2 ** 40)).toEqual({
      outcome: 'gap',
      next: 4,
    });
  });

  it('is refused once 16 signed transactions wait unsent past the chain', () => {
    const chain = { latest: 4, pending: 4 };
    expect(
      signedNonceToReserve(4 + SIGNED_NONCE_WINDOW - 1, chain, 4 + SIGNED_NONCE_WINDOW - 1),
    ).toEqual({
      outcome: 'reserve',
      next: 4 + SIGNED_NONCE_WINDOW,
    });
    expect(signedNonceToReserve(4 + SIGNED_NONCE_WINDOW, chain, 4 + SIGNED_NONCE_WINDOW)).toEqual({
      outcome: 'too-far',
      highest: 4 + SIGNED_NONCE_WINDOW - 1,
    });
  });

  it('follows the client without the chain, as an int4 counter', () => {
    expect(signedNonceToReserve(0, undefined, 1_000)).toEqual({ outcome: 'reserve', next: 1_001 });
    expect(signedNonceToReserve(0, undefined, MAX_SIGNED_NONCE + 1)).toEqual({
      outcome: 'too-far',
      highest: MAX_SIGNED_NONCE,
    });
  });
});

describe('a withdrawal whose nonce another transaction used on chain', () => {
  const at = { network: 'local', address: '0xabc', nonce: 7 };

  it('fails when the books know that transaction (a client signed it)', () => {
    expect(usedNonce(true, at, 8)).toEqual({ outcome: 'fail' });
  });

  it('finds the books behind the chain when they do not know it', () => {
    // A lost timeline's speed-up of this very withdrawal, mined: it may be paid.
    expect(usedNonce(false, at, 8)).toEqual({
      outcome: 'behind',
      found: { network: 'local', address: '0xabc', assigned: 7, chain: 8 },
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
