import { Interface, type JsonRpcProvider, Transaction as EvmTransaction } from 'ethers';
import { POLICY_RPC, type SignIntent } from '@custody/contracts';
import { dataHash } from '@custody/intents';
import type { RpcClient } from '@custody/messaging';
import type { WithdrawalRow } from '../schema';
import type { SignedAttempt } from '../withdrawals/chain-adapter';
import type { EvmNetwork } from './evm-network';

const BALANCE_OF = new Interface(['function balanceOf(address owner) view returns (uint256)']);

/** A withdrawal's payment as the sender builds it (decimal strings). */
export interface PaymentTx {
  to: string;
  value: string;
  data: string;
  gasLimit: string;
  nonce: string;
}

/** The cap per gas a withdrawal's decision binds: stored with it, else the operator's now. */
export function capOf(w: WithdrawalRow, network: EvmNetwork): bigint {
  return w.feeCap ? BigInt(w.feeCap) : network.maxFeePerGas;
}

/**
 * The policy service's decision for a withdrawal's transaction (and, for a token, the gas
 * station's top-up of its address, at most its gas limit × fee cap): the signer signs nothing
 * else (docs/decisions/signing-decisions.md). Asked again at the same nonce, it is given again.
 */
export async function decisionFor(
  rpc: RpcClient,
  network: EvmNetwork,
  w: WithdrawalRow,
  from: string,
  tx: PaymentTx,
  /** The operator's cap per gas it binds (speed-ups and cancels stay within it). */
  cap: bigint,
): Promise<string> {
  const token = network.tokens.has(w.assetId);
  const intent: SignIntent = {
    kind: 'evm-transfer',
    chainId: String(network.chainId),
    from,
    to: tx.to,
    value: tx.value,
    dataHash: dataHash(tx.data),
    nonce: Number(tx.nonce),
    maxFeePerGas: cap.toString(),
    gasLimit: tx.gasLimit,
    assetId: w.assetId,
    amount: w.amount,
    recipient: w.receiverAddress,
    ...(token ? { topUp: { maxValue: (BigInt(tx.gasLimit) * cap).toString() } } : {}),
  };
  const { decision } = await rpc.call('policy', POLICY_RPC.authorize, {
    operationId: w.id,
    owner: w.walletId,
    intent,
  });
  return decision;
}

/** What `address` holds of the token at `contract`, as the node answers now. */
export async function tokenBalance(
  provider: JsonRpcProvider,
  contract: string,
  address: string,
): Promise<bigint> {
  const data = BALANCE_OF.encodeFunctionData('balanceOf', [address]);
  const [balance] = BALANCE_OF.decodeFunctionResult(
    'balanceOf',
    await provider.call({ to: contract, data }),
  );
  return BigInt(balance as bigint);
}

/** A transaction the signer signed, as a withdrawal's attempt at its nonce (read from it). */
export function signedAttempt(signed: { signedTx: string; hash: string }): SignedAttempt {
  const sent = EvmTransaction.from(signed.signedTx);
  return {
    hash: signed.hash,
    rawTx: signed.signedTx,
    nonce: sent.nonce,
    gasLimit: sent.gasLimit.toString(),
    maxFeePerGas: (sent.maxFeePerGas ?? sent.gasPrice ?? 0n).toString(),
    maxPriorityFeePerGas: (sent.maxPriorityFeePerGas ?? 0n).toString(),
  };
}
