import path from 'node:path';
import { POLICY_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcCallContext, RpcHandlers } from '@custody/messaging';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { ApprovalsService } from './approvals/approvals.service';
import { PoliciesService, settleChange } from './policies/policies.service';

type Deps = ServiceDeps<'policy'>;

const services = new WeakMap<Deps, ApprovalsService>();

function approvalsOf(deps: Deps): ApprovalsService {
  let found = services.get(deps);
  if (!found) {
    found = new ApprovalsService(deps.db, deps.rpc, deps.config.APPROVAL_TTL_SECONDS, settleChange);
    services.set(deps, found);
  }
  return found;
}

/** Operations are governed where they are applied: only wallet-ledger asks for decisions. */
function fromLedger(ctx: RpcCallContext): void {
  if (ctx.caller !== 'wallet-ledger')
    throw Errors.forbidden('Only wallet-ledger asks for policy decisions.', 'caller_not_allowed');
}

/**
 * Policies and approvals are the clients' (through the gateway): no service writes or decides
 * in a client's name, even with an auth context it was sent.
 */
function fromGateway(ctx: RpcCallContext): void {
  if (ctx.caller !== 'gateway')
    throw Errors.forbidden(
      'Only the gateway reaches policies and approvals.',
      'caller_not_allowed',
    );
}

/** Wires the policy use cases to its RPC contract; each handler unpacks params and calls one. */
function createHandlers(deps: Deps): RpcHandlers<'policy'> {
  const approvals = approvalsOf(deps);
  const policies = new PoliciesService(deps.db, deps.rpc, () => approvals);
  return {
    [POLICY_RPC.createPolicy]: (params, ctx) => {
      fromGateway(ctx);
      return policies.create(ctx.auth, params);
    },
    [POLICY_RPC.listPolicies]: (p, ctx) => {
      fromGateway(ctx);
      return policies.list(ctx.auth, p.list, p.filters);
    },
    [POLICY_RPC.getPolicy]: (p, ctx) => {
      fromGateway(ctx);
      return policies.get(ctx.auth, p.id);
    },
    [POLICY_RPC.updatePolicy]: (p, ctx) => {
      fromGateway(ctx);
      return policies.update(ctx.auth, p.id, p.patch);
    },
    [POLICY_RPC.deletePolicy]: (p, ctx) => {
      fromGateway(ctx);
      return policies.remove(ctx.auth, p.id);
    },
    [POLICY_RPC.evaluate]: (params, ctx) => {
      fromLedger(ctx);
      return approvals.evaluate(ctx.auth, params);
    },
    [POLICY_RPC.cancelApproval]: (p, ctx) => {
      fromLedger(ctx);
      return approvals.cancel(p.id);
    },
    [POLICY_RPC.listApprovals]: (p, ctx) => {
      fromGateway(ctx);
      return approvals.list(ctx.auth, p.list, p.filters);
    },
    [POLICY_RPC.getApproval]: (p, ctx) => {
      fromGateway(ctx);
      return approvals.get(ctx.auth, p.id);
    },
    [POLICY_RPC.decide]: (p, ctx) => {
      fromGateway(ctx);
      return approvals.decide(ctx.auth, p.id, p.input);
    },
  };
}

/** Expires approvals past their time, every APPROVAL_SWEEP_INTERVAL_MS. */
async function startSweep(deps: Deps): Promise<() => Promise<void>> {
  const approvals = approvalsOf(deps);
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A sweep longer than the interval: the next tick waits for the next interval.
    if (running) return;
    running = (async () => {
      while ((await approvals.expireDue()) > 0);
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
