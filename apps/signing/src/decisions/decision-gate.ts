import type { KeyObject } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { DecisionClaims } from '@custody/contracts';
import { AppError } from '@custody/errors';
import { openDecision, type RelyingParty } from '@custody/intents';
import type { RpcCallContext } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import type { RefusalAudit } from '@custody/service-kit';
import * as approvers from '../approvers/approvers.repository';
import { approvalSignaturesHold } from '../approvers/approvers.rules';
import * as repo from './decisions.repository';
import {
  type DecisionFault,
  type DecisionUse,
  judgeDecision,
  parseClaims,
  type SignAttempt,
} from './decisions.rules';

/** The HTTP-style refusal of each fault: always 403, with a code per kind of fault. */
const CODE_OF: Record<DecisionFault | 'used' | 'missing', string> = {
  missing: 'decision_required',
  malformed: 'decision_invalid',
  unknown_key: 'decision_invalid',
  bad_signature: 'decision_invalid',
  expired: 'decision_expired',
  other_owner: 'decision_mismatch',
  other_tenant: 'decision_mismatch',
  other_payload: 'decision_mismatch',
  over_fee_cap: 'decision_over_fee_cap',
  approval_signatures: 'approval_signatures_invalid',
  used: 'decision_used',
};

/** A decision taken for one signature: what the signature log records with it. */
export interface TakenDecision {
  claims: DecisionClaims;
  use: DecisionUse;
}

/** The call a signature is asked in: its context and its method (for the audit log). */
export type SignCall = RpcCallContext & { method: string };

/**
 * The signer's own check of the policy service's decisions (docs/decisions/signing-decisions.md):
 * a signature is made only for what a valid, unexpired decision names, and is released only once
 * the decision's use and the signature are recorded in signing's database.
 */
export class DecisionGate {
  constructor(
    private readonly db: Database,
    private readonly keys: ReadonlyMap<string, KeyObject>,
    /** Reports refusals to the audit log, with the service's own (RefusalAudit). */
    private readonly refusals: RefusalAudit,
    /** Whose passkeys' assertions count as approvals: WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS. */
    private readonly relyingParty: RelyingParty,
    private readonly now: () => number = Date.now,
  ) {}

  /** The decision's claims if they let `attempt` be signed; otherwise a refusal, audited. */
  async check(token: unknown, attempt: SignAttempt, ctx: SignCall): Promise<TakenDecision> {
    if (token === undefined || token === null || token === '')
      throw this.refuse('missing', attempt, ctx);
    const opened = await openDecision(token, this.keys);
    if ('fault' in opened) throw this.refuse(opened.fault, attempt, ctx);
    const claims = parseClaims(opened.claims);
    if (!claims) throw this.refuse('malformed', attempt, ctx);
    const judged = judgeDecision(claims, attempt, this.now());
    if ('fault' in judged) throw this.refuse(judged.fault, attempt, ctx, claims);
    if (!(await this.approvalSigned(claims)))
      throw this.refuse('approval_signatures', attempt, ctx, claims);
    return { claims, use: judged.use };
  }

  /**
   * Whether the approval the decision carries, where its policies asked for signatures, was
   * signed by enough approvers of the signer's own registry (not the policy service's word).
   */
  private async approvalSigned(claims: DecisionClaims): Promise<boolean> {
    if (!claims.approval?.signed) return true;
    const ids = claims.approval.decisions.flatMap((d) =>
      d.signature ? [d.signature.credentialId] : [],
    );
    const registered = await approvers.credentialsByIds(this.db, ids);
    const held = await approvalSignaturesHold(
      claims,
      new Map(registered.map((c) => [c.id, c])),
      this.relyingParty,
    );
    return held.ok;
  }

  /**
   * Records the decision's use and the signature made with it, in one statement: a decision
   * used before (another payload, another nonce) is refused and the signature never leaves.
   */
  async record(
    taken: TakenDecision,
    attempt: SignAttempt,
    signed: string,
    ctx: SignCall,
  ): Promise<void> {
    const { claims, use } = taken;
    // A withdrawal's transaction at the nonce it bound (a replacement, a cancel) uses it again.
    const fresh = await repo.takeDecisionAndLog(
      this.db,
      {
        decisionId: claims.decisionId,
        part: use.part,
        nonce: use.nonce,
        expiresAt: new Date(claims.expiresAt),
      },
      {
        id: uuidv7(),
        decisionId: claims.decisionId,
        part: use.part,
        caller: ctx.caller ?? 'unknown',
        ownerId: attempt.key.ownerId,
        tenantId: claims.tenantId,
        activity: claims.activity,
        operationId: claims.operationId,
        intentKind: claims.intent.kind,
        signed,
      },
    );
    if (!fresh) throw this.refuse('used', attempt, ctx, claims);
  }

  private refuse(
    fault: DecisionFault | 'used' | 'missing',
    attempt: SignAttempt,
    ctx: SignCall,
    claims?: DecisionClaims,
  ): AppError {
    const code = CODE_OF[fault];
    ctx.logger.warn(
      {
        audit: 'decision_refused',
        fault,
        caller: ctx.caller,
        ownerId: attempt.key.ownerId,
        decisionId: claims?.decisionId,
      },
      'A signature was refused: its decision does not allow it',
    );
    this.report(fault, 'decision', ctx);
    return new AppError(403, code, 'The policy decision does not allow this signature.');
  }

  /**
   * To identity's audit log: an `rpcRefused` record that failed on its `decision`, or on its
   * `caller` (a key that is not the caller's to use).
   */
  report(fault: string, failed: 'decision' | 'caller', ctx: SignCall): void {
    this.refusals.report({
      method: ctx.method,
      brokerUser: undefined,
      caller: ctx.caller,
      requestId: ctx.requestId,
      reason: fault,
      failed,
    });
  }
}
