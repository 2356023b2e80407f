import { EVENTS, MAX_EVALUATED_OPERATIONS, POLICY_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid, withTransaction } from '@custody/persistence';
import type { RefusalAudit } from '@custody/service-kit';
import { forget, lockAdmissions } from '../decisions/decisions.repository';
import { publishApproval } from './approval-events';
import * as repo from './approvals.repository';
import { type ReleaseFault, releaseFault } from './release.rules';

/** Who asks for a release: the proven calling app, and its request (the audit log names both). */
export interface ReleaseCall {
  caller: string | undefined;
  requestId: string;
}

/**
 * Operations their app evaluated but did not create after all (refused, a replay): they no
 * longer count towards velocity windows, their admissions are forgotten, and their pending
 * approvals end `cancelled` with `approval.is-decided`. Only the caller's own operations, and
 * only those no signed decision was given for (docs/decisions/signing-decisions.md,
 * "Releases"): a compromised app cannot end another app's approvals, nor free the count of what
 * may have run.
 */
export class ReleaseOperations {
  constructor(
    private readonly db: Database,
    /** Reports refusals to identity's audit log (RefusalAudit). */
    private readonly refusals: RefusalAudit,
  ) {}

  async release(call: ReleaseCall, operationIds: readonly string[]): Promise<{ released: number }> {
    if (operationIds.length > MAX_EVALUATED_OPERATIONS)
      throw Errors.badRequest('Too many operations at once.', 'too_many_operations');
    const ids = [...new Set(operationIds.filter(isUuid))];
    return withTransaction(this.db, async (tx) => {
      // Approvals locked before admissions, as before: the order every release takes.
      const pending = await repo.lockPendingOf(tx, ids);
      const admitted = await lockAdmissions(tx, ids);
      const recorded = await repo.activitiesOf(tx, ids);
      // All or nothing: a batch with one operation that is not the caller's to release is
      // refused whole. What the policy service holds nothing of (released before) is skipped.
      const fault = releaseFault(call.caller, admitted, recorded);
      if (fault) throw this.refuse(call, fault);
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

  /** 403 `release_refused`, reported to identity's audit log as the caller's refusal. */
  private refuse(call: ReleaseCall, fault: ReleaseFault) {
    this.refusals.report({
      method: POLICY_RPC.release,
      caller: call.caller,
      brokerUser: undefined,
      requestId: call.requestId,
      reason: fault,
      failed: 'caller',
    });
    return Errors.forbidden(
      fault === 'other_app_operation'
        ? 'Another service’s operation is not this service’s to release.'
        : 'An operation a decision was signed for may have run: it is not released.',
      'release_refused',
    );
  }
}
