import { v7 as uuidv7 } from 'uuid';
import {
  type ApprovalListFilters,
  type ApprovalView,
  type AuthContext,
  EVENTS,
  type ListQuery,
  type ListResult,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { policyVersionOf } from '@custody/intents';
import { type Database, type Executor, listResult, sqlState } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import type { Verdict } from '../evaluation/evaluation.rules';
import type { ApprovalRow } from '../schema';
import { reachOf } from '../access';
import { publishApproval } from './approval-events';
import * as repo from './approvals.repository';
import { approvalView } from './approvals.rules';

/**
 * The approvals operations need (docs/decisions/policies-and-approvals.md): held here, inside the
 * transaction of what asks for one (evaluation/evaluate-operations.ts, a policy change), and read
 * here; decided (decide-approval.ts), released (release-operations.ts) and expired
 * (expire-approvals.ts) by use cases of their own.
 */
export class ApprovalsService {
  constructor(
    private readonly db: Database,
    private readonly ttlSeconds: number,
    /**
     * Whether a policy that does not say `approvers.signed` asks for signed approvals: the
     * deployment's default (true in production), fixed on each approval as it is held.
     */
    private readonly signedByDefault = false,
  ) {}

  /** The pending approval of what `verdict` holds, with its `approval.is-pending` event. */
  async hold(
    tx: Executor,
    initiator: AuthContext,
    tenantId: string,
    verdict: Extract<Verdict, { decision: 'require_approval' }>,
    held: Pick<ApprovalRow, 'activity' | 'operationId' | 'summary'>,
  ): Promise<ApprovalRow> {
    const requirements = verdict.requirements.map((r) => ({
      ...{},
      ...r,
      signed: r.signed ?? this.signedByDefault,
    }));
    const created = await repo
      .insertApproval(tx, {
        id: uuidv7(),
        tenantId,
        status: 'pending',
        activity: held.activity,
        operationId: held.operationId,
        initiatorClientId: initiator.clientId,
        initiatorPersonId: initiator.personId ?? null,
        policyIds: verdict.policyIds,
        quorum: verdict.quorum,
        approverIds: verdict.approverIds,
        platform: verdict.platform,
        requirements,
        policyVersion: policyVersionOf(requirements),
        summary: held.summary,
        expiresAt: new Date(Date.now() + this.ttlSeconds * 1000),
      })
      .catch((error: unknown) => {
        if (sqlState(error) === '23505')
          throw Errors.conflict('This operation has an approval already.', 'approval_exists');
        throw error;
      });
    await publishApproval(tx, EVENTS.approvalPending, created, []);
    return created;
  }

  async list(
    auth: AuthContext | undefined,
    query: ListQuery,
    filters: ApprovalListFilters,
  ): Promise<ListResult<ApprovalView>> {
    const caller = requireAuth(auth);
    const page = await repo.listApprovals(this.db, reachOf(caller), query, filters);
    const ids = page.rows.map((r) => r.id);
    const [decided, admissions] = await Promise.all([
      repo.decisionsOf(this.db, ids),
      repo.admissionsOf(
        this.db,
        page.rows.map((r) => r.operationId),
      ),
    ]);
    return listResult(
      page,
      page.rows.map((r) => approvalView(r, decided, { admission: admissions.get(r.operationId) })),
    );
  }

  async get(auth: AuthContext | undefined, id: string): Promise<ApprovalView> {
    const row = await repo.findApproval(this.db, reachOf(requireAuth(auth)), id);
    if (!row) throw Errors.notFound('approval');
    const [decided, admissions] = await Promise.all([
      repo.decisionsOf(this.db, [id]),
      repo.admissionsOf(this.db, [row.operationId]),
    ]);
    return approvalView(row, decided, { admission: admissions.get(row.operationId) });
  }
}
