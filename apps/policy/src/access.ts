import { type AuthContext, IDENTITY_RPC } from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import { readsAllTenants } from '@custody/tenancy';

/**
 * What a caller reads: a tenant its own records (and, for policies, the platform's); an admin
 * every one. Repositories take it as a required argument: no query forgets the tenant.
 */
export type TenantReach = { tenantId: string } | 'all';

export function reachOf(caller: AuthContext): TenantReach {
  // An auditor of the platform reads every tenant's too (and writes nothing).
  return readsAllTenants(caller) ? 'all' : { tenantId: caller.tenantId };
}

/**
 * The clients that may decide on the caller's side's approvals: its tenant's, or the admins
 * (identity knows the clients and their scopes).
 */
export async function eligibleApprovers(rpc: RpcClient, caller: AuthContext): Promise<string[]> {
  const { clientIds } = await rpc.call(
    'identity',
    IDENTITY_RPC.listApprovers,
    {},
    { auth: caller, idempotent: true },
  );
  return clientIds;
}
