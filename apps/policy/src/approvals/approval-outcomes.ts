import type { ApprovalView } from '@custody/contracts';
import type { Database } from '@custody/persistence';
import { outcomesAskable } from './approval-outcomes.rules';
import * as repo from './approvals.repository';
import { approvalView } from './approvals.rules';

/**
 * The outcomes the apps that hold operations read back (docs/decisions/sweeps.md): for each of
 * their operations still waiting, whether its approval was decided meanwhile, as the
 * `approval.is-decided` that may have been lost carried it. An app reads only the activities it
 * applies; a pending or unknown approval is left out.
 */
export class ApprovalOutcomes {
  constructor(private readonly db: Database) {}

  async read(app: string | undefined, ids: string[]): Promise<{ approvals: ApprovalView[] }> {
    const activities = outcomesAskable(app, ids);
    const rows = await repo.decidedApprovals(this.db, ids, activities);
    const decided = await repo.decisionsOf(
      this.db,
      rows.map((row) => row.id),
    );
    return { approvals: rows.map((row) => approvalView(row, decided)) };
  }
}
