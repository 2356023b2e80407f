import { EVENTS } from '@custody/contracts';
import { enqueueEvent, type Executor } from '@custody/persistence';
import type { ApprovalRow, DecisionRow } from '../schema';
import { approvalView } from './approvals.rules';

const SCHEMA = 'policy';

/**
 * An approval's event, in the transaction that changed it: `approval.is-pending` when held,
 * `approval.is-decided` when it leaves pending (wallet-ledger acts on that one, once).
 */
export async function publishApproval(
  tx: Executor,
  name: typeof EVENTS.approvalPending | typeof EVENTS.approvalDecided,
  row: ApprovalRow,
  decided: readonly DecisionRow[],
): Promise<void> {
  await enqueueEvent(tx, SCHEMA, {
    name,
    tenantId: row.tenantId,
    data: approvalView(row, decided),
  });
}
