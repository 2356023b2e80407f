import { EVENTS } from '@custody/contracts';
import { type Database, enqueueEvent, withTransaction } from '@custody/persistence';
import { attemptsOf, settleAttempts } from './attempts.repository';
import type { MoveWithdrawal } from './move-withdrawal';
import * as repo from './withdrawals.repository';

const SCHEMA = 'ledger';

/**
 * What the chain adapter found about a withdrawal it sent (or a raw signed transaction it
 * follows), each its own transaction with the row locked (SKIP LOCKED: a row another poll holds
 * waits for the next): an attempt mined deep enough settles it; its nonce used by another
 * transaction fails it; an attempt the node lost and the adapter re-sent is announced.
 */
export class SettleSentWithdrawal {
  constructor(
    private readonly db: Database,
    private readonly moves: MoveWithdrawal,
  ) {}

  /**
   * The attempt `hash` mined as deep as confirmation asks: `confirmed` (the chain's debit, its
   * fee booked once) when it succeeded and is not a cancel, else `failed` (a reverted
   * transaction still pays its fee; a mined cancel pays its own). The other attempts end
   * `replaced`. `fee` is what the wallet pays, in the asset's units (`0`: the house's gas).
   */
  async settleMined(
    id: string,
    mined: { hash: string; succeeded: boolean; fee: string },
  ): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const current = await repo.lockWithdrawalIfFree(tx, id);
      if (current?.status !== 'broadcast') return;
      const attempts = await attemptsOf(tx, [id]);
      const cancelled = attempts.find((a) => a.hash === mined.hash)?.kind === 'cancel';
      if (attempts.length > 0) await settleAttempts(tx, id, mined.hash);
      const ok = mined.succeeded && !cancelled;
      const failureReason = cancelled
        ? 'Cancelled: a zero-value replacement was mined at its nonce.'
        : 'The transaction reverted on chain.';
      await this.moves.move(tx, current, {
        status: ok ? 'confirmed' : 'failed',
        fee: mined.fee,
        onChain: true,
        blockchainTransactionId: mined.hash,
        ...(ok ? {} : { failureReason }),
      });
    });
  }

  /**
   * Its nonce went to another transaction, mined deep enough (one a client had signed, say): it
   * can never be mined, so it fails with nothing paid and its hold returns. Only from `from`.
   */
  async failNonceUsed(id: string, from: 'prepared' | 'broadcast'): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const current = await repo.lockWithdrawalIfFree(tx, id);
      if (current?.status !== from) return;
      await this.moves.move(tx, current, {
        status: 'failed',
        fee: '0',
        onChain: true,
        failureReason: 'Another transaction used its nonce.',
      });
    });
  }

  /**
   * The node no longer knew the broadcast attempt `hash`, and the adapter sent it again (the same
   * signed transaction): `withdrawal.is-dropped`, with its attempts. Its state does not change.
   */
  async reportDropped(id: string, hash: string): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const current = await repo.lockWithdrawalIfFree(tx, id);
      if (current?.status !== 'broadcast') return;
      const view = await this.moves.view(tx, current);
      const kind = view.attempts?.find((a) => a.hash === hash)?.kind ?? 'send';
      await enqueueEvent(tx, SCHEMA, {
        name: EVENTS.withdrawalDropped,
        tenantId: current.tenantId,
        data: { ...view, dropped: { hash, kind } },
      });
    });
  }
}
