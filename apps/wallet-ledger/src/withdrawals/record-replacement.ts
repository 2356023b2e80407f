import { EVENTS } from '@custody/contracts';
import { AppError, Errors, isAppError } from '@custody/errors';
import { compare, sub } from '@custody/money';
import {
  type Database,
  enqueueEvent,
  type Transaction,
  withTransaction,
} from '@custody/persistence';
import { extendHold } from '../ledger/ledger.repository';
import type { WithdrawalRow } from '../schema';
import { attemptsOf, insertAttempt } from './attempts.repository';
import type { ReplacementKind, SignedAttempt } from './chain-adapter';
import type { MoveWithdrawal } from './move-withdrawal';
import * as repo from './withdrawals.repository';

const SCHEMA = 'ledger';

/**
 * A speed-up or cancel the chain adapter signed for a broadcast withdrawal, recorded in one
 * transaction before it is broadcast (docs/decisions/chain-connectivity.md, "Fees, speed-up and
 * cancel"): a native withdrawal's hold grows to the most the new transaction's fee can be (409
 * fee_unaffordable when the wallet cannot cover it), the attempt is kept, and the change is
 * announced: `withdrawal.is-updated` with its attempts, and `withdrawal.is-replaced` naming which
 * attempt replaced which. 409 withdrawal_not_replaceable when it was settled meanwhile.
 */
export class RecordReplacement {
  constructor(
    private readonly db: Database,
    private readonly moves: MoveWithdrawal,
  ) {}

  /** `reserve`: what the wallet's hold must cover of the fee (native coin); none: the house's. */
  async record(
    id: string,
    kind: ReplacementKind,
    attempt: SignedAttempt,
    reserve: string | undefined,
  ): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const current = await repo.lockWithdrawal(tx, id);
      if (current?.status !== 'broadcast')
        throw Errors.conflict('It was settled meanwhile.', 'withdrawal_not_replaceable');
      if (reserve !== undefined) await this.growReserve(tx, current, reserve);
      const replaces = (await attemptsOf(tx, [id])).at(-1)?.hash ?? current.blockchainTransactionId;
      const inserted = await insertAttempt(tx, id, kind, attempt);
      const view = await this.moves.announce(tx, current);
      // The same transaction signed twice is one attempt, replacing nothing new.
      if (!inserted || !replaces) return;
      await enqueueEvent(tx, SCHEMA, {
        name: EVENTS.withdrawalReplaced,
        tenantId: current.tenantId,
        data: { ...view, replacement: { hash: attempt.hash, kind, replaces } },
      });
    });
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
    await repo.setFeeReserve(tx, w.id, reserve);
  }
}
