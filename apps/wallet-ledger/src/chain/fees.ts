import type { JsonRpcProvider } from 'ethers';

/** EIP-1559 fees of a transaction: the most per gas, and the tip per gas within it. */
export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** The smallest tip offered: a local chain's blocks carry none to take the median of. */
const MIN_TIP = 1_000_000_000n;

const median = (values: bigint[]) => {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor(sorted.length / 2)] ?? 0n;
};

/**
 * Fees from the node's recent blocks (`eth_feeHistory`): the median tip of the last four blocks'
 * 50th percentile, and twice the next block's base fee on top (room for six full blocks in a
 * row), within the operator's cap.
 */
export async function currentFees(provider: JsonRpcProvider, cap: bigint): Promise<Fees> {
  const history = (await provider.send('eth_feeHistory', ['0x4', 'latest', [50]])) as {
    baseFeePerGas: string[];
    reward?: string[][];
  };
  const nextBase = BigInt(history.baseFeePerGas.at(-1) ?? '0x0');
  const tips = (history.reward ?? []).map((r) => BigInt(r[0] ?? '0x0'));
  return withinCap(
    {
      maxFeePerGas: 2n * nextBase + max(median(tips), MIN_TIP),
      maxPriorityFeePerGas: max(median(tips), MIN_TIP),
    },
    cap,
  );
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
/** ⌈value × 9/8⌉: nodes take a replacement only with both fees 10 % higher; 12.5 % clears it. */
const bump = (value: bigint) => (value * 9n + 7n) / 8n;
/** ⌈value × 11/10⌉: the least a node takes as a replacement. */
const least = (value: bigint) => (value * 11n + 9n) / 10n;

/**
 * The cap per gas a withdrawal's decision binds: the operator's per gas, lowered so that its gas
 * limit at that price stays within the operator's cap per withdrawal (when there is one).
 */
export function feeCapPerGas(
  maxFeePerGas: bigint,
  maxFeePerWithdrawal: bigint | undefined,
  gasLimit: bigint,
): bigint {
  if (maxFeePerWithdrawal === undefined) return maxFeePerGas;
  return min(maxFeePerGas, maxFeePerWithdrawal / gasLimit);
}

export function withinCap(fees: Fees, cap: bigint): Fees {
  const maxFeePerGas = min(fees.maxFeePerGas, cap);
  return { maxFeePerGas, maxPriorityFeePerGas: min(fees.maxPriorityFeePerGas, maxFeePerGas) };
}

/**
 * The fees of a same-nonce replacement: both at least 12.5 % above the last transaction's (or
 * the current fees, when higher), within the cap; undefined when the cap leaves no room for the
 * 10 % a node requires.
 */
export function replacementFees(last: Fees, current: Fees, cap: bigint): Fees | undefined {
  const tip = max(bump(last.maxPriorityFeePerGas), current.maxPriorityFeePerGas);
  const fees = withinCap(
    {
      maxFeePerGas: max(max(bump(last.maxFeePerGas), current.maxFeePerGas), tip),
      maxPriorityFeePerGas: tip,
    },
    cap,
  );
  if (fees.maxFeePerGas < least(last.maxFeePerGas)) return undefined;
  if (fees.maxPriorityFeePerGas < least(last.maxPriorityFeePerGas)) return undefined;
  return fees;
}
