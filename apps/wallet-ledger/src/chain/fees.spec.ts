import { feeCapPerGas, replacementFees, withinCap } from './fees';

const GWEI = 1_000_000_000n;

describe('the cap per gas a withdrawal binds', () => {
  it('is the operator’s per-gas cap when no per-withdrawal cap is set', () => {
    expect(feeCapPerGas(500n * GWEI, undefined, 21_000n)).toBe(500n * GWEI);
  });

  it('is lowered so that the gas limit at that price fits the per-withdrawal cap', () => {
    // 0.00042 ETH over 21,000 gas: 20 gwei; over a token transfer's 100,000 gas: 4.2 gwei.
    const perWithdrawal = 21_000n * 20n * GWEI;
    expect(feeCapPerGas(500n * GWEI, perWithdrawal, 21_000n)).toBe(20n * GWEI);
    expect(feeCapPerGas(500n * GWEI, perWithdrawal, 100_000n)).toBe(4_200_000_000n);
    expect(feeCapPerGas(500n * GWEI, perWithdrawal, 100_000n) * 100_000n).toBeLessThanOrEqual(
      perWithdrawal,
    );
  });

  it('stays the per-gas cap when that is the lower one', () => {
    expect(feeCapPerGas(10n * GWEI, 21_000n * 20n * GWEI, 21_000n)).toBe(10n * GWEI);
  });
});

describe('fees within a cap and their replacements', () => {
  it('never pays more per gas than the cap, nor a tip above the fee', () => {
    expect(withinCap({ maxFeePerGas: 30n, maxPriorityFeePerGas: 25n }, 20n)).toEqual({
      maxFeePerGas: 20n,
      maxPriorityFeePerGas: 20n,
    });
  });

  it('bumps both fees 12.5 % for a replacement, within the cap', () => {
    expect(
      replacementFees(
        { maxFeePerGas: 8n * GWEI, maxPriorityFeePerGas: 1n * GWEI },
        { maxFeePerGas: 3n * GWEI, maxPriorityFeePerGas: 1n * GWEI },
        20n * GWEI,
      ),
    ).toEqual({ maxFeePerGas: 9n * GWEI, maxPriorityFeePerGas: 1_125_000_000n });
  });

  it('has no replacement when the cap leaves less than the 10 % a node requires', () => {
    expect(
      replacementFees(
        { maxFeePerGas: 19n * GWEI, maxPriorityFeePerGas: 1n * GWEI },
        { maxFeePerGas: 3n * GWEI, maxPriorityFeePerGas: 1n * GWEI },
        20n * GWEI,
      ),
    ).toBeUndefined();
  });
});
