import path from 'node:path';
import { POLICY_RPC } from '@custody/contracts';
import type { RpcHandlers } from '@custody/messaging';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { ApprovalsService } from './approvals/approvals.service';
import { PoliciesService, settleChange } from './policies/policies.service';

type Deps = ServiceDeps<'policy'>;

const services = new WeakMap<Deps, ApprovalsService>();

function approvalsOf(deps: Deps): ApprovalsService {
  let found = services.get(deps);
  if (!found) {
    found = new ApprovalsService(
      deps.db,
      deps.pool,
      deps.rpc,
      deps.config.APPROVAL_TTL_SECONDS,
      settleChange,
    );
    services.set(deps, found);
  }
  return found;
}

/** Wires the policy use cases to its RPC contract; each handler unpacks params and calls one. */
function createHandlers(deps: Deps): RpcHandlers<'policy'> {
  const approvals = approvalsOf(deps);
  const policies = new PoliciesService(deps.db, deps.rpc, () => approvals);
  // Policies and approvals are the clients', through the gateway only; decisions are asked for
  // by wallet-ledger only, where operations are applied (RPC_ACCESS): no service writes or
  // decides in a client's name.
  return {
    [POLICY_RPC.createPolicy]: (params, ctx) => policies.create(ctx.auth, params),
    [POLICY_RPC.listPolicies]: (p, ctx) => policies.list(ctx.auth, p.list, p.filters),
    [POLICY_RPC.getPolicy]: (p, ctx) => policies.get(ctx.auth, p.id),
    [POLICY_RPC.updatePolicy]: (p, ctx) => policies.update(ctx.auth, p.id, p.patch),
    [POLICY_RPC.deletePolicy]: (p, ctx) => policies.remove(ctx.auth, p.id),
    [POLICY_RPC.evaluate]: async (p, ctx) => ({
      decisions: await approvals.evaluate(ctx.auth, p.operations),
    }),
    [POLICY_RPC.release]: (p) => approvals.release(p.operationIds),
    [POLICY_RPC.listApprovals]: (p, ctx) => approvals.list(ctx.auth, p.list, p.filters),
    [POLICY_RPC.getApproval]: (p, ctx) => approvals.get(ctx.auth, p.id),
    [POLICY_RPC.decide]: (p, ctx) => approvals.decide(ctx.auth, p.id, p.input),
  };
}

/**
 * Expires approvals past their time and forgets counted operations past the longest velocity
 * window, every APPROVAL_SWEEP_INTERVAL_MS, in small batches.
 */
async function startSweep(deps: Deps): Promise<() => Promise<void>> {
  const approvals = approvalsOf(deps);
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A sweep longer than the interval: the next tick waits for the next interval.
    if (running) return;
    running = (async () => {
      while ((await approvals.expireDue()) > 0);
      while ((await approvals.pruneUsage()) > 0);
    })()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'approval expiry failed'))
      .finally(() => {
        running = undefined;
      });
  }, deps.config.APPROVAL_SWEEP_INTERVAL_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Transaction-authorization policies and the approvals they ask for. */
export const policyService: ServiceDefinition<'policy'> = {
  app: 'policy',
  migrationsDir: path.join(__dirname, 'migrations'),
  rpcHandlers: createHandlers,
  onStart: startSweep,
};
