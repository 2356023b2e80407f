import { POLICY_RPC } from '@custody/contracts';
import type { RpcHandlers } from '@custody/messaging';
import type { ApprovalOutcomes } from './approvals/approval-outcomes';
import type { ApprovalsService } from './approvals/approvals.service';
import type { HoldChange } from './changes/hold-change';
import type { DecideApproval } from './approvals/decide-approval';
import type { ReleaseOperations } from './approvals/release-operations';
import type { Authorize } from './decisions/authorize';
import type { EvaluateOperations } from './evaluation/evaluate-operations';
import type { PoliciesService } from './policies/policies.service';

/** The use cases policy's handlers call, built in policy.compose.ts. */
export interface PolicyUseCases {
  /** The approvals' reads. */
  approvals: ApprovalsService;
  decide: DecideApproval;
  release: ReleaseOperations;
  evaluation: EvaluateOperations;
  policies: PoliciesService;
  authorize: Authorize;
  holdChange: HoldChange;
  /** What the apps that hold operations read back of their approvals (their sweeps). */
  outcomes: ApprovalOutcomes;
}

/** Policy's RPC contract; each handler unpacks params and calls one use case. */
export function rpcHandlers({
  approvals,
  decide,
  release,
  evaluation,
  policies,
  authorize,
  holdChange,
  outcomes,
}: PolicyUseCases): RpcHandlers<'policy'> {
  // Policies and approvals are the clients', through the gateway only; decisions are asked for
  // where operations are applied (wallet-ledger, trading, issuer: RPC_ACCESS), each app about
  // its own activities only: no service writes or decides in a client's name.
  return {
    [POLICY_RPC.createPolicy]: (params, ctx) => policies.create(ctx.auth, params),
    [POLICY_RPC.listPolicies]: (p, ctx) => policies.list(ctx.auth, p.list, p.filters),
    [POLICY_RPC.getPolicy]: (p, ctx) => policies.get(ctx.auth, p.id),
    [POLICY_RPC.updatePolicy]: (p, ctx) => policies.update(ctx.auth, p.id, p.patch),
    [POLICY_RPC.deletePolicy]: (p, ctx) => policies.remove(ctx.auth, p.id),
    [POLICY_RPC.evaluate]: async (p, ctx) => ({
      decisions: await evaluation.ask(ctx.caller, ctx.auth, p.operations),
    }),
    [POLICY_RPC.release]: (p, ctx) => release.release(ctx, p.operationIds),
    [POLICY_RPC.authorize]: (p, ctx) => authorize.run(ctx.caller, ctx.auth, p),
    [POLICY_RPC.listApprovals]: (p, ctx) => approvals.list(ctx.auth, p.list, p.filters),
    [POLICY_RPC.getApproval]: (p, ctx) => approvals.get(ctx.auth, p.id),
    [POLICY_RPC.decide]: (p, ctx) => decide.decide(ctx.auth, p.id, p.input),
    [POLICY_RPC.holdChange]: (p, ctx) => holdChange.hold(ctx.auth, p),
    [POLICY_RPC.approvalOutcomes]: (p, ctx) => outcomes.read(ctx.caller, p.ids),
  };
}
