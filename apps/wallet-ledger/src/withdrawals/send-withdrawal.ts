import { isAppError } from '@custody/errors';
import { type Database, type Transaction, withTransaction } from '@custody/persistence';
import { extendHold } from '../ledger/ledger.repository';
import type { WithdrawalRow } from '../schema';
import { insertAttempt } from './attempts.repository';
import type { SignedAttempt } from './chain-adapter';
import type { MoveWithdrawal } from './move-withdrawal';
import * as repo from './withdrawals.repository';

/** What the chain adapter plans for a withdrawal's transaction, asked of the node beforehand. */
export interface SendPlan {
  network: string;
  fromAddress: string;
  /** Decimal strings (gas, wei per gas). */
  gasLimit: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  /** The cap per gas its decision binds (speed-ups stay within it). */
  feeCap: string;
  /** The most the network fee can be, in the asset's units (`0` when the house pays it). */
  feeReserve: string;
  /** The native coin: the wallet pays the fee, so its hold grows by `feeReserve`. */
  walletPaysFee: boolean;
  /** Why the address cannot pay it on chain, if it cannot: it fails before any nonce is used. */
  refusal?: string;
  /** The address's next nonce, taken in the reservation's transaction (the adapter's counter). */
  takeNonce: (tx: Transaction) => Promise<number>;
}

export type Reservation =
  /** Its nonce and fees stored (now, or by an earlier poll): sign it. */
  | { outcome: 'reserved'; row: WithdrawalRow }
  /** Failed before broadcast, its hold released: the chain or the wallet cannot pay it. */
  | { outcome: 'failed'; reason: string }
  /** Locked by another poll, or no longer `prepared`: nothing to do now. */
  | { outcome: 'skipped' };

/**
 * The chain adapter's steps that take a `prepared` withdrawal to `broadcast`, each its own
 * transaction with the row locked (SKIP LOCKED: a row another poll holds waits for the next);
 * the adapter asks the node and the signer between them, never inside
 * (docs/decisions/chain-connectivity.md, "Withdrawals"): `reserve` the nonce and the fees (and
 * the fee reserve on the hold), then `storeSigned` the signed transaction and its first attempt,
 * then, once it is broadcast, `markBroadcast`. A crash after any step resumes at the next.
 */
export class SendWithdrawal {
  constructor(
    private readonly db: Database,
    private readonly moves: MoveWithdrawal,
  ) {}

  async reserve(id: string, plan: SendPlan): Promise<Reservation> {
    return withTransaction(this.db, async (tx): Promise<Reservation> => {
      const w = await repo.lockWithdrawalIfFree(tx, id);
      if (!w || w.status !== 'prepared') return { outcome: 'skipped' };
      if (w.chainNonce !== null) return { outcome: 'reserved', row: w };
      if (plan.refusal) return this.failBeforeBroadcast(tx, w, plan.network, plan.refusal);
      if (plan.walletPaysFee) {
        try {
          await extendHold(tx, w.holdId, plan.feeReserve);
        } catch (error) {
          if (!isAppError(error) || error.code !== 'insufficient_balance') throw error;
          return this.failBeforeBroadcast(
            tx,
            w,
            plan.network,
            'Not enough available balance for the network fee.',
          );
        }
      }
      const row = await repo.storeReservation(tx, w.id, {
        network: plan.network,
        fromAddress: plan.fromAddress,
        chainNonce: await plan.takeNonce(tx),
        feeReserve: plan.feeReserve,
        gasLimit: plan.gasLimit,
        maxFeePerGas: plan.maxFeePerGas,
        maxPriorityFeePerGas: plan.maxPriorityFeePerGas,
        feeCap: plan.feeCap,
      });
      return { outcome: 'reserved', row };
    });
  }

  /**
   * The signed transaction and its hash, with its first attempt, stored before anything is sent:
   * unless the withdrawal changed since `w` was read (then it is answered as it is now).
   */
  async storeSigned(w: WithdrawalRow, attempt: SignedAttempt): Promise<WithdrawalRow | undefined> {
    return withTransaction(this.db, async (tx) => {
      const current = await repo.lockWithdrawalIfFree(tx, w.id);
      if (current?.status !== 'prepared' || current.rawTx || current.chainNonce !== w.chainNonce)
        return current;
      const updated = await repo.storeSignedTransaction(tx, w.id, attempt);
      await insertAttempt(tx, w.id, 'send', attempt);
      return updated;
    });
  }

  /** Broadcast (the node took its stored transaction `hash`): `withdrawal.is-updated`. */
  async markBroadcast(id: string, hash: string): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const locked = await repo.lockWithdrawalIfFree(tx, id);
      if (locked?.status !== 'prepared') return;
      await this.moves.move(tx, locked, {
        status: 'broadcast',
        blockchainTransactionId: hash,
        onChain: true,
      });
    });
  }

  /** Failed before any nonce is used: taken by the adapter's network, its hold released. */
  private async failBeforeBroadcast(
    tx: Transaction,
    w: WithdrawalRow,
    network: string,
    reason: string,
  ): Promise<Reservation> {
    await repo.setNetwork(tx, w.id, network);
    await this.moves.move(tx, w, { status: 'failed', onChain: true, failureReason: reason });
    return { outcome: 'failed', reason };
  }
}
