import { isAppError } from '@custody/errors';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { type PurchaseSettlement, SETTLEMENT_REFUSALS } from './purchase-settlement';
import * as repo from './purchases.repository';

/**
 * Finishes purchases a crash left `pending` between their insert and their settlement (the
 * recovery loop of trading.compose.ts runs it): each is settled as its creation would have.
 */
export class RecoverPendingPurchases {
  constructor(
    private readonly db: Database,
    private readonly settlement: PurchaseSettlement,
    private readonly logger: Logger,
  ) {}

  /** Finishes purchases pending for longer than `olderThanMs`, 100 at most; answers how many. */
  async recoverPending(olderThanMs: number): Promise<number> {
    const stuck = await repo.pendingBefore(this.db, new Date(Date.now() - olderThanMs), 100);
    let finished = 0;
    for (const row of stuck) {
      try {
        await this.settlement.complete(row);
        finished += 1;
      } catch (error) {
        if (isAppError(error) && SETTLEMENT_REFUSALS.has(error.code)) finished += 1;
        else this.logger.warn({ err: error, purchaseId: row.id }, 'purchase still pending');
      }
    }
    return finished;
  }
}
