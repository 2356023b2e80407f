import type { ApprovalView, AuthContext, HeldChangeInput } from '@custody/contracts';
import { AppError } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import type { ApprovalsService } from '../approvals/approvals.service';
import { evaluate } from '../evaluation/evaluation.rules';
import { changeGoverning } from '../policies/policies.repository';

/**
 * A change outside the policies that `policy-change` policies govern too (a client's creation or
 * credentials, the treasury's bound; docs/decisions/policies-and-approvals.md, "Held changes of
 * members and of the treasury"): the governing policies of `tenantId` (and the platform's; for
 * null, the platform's alone) hold it for their approvers, or let it apply at once. The service
 * that keeps the change applies it, at once or on `approval.is-decided`.
 */
export class HoldChange {
  constructor(
    private readonly db: Database,
    private readonly approvals: () => Pick<ApprovalsService, 'hold'>,
  ) {}

  async hold(
    auth: AuthContext | undefined,
    params: { operationId: string; tenantId: string | null; change: HeldChangeInput },
  ): Promise<{ approvalId: string | null }> {
    const initiator = requireAuth(auth);
    const verdict = evaluate(await changeGoverning(this.db, params.tenantId), {
      activity: 'policy-change',
    });
    if (verdict.decision === 'allow') return { approvalId: null };
    // A policy-change policy cannot block (policies.rules.ts); refusing is still the safe answer.
    if (verdict.decision === 'block')
      throw new AppError(403, 'policy_blocked', 'A policy refuses this change.', {
        details: { policyIds: verdict.policyIds },
      });
    const approval = await withTransaction(this.db, (tx) =>
      this.approvals().hold(
        tx,
        initiator,
        // The tenant's approvers see and decide it, whoever started it (an admin, say).
        params.tenantId ?? initiator.tenantId,
        verdict,
        {
          activity: params.change.activity,
          operationId: params.operationId,
          summary: summaryOf(params.change),
        },
      ),
    );
    return { approvalId: approval.id };
  }
}

function summaryOf(change: HeldChangeInput): ApprovalView['summary'] {
  const none = {
    userId: null,
    walletId: null,
    assetId: null,
    amount: null,
    fiatAmount: null,
    destination: null,
  };
  return change.activity === 'member-change'
    ? { ...none, memberChange: change.member }
    : { ...none, assetId: change.treasury.assetId, treasuryChange: change.treasury };
}
