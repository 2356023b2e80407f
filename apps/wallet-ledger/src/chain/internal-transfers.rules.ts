/**
 * ETH paid to an address from inside a contract (an internal transfer), found in a transaction's
 * call trace (`debug_traceBlockByNumber` with the `callTracer`): no log and no top-level value
 * says so (docs/decisions/chain-connectivity.md, "Internal transfers"). Pure: the watcher asks
 * the node, these rules read the trace.
 */

/** A frame of the callTracer's answer (Geth's format, which anvil, Reth and Erigon share). */
export interface CallFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  error?: string;
  calls?: CallFrame[];
}

export interface InternalPayment {
  from: string;
  to: string;
  value: bigint;
  /** The frame's place among the transaction's nested frames, in call order (0 = the first). */
  index: number;
  /** The path of call indexes from the top-level call, as `0.2.1`. */
  traceAddress: string;
}

/** The frame types that move value to `to`: a call, or a self-destruct's beneficiary. */
const PAYING = new Set(['CALL', 'SELFDESTRUCT']);

/** Nested frames are bounded: a trace deeper than the EVM's call depth is not a real one. */
const MAX_DEPTH = 1024;

/**
 * The value-moving nested frames of one transaction's trace that did not revert (a frame with
 * an `error` undoes itself and everything under it), in call order. The top-level frame is the
 * transaction's own value, which the watcher reads from the transaction; a failed transaction
 * pays nothing.
 */
export function internalPayments(top: CallFrame): InternalPayment[] {
  if (top.error) return [];
  const found: InternalPayment[] = [];
  let index = 0;
  const walk = (frames: CallFrame[] | undefined, path: number[]) => {
    if (path.length > MAX_DEPTH) throw new Error('call trace deeper than the EVM allows');
    (frames ?? []).forEach((frame, position) => {
      const here = [...path, position];
      const at = index;
      index += 1;
      if (frame.error) {
        // Reverted, with everything it called: count its frames so positions stay stable.
        index += countFrames(frame.calls);
        return;
      }
      const value = frame.value ? BigInt(frame.value) : 0n;
      if (PAYING.has(frame.type.toUpperCase()) && frame.to && value > 0n) {
        found.push({
          from: frame.from,
          to: frame.to,
          value,
          index: at,
          traceAddress: here.join('.'),
        });
      }
      walk(frame.calls, here);
    });
  };
  walk(top.calls, []);
  return found;
}

function countFrames(frames: CallFrame[] | undefined): number {
  let n = 0;
  const stack = [...(frames ?? [])];
  while (stack.length > 0) {
    const frame = stack.pop() as CallFrame;
    n += 1;
    stack.push(...(frame.calls ?? []));
  }
  return n;
}

/**
 * The key of an internal transfer among its transaction's chain events: below the native
 * transfer's −1 (logs count from 0), so one (network, transaction, position) index keeps every
 * kind once.
 */
export function internalPosition(index: number): number {
  return -2 - index;
}
