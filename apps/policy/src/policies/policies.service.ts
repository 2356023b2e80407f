import { v7 as uuidv7 } from 'uuid';
import {
  type AuthContext,
  type HeldChange,
  type ListQuery,
  type ListResult,
  type PolicyInput,
  type PolicyListFilters,
  type PolicyPatch,
  type PolicyView,
} from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, type Executor, listResult, withTransaction } from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import type { ApprovalsService } from '../approvals/approvals.service';
import { evaluate } from '../evaluation/evaluation.rules';
import type { ApprovalRow, PolicyRow } from '../schema';
import { eligibleApprovers, reachOf } from '../access';
import * as repo from './policies.repository';
import { checkPolicy, patched } from './policies.rules';

export function policyView(row: PolicyRow): PolicyView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tenantId: row.tenantId,
    name: row.name,
    activity: row.activity,
    rule: row.rule,
    action: row.action,
    approvers: row.approvers,
    filters: row.filters,
    enabled: row.enabled,
    allowTokenAuthorizations: row.allowTokenAuthorizations,
  };
}

/** A change of a policy: a new one, its next state, or its deletion (`input` null). */
interface Change {
  kind: 'create' | 'update' | 'delete';
  policyId: string;
  input: PolicyInput | null;
  /** An update's or deletion's policy as it was asked about: applied only if still so. */
  baseUpdatedAt?: Date | null;
}

/**
 * Applies a change in the caller's transaction: at once, or when its approval reaches the quorum.
 * False when the policy it changes is gone meanwhile.
 */
export async function applyChange(
  tx: Executor,
  owner: string | null,
  createdBy: string,
  change: Change,
): Promise<boolean> {
  const { input } = change;
  const since = change.baseUpdatedAt ?? undefined;
  if (change.kind === 'delete' || !input)
    return (
      (await repo.updatePolicy(tx, owner, change.policyId, { deletedAt: new Date() }, since)) !==
      undefined
    );
  const fields = {
    name: input.name,
    activity: input.activity,
    rule: input.rule,
    action: input.action,
    approvers: input.approvers ?? null,
    filters: input.filters ?? null,
    enabled: input.enabled ?? true,
    allowTokenAuthorizations: input.allowTokenAuthorizations ?? false,
  };
  if (change.kind === 'create') {
    await repo.insertPolicy(tx, { id: change.policyId, tenantId: owner, createdBy, ...fields });
    return true;
  }
  return (await repo.updatePolicy(tx, owner, change.policyId, fields, since)) !== undefined;
}

/**
 * Settles the policy change an approval held, in the transaction that decided it: applied on
 * the quorum (`failed` when its policy is gone meanwhile), dropped otherwise.
 */
export async function settleChange(tx: Executor, approval: ApprovalRow): Promise<void> {
  if (approval.activity !== 'policy-change') return;
  const change = await repo.lockChange(tx, approval.operationId);
  if (change?.status !== 'pending') return;
  if (approval.status !== 'approved') {
    await repo.setChangeStatus(
      tx,
      change.id,
      approval.status === 'expired' ? 'expired' : 'rejected',
    );
    return;
  }
  const applied = await applyChange(tx, change.tenantId, change.createdBy, change);
  await repo.setChangeStatus(tx, change.id, applied ? 'applied' : 'failed');
}

/** A tenant's (or, for an admin, the platform's) policies: who owns what a caller writes. */
function ownerOf(caller: AuthContext): string | null {
  return isAdmin(caller) ? null : caller.tenantId;
}

/**
 * Policies: a general client manages its tenant's, an admin the platform's (which apply to every
 * tenant and which tenants read but cannot change); another tenant's read as 404.
 */
export class PoliciesService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    /** Where held changes get their approval (the approvals service, built beside this one). */
    private readonly approvals: () => Pick<ApprovalsService, 'hold'>,
  ) {}

  async create(auth: AuthContext | undefined, input: PolicyInput): Promise<HeldChange> {
    const caller = requireAuth(auth);
    checkPolicy(input, await eligibleApprovers(this.rpc, caller));
    const change = { kind: 'create' as const, policyId: uuidv7(), input };
    return this.governed(caller, change, input.name, null);
  }

  async list(
    auth: AuthContext | undefined,
    query: ListQuery,
    filters: PolicyListFilters,
  ): Promise<ListResult<PolicyView>> {
    const caller = requireAuth(auth);
    const page = await repo.listPolicies(this.db, reachOf(caller), query, filters);
    return listResult(page, page.rows.map(policyView));
  }

  async get(auth: AuthContext | undefined, id: string): Promise<PolicyView> {
    const row = await repo.findPolicy(this.db, reachOf(requireAuth(auth)), id);
    if (!row) throw Errors.notFound('policy');
    return policyView(row);
  }

  async update(
    auth: AuthContext | undefined,
    id: string,
    patch: PolicyPatch,
  ): Promise<PolicyView & { approvalId?: string }> {
    const caller = requireAuth(auth);
    const current = policyView(await this.writable(caller, id));
    const next = patched(current, patch);
    checkPolicy(next, await eligibleApprovers(this.rpc, caller));
    const { approvalId } = await this.governed(
      caller,
      { kind: 'update', policyId: id, input: next, baseUpdatedAt: new Date(current.updatedAt) },
      next.name,
      patched(current, {}),
    );
    if (approvalId) return { ...current, approvalId };
    return this.get(auth, id);
  }

  async remove(auth: AuthContext | undefined, id: string): Promise<HeldChange> {
    const caller = requireAuth(auth);
    const current = await this.writable(caller, id);
    return this.governed(
      caller,
      { kind: 'delete', policyId: id, input: null, baseUpdatedAt: current.updatedAt },
      current.name,
      patched(policyView(current), {}),
    );
  }

  /**
   * A change of the caller's policies, as the `policy-change` policies that govern them decide:
   * refused (403 `policy_blocked`), held until an approval's quorum (its id in the answer), or
   * applied at once.
   */
  private async governed(
    caller: AuthContext,
    change: Change,
    name: string,
    /** The policy as it is, for the approvers to compare (null for a new one). */
    before: PolicyInput | null,
  ): Promise<HeldChange> {
    const owner = ownerOf(caller);
    const verdict = evaluate(await repo.changeGoverning(this.db, owner), {
      activity: 'policy-change',
    });
    if (verdict.decision === 'block')
      throw new AppError(403, 'policy_blocked', 'A policy refuses this change of the policies.', {
        details: { policyIds: verdict.policyIds },
      });
    if (verdict.decision === 'allow') {
      const applied = await withTransaction(this.db, (tx) =>
        applyChange(tx, owner, caller.clientId, change),
      );
      // Another change of the same policy landed between our read and our write: this one is
      // not applied, and saying so beats a 200 that silently changed nothing.
      if (!applied)
        throw new AppError(
          409,
          'policy_changed',
          'The policy was changed or deleted meanwhile: read it again and retry.',
        );
      return { id: change.policyId };
    }
    const approval = await withTransaction(this.db, async (tx) => {
      const held = await repo.insertChange(tx, {
        id: uuidv7(),
        tenantId: owner,
        kind: change.kind,
        policyId: change.policyId,
        input: change.input,
        baseUpdatedAt: change.baseUpdatedAt ?? null,
        status: 'pending',
        createdBy: caller.clientId,
      });
      return this.approvals().hold(tx, caller, caller.tenantId, verdict, {
        activity: 'policy-change',
        operationId: held.id,
        summary: {
          userId: null,
          walletId: null,
          assetId: null,
          amount: null,
          fiatAmount: null,
          destination: null,
          policyChange: {
            kind: change.kind,
            policyId: change.policyId,
            name,
            before,
            after: change.input,
          },
        },
      });
    });
    return { id: change.policyId, approvalId: approval.id };
  }

  /** A policy the caller may change: its tenant's, or for an admin the platform's. */
  private async writable(caller: AuthContext, id: string): Promise<PolicyRow> {
    const row = await repo.findPolicy(this.db, reachOf(caller), id);
    if (!row) throw Errors.notFound('policy');
    if (row.tenantId !== ownerOf(caller))
      throw Errors.forbidden(
        isAdmin(caller)
          ? "A tenant's policies are changed by that tenant."
          : 'Platform policies apply to every tenant; only an admin changes them.',
        'policy_read_only',
      );
    return row;
  }
}
