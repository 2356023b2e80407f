import type { KeyObject } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { DECISION_TTL_MS, type DecisionClaims, type SignedDecision } from '@custody/contracts';
import { signDecision } from '@custody/intents';

/** The policy service's signature of its decisions (docs/decisions/signing-decisions.md). */
export class DecisionSigner {
  constructor(
    private readonly key: { kid: string; privateKey: KeyObject },
    /** At most DECISION_TTL_MS (the signer refuses nothing longer-lived: see its rules). */
    private readonly ttlMs: number = DECISION_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A decision valid for its lifetime from now, with an id of its own. */
  sign(
    claims: Omit<DecisionClaims, 'v' | 'decisionId' | 'issuedAt' | 'expiresAt'>,
  ): Promise<SignedDecision> {
    const issuedAt = this.now();
    return signDecision(
      {
        v: 1,
        decisionId: uuidv7(),
        tenantId: claims.tenantId,
        activity: claims.activity,
        owner: claims.owner,
        operationId: claims.operationId,
        intent: claims.intent,
        approval: claims.approval,
        issuedAt,
        expiresAt: issuedAt + Math.min(this.ttlMs, DECISION_TTL_MS),
      },
      this.key,
    );
  }
}
