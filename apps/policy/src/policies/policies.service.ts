import { v7 as uuidv7 } from 'uuid';
import {
  type AuthContext,
  IDENTITY_RPC,
  type ListQuery,
  type ListResult,
  type PolicyInput,
  type PolicyListFilters,
  type PolicyView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import type { PolicyRow } from '../schema';
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
  };
}

/** A tenant's (or, for an admin, the platform's) policies: who owns what a caller writes. */
function ownerOf(caller: AuthContext): string | null {
  return isAdmin(caller) ? null : caller.tenantId;
}

function reachOf(caller: AuthContext): repo.PolicyReach {
  return isAdmin(caller) ? 'all' : { tenantId: caller.tenantId };
}

/**
 * Policies: a general client manages its tenant's, an admin the platform's (which apply to every
 * tenant and which tenants read but cannot change); another tenant's read as 404.
 */
export class PoliciesService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  async create(auth: AuthContext | undefined, input: PolicyInput): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    checkPolicy(input, await this.approvers(caller));
    const row = await repo.insertPolicy(this.db, {
      id: uuidv7(),
      tenantId: ownerOf(caller),
      name: input.name,
      activity: input.activity,
      rule: input.rule,
      action: input.action,
      approvers: input.approvers ?? null,
      filters: input.filters ?? null,
      enabled: input.enabled ?? true,
      createdBy: caller.clientId,
    });
    return { id: row.id };
  }

  async list(
    auth: AuthContext | undefined,
    query: ListQuery,
    filters: PolicyListFilters,
  ): Promise<ListResult<PolicyView>> {
    const caller = requireAuth(auth);
    const { rows, total } = await repo.listPolicies(this.db, reachOf(caller), query, filters);
    return { items: rows.map(policyView), total };
  }

  async get(auth: AuthContext | undefined, id: string): Promise<PolicyView> {
    const row = await repo.findPolicy(this.db, reachOf(requireAuth(auth)), id);
    if (!row) throw Errors.notFound('policy');
    return policyView(row);
  }

  async update(
    auth: AuthContext | undefined,
    id: string,
    patch: Partial<PolicyInput>,
  ): Promise<PolicyView> {
    const caller = requireAuth(auth);
    const current = await this.writable(caller, id);
    const next = patched(policyView(current), patch);
    checkPolicy(next, await this.approvers(caller));
    const row = await repo.updatePolicy(this.db, ownerOf(caller), id, {
      name: next.name,
      activity: next.activity,
      rule: next.rule,
      action: next.action,
      approvers: next.approvers ?? null,
      filters: next.filters ?? null,
      enabled: next.enabled ?? true,
    });
    if (!row) throw Errors.notFound('policy');
    return policyView(row);
  }

  async remove(auth: AuthContext | undefined, id: string): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    await this.writable(caller, id);
    const row = await repo.updatePolicy(this.db, ownerOf(caller), id, { deletedAt: new Date() });
    if (!row) throw Errors.notFound('policy');
    return { id };
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

  /** Who may decide on this caller's approvals (identity knows the clients and their scopes). */
  private async approvers(caller: AuthContext): Promise<string[]> {
    const { clientIds } = await this.rpc.call(
      'identity',
      IDENTITY_RPC.listApprovers,
      {},
      { auth: caller, idempotent: true },
    );
    return clientIds;
  }
}
