import { formatUnits, Interface } from 'ethers';
import { Errors } from '@custody/errors';
import { canonical } from '@custody/money';

/**
 * What a raw signed EVM transaction takes out of its wallet, so the ledger holds it before the
 * signature leaves the service (docs/decisions.md, "Wallets and signing"). A wallet's balance
 * covers its own asset only: a transaction that moves another asset from its address is refused.
 */

/** The facts of a signed transaction that move value (from its serialized form). */
export interface EvmTxFacts {
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
]);

/** A catalog token's call that moves or lets another move the token: recipient and amount. */
function tokenCall(data: string): { receiver: string; units: bigint } | undefined {
  let call;
  try {
    call = ERC20.parseTransaction({ data });
  } catch {
    return undefined;
  }
  if (!call) return undefined;
  const args = call.args.toArray() as unknown[];
  // transferFrom's receiver is its second argument; the others' the first.
  const receiver = String(call.name === 'transferFrom' ? args[1] : args[0]);
  return { receiver, units: args.at(-1) as bigint };
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
