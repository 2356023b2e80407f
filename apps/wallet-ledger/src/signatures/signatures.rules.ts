import { formatUnits, Interface } from 'ethers';
import { Errors } from '@custody/errors';
import { canonical } from '@custody/money';

/**
 * What a raw signed EVM transaction takes out of its wallet, so the ledger holds it before the
 * signature leaves the service (docs/decisions/wallets-and-signing.md). A wallet's balance
 * covers its own asset only: a transaction that moves another asset from its address is refused.
 */

/** The facts of a signed transaction that move value (from its serialized form). */
export interface EvmTxFacts {
  /** 0 legacy, 1 access list, 2 EIP-1559 (blob and later types pay fees this does not count). */
  type: number;
  to: string | null;
  value: bigint;
  data: string;
  gasLimit: bigint;
  /** maxFeePerGas (type 2) or gasPrice (legacy): the most a unit of gas may cost. */
  maxGasPrice: bigint;
}

export interface SigningWallet {
  assetId: string;
  /** The wallet holds the network's native coin (it pays the network fee of what it signs). */
  native: boolean;
  decimals: number;
}

export type ValueMove =
  | { kind: 'none' }
  /** The native coin: `amount` leaves, and the network fee, at most `feeReserve`, is paid. */
  | { kind: 'native'; amount: string; feeReserve: string; receiver: string }
  /** A token the wallet holds: `amount` leaves or may be taken (an approval counts as spent). */
  | { kind: 'token'; amount: string; receiver: string };

const ERC20 = new Interface([
  'function transfer(address to, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function decreaseAllowance(address spender, uint256 subtractedValue)',
]);

/**
 * A catalog token's call: who receives (or may take) how much; nothing for a plain call or one
 * that only lowers an allowance. Any other function of a token (`transferAndCall`, ERC-777
 * `send`, …) may move it in ways the ledger cannot read: 400 `token_call_unsupported`.
 */
function tokenCall(data: string): { receiver: string; units: bigint } | undefined {
  if (data === '0x') return undefined;
  let call;
  try {
    call = ERC20.parseTransaction({ data });
  } catch {
    call = null;
  }
  if (!call)
    throw Errors.badRequest(
      'Only transfer, transferFrom, approve, increaseAllowance and decreaseAllowance of a catalog token can be signed.',
      'token_call_unsupported',
    );
  if (call.name === 'decreaseAllowance') return undefined;
  const args: unknown[] = call.args.toArray();
  // transferFrom's receiver is its second argument; the others' the first.
  const receiver = String(call.name === 'transferFrom' ? args[1] : args[0]);
  const units = args.at(-1);
  return typeof units === 'bigint' ? { receiver, units } : undefined;
}

/**
 * What `tx`, signed by `wallet`'s key, moves. `tokens`: the network's catalog tokens, by
 * lower-case contract address → asset id. 400 `asset_not_in_wallet` when it moves an asset the
 * wallet does not hold, `value_and_token_call` when it pays the native coin to a token call.
 */
export function valueMoved(
  tx: EvmTxFacts,
  wallet: SigningWallet,
  tokens: ReadonlyMap<string, string>,
): ValueMove {
  if (tx.type > 2)
    throw Errors.badRequest(
      'Only legacy, access-list and EIP-1559 transactions (types 0 to 2) can be signed.',
      'unsupported_transaction_type',
    );
  const token = tx.to ? tokens.get(tx.to.toLowerCase()) : undefined;
  const call = token ? tokenCall(tx.data) : undefined;
  if (token && call && call.units > 0n) {
    if (tx.value > 0n)
      throw Errors.badRequest(
        'A transaction that pays the native coin to a token call cannot be signed.',
        'value_and_token_call',
      );
    if (token !== wallet.assetId) throw notInWallet(token);
    return {
      kind: 'token',
      amount: canonical(formatUnits(call.units, wallet.decimals)),
      receiver: call.receiver,
    };
  }
  if (!wallet.native) {
    if (tx.value > 0n) throw notInWallet('the network coin');
    // The address pays its gas in the native coin, which this wallet's balance does not hold.
    return { kind: 'none' };
  }
  const feeReserve = tx.gasLimit * tx.maxGasPrice;
  if (tx.value === 0n && feeReserve === 0n) return { kind: 'none' };
  return {
    kind: 'native',
    amount: canonical(formatUnits(tx.value, wallet.decimals)),
    feeReserve: canonical(formatUnits(feeReserve, wallet.decimals)),
    receiver: tx.to ?? 'contract creation',
  };
}

function notInWallet(what: string) {
  return Errors.badRequest(
    `The transaction moves ${what}, which this wallet does not hold.`,
    'asset_not_in_wallet',
  );
}

/**
 * What a signed Qubic transaction takes from its wallet: its whole amount of QU (Qubic has no
 * network fee). The transaction is valid for its tick only, and no adapter follows Qubic yet:
 * an admin resolves its hold.
 */
export function qubicValueMoved(tx: { amount: string; destinationPublicKey: string }): ValueMove {
  if (/^0+$/.test(tx.amount)) return { kind: 'none' };
  return {
    kind: 'native',
    amount: canonical(tx.amount),
    feeReserve: '0',
    receiver: tx.destinationPublicKey,
  };
}
