import path from 'node:path';
import { ConfigError } from '@custody/config';
import { checkRelyingParty, decisionSignerKey } from '@custody/intents';
import type { ServiceDefinition, ServiceDeps, ServiceParts } from '@custody/service-kit';
import { ApprovalOutcomes } from './approvals/approval-outcomes';
import { approvalMetrics } from './approvals/approvals.metrics';
import { ApprovalsService } from './approvals/approvals.service';
import { DecideApproval } from './approvals/decide-approval';
import { ExpireApprovals } from './approvals/expire-approvals';
import { PruneVelocityUsage } from './approvals/prune-velocity-usage';
import { ReleaseOperations } from './approvals/release-operations';
import { HoldChange } from './changes/hold-change';
import { Authorize } from './decisions/authorize';
import { EvaluateOperations } from './evaluation/evaluate-operations';
import { DecisionSigner } from './decisions/decision-signer';
import { admissionsRetention } from './decisions/decisions.repository';
import { PoliciesService, settleChange } from './policies/policies.service';
import { rpcHandlers } from './policy.rpc';
import { freezeApprovals, releaseFrozenApprovals } from './restore/frozen-approvals';

type Deps = ServiceDeps<'policy'>;

/** The two halves of the approvals' sweep. */
interface Sweep {
  expire: ExpireApprovals;
  prune: PruneVelocityUsage;
}

/**
 * One approvals service (holds and reads), shared by evaluation and policy changes; an
 * approval's end settles what the policy service held itself (settleChange); one decision key.
 */
function compose(deps: Deps): ServiceParts<'policy'> {
  const decisionKey = decisionSignerKey(deps.config);
  if (decisionKey.problems.length > 0) throw new ConfigError('policy', decisionKey.problems);
  const signer = new DecisionSigner(decisionKey.key, deps.config.POLICY_DECISION_TTL_MS);
  // Policies that do not say `approvers.signed` ask for signed approvals in production only.
  const approvals = new ApprovalsService(
    deps.db,
    deps.config.APPROVAL_TTL_SECONDS,
    deps.config.NODE_ENV === 'production',
  );
  approvalMetrics(deps.metrics.registry, deps.db, deps.logger);
  // Passkeys' approvals are WebAuthn assertions for this relying party (identity's, configured alike).
  const relyingParty = { rpId: deps.config.WEBAUTHN_RP_ID, origins: deps.config.WEBAUTHN_ORIGINS };
  checkRelyingParty(relyingParty);
  const evaluation = new EvaluateOperations(deps.db, deps.pool, deps.rpc, approvals, signer);
  const policies = new PoliciesService(deps.db, deps.rpc, () => approvals);
  const authorize = new Authorize(deps.db, deps.rpc, signer);
  const sweep: Sweep = {
    expire: new ExpireApprovals(deps.db, settleChange),
    prune: new PruneVelocityUsage(deps.db),
  };
  return {
    rpcHandlers: rpcHandlers({
      approvals,
      decide: new DecideApproval(deps.db, deps.rpc, settleChange, relyingParty),
      release: new ReleaseOperations(deps.db, deps.refusals),
      evaluation,
      policies,
      authorize,
      holdChange: new HoldChange(deps.db, () => approvals),
      outcomes: new ApprovalOutcomes(deps.db),
    }),
    retention: [admissionsRetention],
    onStart: async () => startSweep(deps, sweep),
  };
}

/**
 * Expires approvals past their time and forgets counted operations past the longest velocity
 * window, every APPROVAL_SWEEP_INTERVAL_MS, in small batches.
 */
function startSweep(deps: Deps, sweep: Sweep): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A sweep longer than the interval: the next tick waits for the next interval.
    if (running) return;
    running = (async () => {
      while ((await sweep.expire.expireDue()) > 0);
      while ((await sweep.prune.prune()) > 0);
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
  // After a restore: pending approvals frozen before any app runs, released (cancelled) once
  // wallet-ledger has matched the chain (docs/operations/restore-runbook.md).
  restorePrepare: (_args, ctx) => freezeApprovals(ctx.db),
  commands: { 'restore-release': (_args, ctx) => releaseFrozenApprovals(ctx.db) },
};
