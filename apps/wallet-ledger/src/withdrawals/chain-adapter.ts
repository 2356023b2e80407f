import type { WithdrawalRow } from '../schema';

/** A replacement of a broadcast withdrawal's transaction at its nonce. */
export type ReplacementKind = 'speed-up' | 'cancel';

/** A transaction signed for a withdrawal at its nonce, as it is stored before it is sent. */
export interface SignedAttempt {
  hash: string;
  rawTx: string;
  nonce: number;
  /** Decimal strings (wei, gas). */
  gasLimit: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

/**
 * The port through which the withdrawals module asks a chain adapter for the chain work an admin
 * asks for (docs/decisions/chain-connectivity.md, "Adapters"). The EVM adapter
 * (chain/evm-adapter.ts) sends its network's assets; the manual adapter (manual-adapter.ts)
 * stands for every other asset, whose withdrawals an admin reports. What an adapter does on its
 * own (sending, following, settling) goes the other way: it calls this module's use-cases, which
 * alone change a withdrawal.
 */
export interface WithdrawalChainAdapter {
  /** Whether it sends the withdrawals of this asset itself. */
  sends(assetId: string): boolean;
  /**
   * A speed-up or cancel of one of its broadcast withdrawals, sent at its nonce: recorded
   * (RecordReplacement) before it is broadcast. 409 when it cannot be replaced.
   */
  replace(w: WithdrawalRow, kind: ReplacementKind): Promise<void>;
}
