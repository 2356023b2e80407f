import path from 'node:path';
import { ConfigError } from '@custody/config';
import { decisionSignerKey } from '@custody/intents';
import type { ServiceDefinition, ServiceDeps, ServiceParts } from '@custody/service-kit';
import { ApprovalsService } from './approvals/approvals.service';
import { Authorize } from './decisions/authorize';
import { EvaluateOperations } from './evaluation/evaluate-operations';
import { DecisionSigner } from './decisions/decision-signer';
import { admissionsRetention } from './decisions/decisions.repository';
import { PoliciesService, settleChange } from './policies/policies.service';
import { rpcHandlers } from './policy.rpc';

type Deps = ServiceDeps<'policy'>;

/** One approvals service, shared by the handlers and the sweep; one decision key. */
function compose(deps: Deps): ServiceParts<'policy'> {
  const decisionKey = decisionSignerKey(deps.config);
  if (decisionKey.problems.length > 0) throw new ConfigError('policy', decisionKey.problems);
  const signer = new DecisionSigner(decisionKey.key, deps.config.POLICY_DECISION_TTL_MS);
  const approvals = new ApprovalsService(
    deps.db,
    deps.pool,
    deps.rpc,
    deps.config.APPROVAL_TTL_SECONDS,
    settleChange,
  );
  const evaluation = new EvaluateOperations(deps.db, deps.pool, deps.rpc, approvals, signer);
  const policies = new PoliciesService(deps.db, deps.rpc, () => approvals);
  const authorize = new Authorize(deps.db, deps.rpc, signer);
  return {
    rpcHandlers: rpcHandlers({ approvals, evaluation, policies, authorize }),
    retention: [admissionsRetention],
    onStart: async () => startSweep(deps, approvals),
  };
}

/**
 * Expires approvals past their time and forgets counted operations past the longest velocity
 * window, every APPROVAL_SWEEP_INTERVAL_MS, in small batches.
 */
function startSweep(deps: Deps, approvals: ApprovalsService): () => Promise<void> {
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
  compose,
};
