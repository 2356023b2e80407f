import { v7 as uuidv7 } from 'uuid';
import {
  type ApproverCredential,
  type AuthContext,
  type DecisionInput,
  EVENTS,
  IDENTITY_RPC,
  PLATFORM_APPROVERS,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RelyingParty } from '@custody/intents';
import type { RpcClient } from '@custody/messaging';
import { type Database, type Executor, withTransaction } from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import { refuseFrozen } from '../restore/frozen-approvals';
import type { ApprovalRow } from '../schema';
import { eligibleApprovers, reachOf } from '../access';
import { publishApproval } from './approval-events';
import * as repo from './approvals.repository';
import {
  checkApprovalSignature,
  checkDecider,
  qualifyingFor,
  requirementsOf,
  signatureRequired,
  statementOf,
  statusAfter,
  stillNeeded,
} from './approvals.rules';

/** Told of each approval that leaves `pending`, in the transaction that decides it. */
export type OnApprovalSettled = (tx: Executor, approval: ApprovalRow) => Promise<void>;

/**
 * One approver's decision on an approval (docs/decisions/policies-and-approvals.md). Decisions on
 * one approval take its lock in turn, so the quorum is reached exactly once however many decide
 * at the same time; the decision that finishes it publishes `approval.is-decided`.
 */
export class DecideApproval {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    /** What the policy service itself holds (a policy change) is applied or dropped here. */
    private readonly onSettled: OnApprovalSettled,
    /** Whose passkeys' assertions count: WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS. */
    private readonly relyingParty: RelyingParty,
  ) {}

  async decide(
    auth: AuthContext | undefined,
    id: string,
    input: DecisionInput,
  ): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    const peek = await repo.findApproval(this.db, reachOf(caller), id);
    if (!peek) throw Errors.notFound('approval');
    // Admins decide for platform policies, the tenant's clients for the tenant's.
    const admin = isAdmin(caller);
    const eligible = requirementsOf(peek).some((r) => r.platform === admin)
      ? await eligibleApprovers(this.rpc, caller)
      : [];
    // An approve's signature is checked with the decider's active credentials (identity's).
    const signature = input.decision === 'approve' ? input.signature : undefined;
    const credentials = signature ? await this.credentialsOf(caller.clientId) : [];
    return withTransaction(this.db, async (tx) => {
      const approval = await repo.findApproval(tx, reachOf(caller), id, true);
      if (!approval) throw Errors.notFound('approval');
      // Pending when a restore came back to it: it may have been decided before (restore/).
      await refuseFrozen(tx, id);
      const requirements = requirementsOf(approval);
      const countsFor = qualifyingFor(requirements, { clientId: caller.clientId, admin }, eligible);
      const before = await repo.decisionsOf(tx, [id]);
      checkDecider(
        approval,
        { clientId: caller.clientId, personId: caller.personId },
        countsFor,
        before,
        new Date(),
      );
      // An approval counts only where one is still missing: the decisions stay bounded by the
      // quorums (a rejection always counts).
      if (input.decision === 'approve' && !stillNeeded(requirements, before, countsFor))
        throw Errors.conflict(
          "The requirements this client decides for have their quorum; it waits for others'.",
          'approval_not_needed',
        );
      // Rejections need no signature: they only stop what was held.
      if (input.decision === 'approve') {
        const admissions = await repo.admissionsOf(tx, [approval.operationId]);
        await checkApprovalSignature(
          statementOf(approval, admissions.get(approval.operationId)),
          signatureRequired(requirements),
          signature,
          {
            clientId: caller.clientId,
            approverTenant: admin ? PLATFORM_APPROVERS : caller.tenantId,
          },
          credentials,
          this.relyingParty,
        );
      }
      const decision = await repo.insertDecision(tx, {
        id: uuidv7(),
        approvalId: id,
        clientId: caller.clientId,
        personId: caller.personId ?? null,
        decision: input.decision,
        reason: input.reason ?? null,
        countsFor,
        credentialId: signature?.credentialId ?? null,
        signature: signature?.signature ?? null,
      });
      const decided = [...before, decision];
      const status = statusAfter(requirements, decided);
      if (status !== 'pending') {
        const finished = await repo.setStatus(tx, id, status);
        if (status === 'rejected') await repo.releaseUsage(tx, [finished.operationId]);
        await this.onSettled(tx, finished);
        await publishApproval(tx, EVENTS.approvalDecided, finished, decided);
      }
      return { id: decision.id };
    });
  }

  private async credentialsOf(clientId: string): Promise<ApproverCredential[]> {
    const { credentials } = await this.rpc.call(
      'identity',
      IDENTITY_RPC.activeApproverCredentials,
      { clientId },
      { idempotent: true },
    );
    return credentials;
  }
}
