import { isAppError } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import { raiseNextNonce } from '../chain/chain.repository';
import { extendHold } from '../ledger/ledger.repository';
import { insertAttempt } from './attempts.repository';
import type { SignedAttempt } from './chain-adapter';
import type { MoveWithdrawal } from './move-withdrawal';
import * as repo from './withdrawals.repository';

/** A mined transaction as a restore found it on chain, with what its withdrawal must reserve. */
export interface FoundTransaction extends SignedAttempt {
  network: string;
  from: string;
  /** The most its network fee could be, in the asset's units (`0` when the house pays it). */
  feeReserve: string;
  /** The native coin: the wallet pays the fee, so its hold grows by `feeReserve`. */
  walletPaysFee: boolean;
}

/**
 * After a restore (docs/operations/restore-runbook.md): transactions the chain shows sent for a
 * restored withdrawal in the timeline the restore threw away, recorded as they were sent, so the
 * chain adapter follows them to the end instead of paying again. Each its own transaction with
 * the row locked; the answer is why it was refused, or undefined once recorded.
 */
export class AdoptChainTransaction {
  constructor(
    private readonly db: Database,
    private readonly moves: MoveWithdrawal,
  ) {}

  /**
   * A withdrawal held for approval or prepared (no nonce yet) whose payment the chain shows:
   * reserved at that transaction's nonce and fees, its signed transaction and first attempt
   * stored, and `broadcast` (`withdrawal.is-updated`). The caller checked the transaction pays
   * exactly this withdrawal from its wallet's address.
   */
  async adopt(id: string, found: FoundTransaction): Promise<string | undefined> {
    return withTransaction(this.db, async (tx) => {
      const w = await repo.lockWithdrawal(tx, id);
      if (!w) return 'no such withdrawal';
      // Adopted already (by another replica's pass, or this one's before a crash).
      if (w.chainNonce === found.nonce && w.blockchainTransactionId === found.hash)
        return undefined;
      if ((w.status !== 'pending_approval' && w.status !== 'prepared') || w.chainNonce !== null)
        return `withdrawal ${id} is ${w.status}${w.chainNonce !== null ? ` at nonce ${w.chainNonce}` : ''}: not one waiting to be sent`;
      if (found.walletPaysFee) {
        try {
          await extendHold(tx, w.holdId, found.feeReserve);
        } catch (error) {
          if (!isAppError(error)) throw error;
          return `its hold cannot take the network fee (${error.code})`;
        }
      }
      // Approved in the timeline the restore threw away: its approval is frozen (policy).
      if (w.status === 'pending_approval')
        await repo.updateWithdrawal(tx, id, {
          status: 'prepared',
          blockchainTransactionId: null,
          fee: w.fee,
        });
      await repo.storeReservation(tx, id, {
        network: found.network,
        fromAddress: found.from,
        chainNonce: found.nonce,
        feeReserve: found.walletPaysFee ? found.feeReserve : '0',
        gasLimit: found.gasLimit,
        maxFeePerGas: found.maxFeePerGas,
        maxPriorityFeePerGas: found.maxPriorityFeePerGas,
        feeCap: found.maxFeePerGas,
      });
      await repo.storeSignedTransaction(tx, id, { rawTx: found.rawTx, hash: found.hash });
      const { hash, rawTx, nonce, gasLimit, maxFeePerGas, maxPriorityFeePerGas } = found;
      await insertAttempt(tx, id, 'send', {
        hash,
        rawTx,
        nonce,
        gasLimit,
        maxFeePerGas,
        maxPriorityFeePerGas,
      });
      await raiseNextNonce(tx, found.network, found.from, found.nonce + 1);
      const prepared = await repo.lockWithdrawal(tx, id);
      if (!prepared) return 'no such withdrawal';
      await this.moves.move(tx, prepared, {
        status: 'broadcast',
        blockchainTransactionId: found.hash,
        onChain: true,
      });
      return undefined;
    });
  }

  /**
   * A speed-up or cancel the chain shows at a nonce the withdrawal holds, which the restored
   * books did not store: recorded as its attempt, and a withdrawal still `prepared` (signed, not
   * marked sent) `broadcast`, so that whichever attempt was mined settles it.
   */
  async recordReplacement(
    id: string,
    kind: 'speed-up' | 'cancel',
    attempt: SignedAttempt,
  ): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const w = await repo.lockWithdrawal(tx, id);
      if (!w || (w.status !== 'prepared' && w.status !== 'broadcast')) return;
      await insertAttempt(tx, id, kind, attempt);
      if (w.status === 'prepared' && w.blockchainTransactionId)
        await this.moves.move(tx, w, {
          status: 'broadcast',
          blockchainTransactionId: w.blockchainTransactionId,
          onChain: true,
        });
    });
  }
}
