import { EVENTS, MAX_EVALUATED_OPERATIONS } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid, withTransaction } from '@custody/persistence';
import { forget } from '../decisions/decisions.repository';
import { publishApproval } from './approval-events';
import * as repo from './approvals.repository';

/**
 * Operations wallet-ledger evaluated but did not create after all (refused, a replay): they no
 * longer count towards velocity windows, their admissions are forgotten, and their pending
 * approvals end `cancelled` with `approval.is-decided`.
 */
export class ReleaseOperations {
  constructor(private readonly db: Database) {}

  async release(operationIds: readonly string[]): Promise<{ released: number }> {
    if (operationIds.length > MAX_EVALUATED_OPERATIONS)
      throw Errors.badRequest('Too many operations at once.', 'too_many_operations');
    const ids = operationIds.filter(isUuid);
    return withTransaction(this.db, async (tx) => {
      const pending = await repo.lockPendingOf(tx, ids);
      for (const row of pending) {
        const cancelled = await repo.setStatus(tx, row.id, 'cancelled');
        await publishApproval(
          tx,
          EVENTS.approvalDecided,
          cancelled,
          await repo.decisionsOf(tx, [row.id]),
        );
      }
      await forget(tx, ids);
      return { released: await repo.releaseUsage(tx, ids) };
    });
  }
}
