import path from 'node:path';
import { POLICY_RPC } from '@custody/contracts';
import type { RpcHandlers } from '@custody/messaging';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { PoliciesService } from './policies/policies.service';

type Deps = ServiceDeps<'policy'>;

/** Wires the policy use cases to its RPC contract; each handler unpacks params and calls one. */
function createHandlers(deps: Deps): RpcHandlers<'policy'> {
  const policies = new PoliciesService(deps.db, deps.rpc);
  return {
    [POLICY_RPC.createPolicy]: (params, ctx) => policies.create(ctx.auth, params),
    [POLICY_RPC.listPolicies]: (p, ctx) => policies.list(ctx.auth, p.list, p.filters),
    [POLICY_RPC.getPolicy]: (p, ctx) => policies.get(ctx.auth, p.id),
    [POLICY_RPC.updatePolicy]: (p, ctx) => policies.update(ctx.auth, p.id, p.patch),
    [POLICY_RPC.deletePolicy]: (p, ctx) => policies.remove(ctx.auth, p.id),
  };
}

/** Transaction-authorization policies (and, built on them, approvals). */
export const policyService: ServiceDefinition<'policy'> = {
  app: 'policy',
  migrationsDir: path.join(__dirname, 'migrations'),
  rpcHandlers: createHandlers,
};
