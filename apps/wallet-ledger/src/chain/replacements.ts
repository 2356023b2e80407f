import { eq } from 'drizzle-orm';
import { formatUnits, type JsonRpcProvider, Transaction as EvmTransaction } from 'ethers';
import { SIGNING_RPC } from '@custody/contracts';
import { AppError, Errors, isAppError } from '@custody/errors';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import { canonical, compare, sub } from '@custody/money';
import { type Database, type Transaction, withTransaction } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { extendHold } from '../ledger/ledger.repository';
import {
  type WithdrawalAttemptRow,
  withdrawalAttempts,
  type WithdrawalRow,
  withdrawals,
} from '../schema';
import { attemptsOf } from '../withdrawals/withdrawals.repository';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import { broadcast } from './broadcast';
import type { EvmNetwork } from './evm-network';
import { currentFees, replacementFees } from './fees';
import { capOf, decisionFor } from './withdrawal-payments';

const NATIVE_GAS_LIMIT = 21_000n;

/** Records a transaction sent for a withdrawal at its nonce, in the caller's transaction. */
export async function recordAttempt(
  tx: Transaction,
  w: WithdrawalRow,
  kind: WithdrawalAttemptRow['kind'],
  signed: { signedTx: string; hash: string },
): Promise<void> {
  const sent = EvmTransaction.from(signed.signedTx);
  await tx
    .insert(withdrawalAttempts)
    .values({
      hash: signed.hash,
      withdrawalId: w.id,
      kind,
      nonce: sent.nonce,
      gasLimit: sent.gasLimit.toString(),
      maxFeePerGas: (sent.maxFeePerGas ?? sent.gasPrice ?? 0n).toString(),
      maxPriorityFeePerGas: (sent.maxPriorityFeePerGas ?? 0n).toString(),
      rawTx: signed.signedTx,
    })
    .onConflictDoNothing();
}

/**
 * Speed-up and cancel (docs/decisions/chain-connectivity.md, "Fees, speed-up and cancel"): a
 * broadcast withdrawal's transaction replaced at its nonce with fees at least 12.5 % higher
 * within the cap its decision bound — the same payment (speed-up) or a zero-value transfer of
 * the address to itself (cancel). The same decision allows both; a native withdrawal's hold grows
 * by the larger fee, a token withdrawal's gas is the house's (topped up to the cap already).
 */
export class WithdrawalReplacements {
  constructor(
    private readonly db: Database,
    private readonly provider: JsonRpcProvider,
    private readonly network: EvmNetwork,
    private readonly service: WithdrawalsService,
    private readonly catalog: AssetCatalog,
    private readonly rpc: RpcClient,
  ) {}

  async replace(w: WithdrawalRow, kind: 'speed-up' | 'cancel'): Promise<WithdrawalAttemptRow> {
    if (w.status !== 'broadcast' || !w.rawTx || w.chainNonce === null || !w.fromAddress)
      throw Errors.conflict(
        'Only a withdrawal the service broadcast and not yet mined can be replaced.',
        'withdrawal_not_replaceable',
      );
    const attempts = await attemptsOf(this.db, [w.id]);
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
    await withTransaction(this.db, async (tx) => {
      const [current] = await tx
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, w.id))
        .for('update');
      if (current?.status !== 'broadcast')
        throw Errors.conflict('It was settled meanwhile.', 'withdrawal_not_replaceable');
      // The wallet pays its native withdrawal's fee: its hold covers the most the new one costs.
      if (native)
        await this.growReserve(
          tx,
          current,
          canonical(formatUnits(gasLimit * fees.maxFeePerGas, decimals)),
        );
      await recordAttempt(tx, current, kind, signed);
      await this.service.announce(tx, current);
    });
    await broadcast(this.provider, signed.signedTx, signed.hash);
    const [recorded] = await this.db
      .select()
      .from(withdrawalAttempts)
      .where(eq(withdrawalAttempts.hash, signed.hash));
    if (!recorded) throw Errors.internal(new Error(`attempt ${signed.hash} not recorded`));
    return recorded;
  }

  /** A withdrawal not mined `speedUpAfterMs` after its last transaction is replaced, bumped. */
  async speedUpIfStuck(w: WithdrawalRow, lastSentAt: Date, logger: Logger): Promise<void> {
    const after = this.network.speedUpAfterMs;
    if (after === 0 || Date.now() - lastSentAt.getTime() < after) return;
    await this.replace(w, 'speed-up').catch((error: unknown) =>
      logger.warn({ err: error, withdrawalId: w.id }, 'speed-up of a stuck withdrawal failed'),
    );
  }

  /** The hold's fee reserve raised to `reserve` when it is below (never lowered). */
  private async growReserve(tx: Transaction, w: WithdrawalRow, reserve: string): Promise<void> {
    if (compare(reserve, w.feeReserve) <= 0) return;
    try {
      await extendHold(tx, w.holdId, sub(reserve, w.feeReserve));
    } catch (error) {
      if (isAppError(error) && error.code === 'insufficient_balance')
        throw new AppError(409, 'fee_unaffordable', 'The wallet cannot pay the higher fee.');
      throw error;
    }
    await tx
      .update(withdrawals)
      .set({ feeReserve: reserve, updatedAt: new Date() })
      .where(eq(withdrawals.id, w.id));
  }
}
