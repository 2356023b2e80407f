import { formatUnits, type JsonRpcProvider, Transaction as EvmTransaction } from 'ethers';
import { SIGNING_RPC } from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import { canonical } from '@custody/money';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { WithdrawalRow } from '../schema';
import type { ReplacementKind } from '../withdrawals/chain-adapter';
import type { RecordReplacement } from '../withdrawals/record-replacement';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import { broadcast } from './broadcast';
import type { EvmNetwork } from './evm-network';
import { currentFees, replacementFees } from './fees';
import { capOf, decisionFor, signedAttempt } from './withdrawal-payments';

const NATIVE_GAS_LIMIT = 21_000n;

/**
 * Speed-up and cancel (docs/decisions/chain-connectivity.md, "Fees, speed-up and cancel"): a
 * broadcast withdrawal's transaction replaced at its nonce with fees at least 12.5 % higher
 * within the cap its decision bound — the same payment (speed-up) or a zero-value transfer of
 * the address to itself (cancel). The same decision allows both; a native withdrawal's hold grows
 * by the larger fee, a token withdrawal's gas is the house's (topped up to the cap already). The
 * fees and the signature are had outside any transaction; the withdrawals module records the
 * attempt (RecordReplacement) before it is broadcast.
 */
export class WithdrawalReplacements {
  constructor(
    private readonly provider: JsonRpcProvider,
    private readonly network: EvmNetwork,
    private readonly reads: WithdrawalsService,
    private readonly recorder: RecordReplacement,
    private readonly catalog: AssetCatalog,
    private readonly rpc: RpcClient,
  ) {}

  async replace(w: WithdrawalRow, kind: ReplacementKind): Promise<void> {
    if (w.status !== 'broadcast' || !w.rawTx || w.chainNonce === null || !w.fromAddress)
      throw Errors.conflict(
        'Only a withdrawal the service broadcast and not yet mined can be replaced.',
        'withdrawal_not_replaceable',
      );
    const attempts = await this.reads.attemptsOf([w.id]);
    // A speed-up bumps what is in flight: after a cancel, the cancel (never the payment again).
    if (kind === 'speed-up' && attempts.at(-1)?.kind === 'cancel') kind = 'cancel';
    const last = EvmTransaction.from(attempts.at(-1)?.rawTx ?? w.rawTx);
    const cap = capOf(w, this.network);
    const fees = replacementFees(
      {
        maxFeePerGas: last.maxFeePerGas ?? last.gasPrice ?? 0n,
        maxPriorityFeePerGas: last.maxPriorityFeePerGas ?? 0n,
      },
      await currentFees(this.provider, cap),
      cap,
    );
    if (!fees)
      throw new AppError(
        409,
        'fee_cap_reached',
        "No replacement fits under the withdrawal's fee cap.",
      );
    const first = EvmTransaction.from(w.rawTx);
    const native = !this.network.tokens.has(w.assetId);
    const gasLimit = kind === 'cancel' ? NATIVE_GAS_LIMIT : first.gasLimit;
    const payment = {
      to: first.to as string,
      value: first.value.toString(),
      data: first.data,
      gasLimit: first.gasLimit.toString(),
      nonce: String(w.chainNonce),
    };
    const txJson = {
      ...(kind === 'cancel'
        ? { to: w.fromAddress, value: '0', data: '0x' }
        : { to: payment.to, value: payment.value, data: payment.data }),
      gasLimit: gasLimit.toString(),
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      nonce: String(w.chainNonce),
    };
    const decision = await decisionFor(this.rpc, this.network, w, w.fromAddress, payment, cap);
    const signed = await this.rpc.call('signing', SIGNING_RPC.signEvmTransaction, {
      ownerId: w.walletId,
      chain: 'evm',
      chainId: String(this.network.chainId),
      txJson,
      decision,
    });
    const decimals = (await this.catalog.require(w.assetId)).decimals;
    // The wallet pays its native withdrawal's fee: its hold covers the most the new one costs.
    const reserve = native
      ? canonical(formatUnits(gasLimit * fees.maxFeePerGas, decimals))
      : undefined;
    await this.recorder.record(w.id, kind, signedAttempt(signed), reserve);
    await broadcast(this.provider, signed.signedTx, signed.hash);
  }

  /** A withdrawal not mined `speedUpAfterMs` after its last transaction is replaced, bumped. */
  async speedUpIfStuck(w: WithdrawalRow, lastSentAt: Date, logger: Logger): Promise<void> {
    const after = this.network.speedUpAfterMs;
    if (after === 0 || Date.now() - lastSentAt.getTime() < after) return;
    await this.replace(w, 'speed-up').catch((error: unknown) =>
      logger.warn({ err: error, withdrawalId: w.id }, 'speed-up of a stuck withdrawal failed'),
    );
  }
}
