import {
  type ApprovalRequirement,
  type ApprovalStatement,
  type ApprovalView,
  type ApprovedOperation,
  type ApproverCredential,
  type GovernedLeg,
  type GovernedOperation,
  MAX_EVALUATED_OPERATIONS,
  MAX_GOVERNED_LEGS,
} from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import {
  approvalDigest,
  approvedLeg,
  policyVersionOf,
  type RelyingParty,
  signatureOperation,
  verifyApproverSignature,
} from '@custody/intents';
import { add } from '@custody/money';
import { isUuid } from '@custody/persistence';
import type { AdmissionRow, ApprovalRow, DecisionRow } from '../schema';

/**
 * The requirements an approval must meet: each holding policy's own. Approvals recorded before
 * requirements existed have their governing policy's as their only one.
 */
export function requirementsOf(
  approval: Pick<ApprovalRow, 'requirements' | 'policyIds' | 'quorum' | 'approverIds' | 'platform'>,
): ApprovalRequirement[] {
  if (approval.requirements.length > 0) return approval.requirements;
  return [
    {
      policyId: approval.policyIds[0] ?? '',
      quorum: approval.quorum,
      approverIds: approval.approverIds,
      platform: approval.platform,
    },
  ];
}

/**
 * The requirements a client's decision counts for: those decided by its side (admins for a
 * platform policy, the tenant's clients for a tenant's), where it is eligible (identity's
 * `clients.approvers`) and, when the policy names its approvers, named.
 */
export function qualifyingFor(
  requirements: readonly ApprovalRequirement[],
  decider: { clientId: string; admin: boolean },
  eligible: readonly string[],
): string[] {
  if (!eligible.includes(decider.clientId)) return [];
  return requirements
    .filter(
      (r) =>
        r.platform === decider.admin &&
        (r.approverIds === null || r.approverIds.includes(decider.clientId)),
    )
    .map((r) => r.policyId);
}

/**
 * Whether a client may decide on an approval now: a pending one before its expiry, not its own
 * operation, counting for at least one of its requirements, once. One person, one vote: a
 * client naming the person who started the operation is refused as its initiator is, and a
 * person who decided through one client does not decide again through another.
 */
export function checkDecider(
  approval: Pick<ApprovalRow, 'status' | 'expiresAt' | 'initiatorClientId' | 'initiatorPersonId'>,
  decider: { clientId: string; personId?: string | undefined },
  countsFor: readonly string[],
  decisions: readonly (Pick<DecisionRow, 'clientId'> & { personId?: string | null })[],
  now: Date,
): void {
  if (approval.status !== 'pending' || approval.expiresAt <= now)
    throw Errors.conflict('This approval is no longer pending.', 'approval_finished');
  if (decider.clientId === approval.initiatorClientId)
    throw Errors.forbidden(
      'The client that started an operation cannot decide on it.',
      'self_approval_forbidden',
    );
  const person = decider.personId;
  if (person !== undefined && person === approval.initiatorPersonId)
    throw Errors.forbidden(
      'The person who started an operation cannot decide on it, whichever client they use.',
      'self_approval_forbidden',
    );
  if (countsFor.length === 0)
    throw Errors.forbidden(
      'This client is not an approver of this approval.',
      'approver_forbidden',
    );
  if (decisions.some((d) => d.clientId === decider.clientId))
    throw Errors.conflict('This client has decided on this approval already.', 'already_decided');
  if (person !== undefined && decisions.some((d) => d.personId === person))
    throw Errors.conflict(
      'This person has decided on this approval already, through another client.',
      'already_decided',
    );
}

/** Whether one of `countsFor` still lacks approvals (an approval met already needs no more). */
export function stillNeeded(
  requirements: readonly ApprovalRequirement[],
  decisions: readonly Pick<DecisionRow, 'decision' | 'countsFor'>[],
  countsFor: readonly string[],
): boolean {
  return requirements.some(
    (r) =>
      countsFor.includes(r.policyId) &&
      decisions.filter((d) => d.decision === 'approve' && d.countsFor.includes(r.policyId)).length <
        r.quorum,
  );
}

/**
 * Where the decisions leave an approval: any rejection rejects; it is approved once every
 * requirement has its quorum of approvals that count for it.
 */
export function statusAfter(
  requirements: readonly ApprovalRequirement[],
  decisions: readonly Pick<DecisionRow, 'decision' | 'countsFor'>[],
): 'pending' | 'approved' | 'rejected' {
  if (decisions.some((d) => d.decision === 'reject')) return 'rejected';
  const met = requirements.every(
    (r) =>
      decisions.filter((d) => d.decision === 'approve' && d.countsFor.includes(r.policyId))
        .length >= r.quorum,
  );
  return met ? 'approved' : 'pending';
}

/** Whether an approve counts only signed: a holding policy says `signed`. */
export function signatureRequired(requirements: readonly ApprovalRequirement[]): boolean {
  return requirements.some((r) => r.signed === true);
}

/** What an approval's admission says of the operation it holds (none: a change, a transfer). */
export type HeldAdmission = Pick<AdmissionRow, 'owner' | 'legs' | 'intent'>;

/**
 * What runs once approved, as approvers sign it: a held signature's (or issuer activity's)
 * exact intent with its key's owner; the legs that move (a withdrawal's as its admission holds
 * them, so the signer recomputes the same from the decision's intent); a change as summarized.
 */
export function operationOf(
  approval: Pick<ApprovalRow, 'summary'>,
  admission: HeldAdmission | undefined,
): ApprovedOperation {
  if (admission?.intent && admission.intent.kind !== 'evm-transfer')
    return signatureOperation(admission.owner, admission.intent);
  const s = approval.summary;
  if (s.policyChange) return { kind: 'change', change: { policyChange: s.policyChange } };
  if (s.memberChange) return { kind: 'change', change: { memberChange: s.memberChange } };
  if (s.treasuryChange) return { kind: 'change', change: { treasuryChange: s.treasuryChange } };
  const legs: Parameters<typeof approvedLeg>[0][] =
    admission?.legs ??
    s.legs ??
    (s.walletId !== null && s.assetId !== null && s.amount !== null
      ? [{ walletId: s.walletId, assetId: s.assetId, amount: s.amount, destination: s.destination }]
      : []);
  return { kind: 'movement', legs: legs.map((leg) => approvedLeg(leg)) };
}

/** The approval's policy version: kept when it was held, else (held before) its requirements'. */
export function policyVersionOfApproval(
  approval: Pick<
    ApprovalRow,
    'policyVersion' | 'requirements' | 'policyIds' | 'quorum' | 'approverIds' | 'platform'
  >,
): string {
  return approval.policyVersion ?? policyVersionOf(requirementsOf(approval));
}

/** What an approver signs to approve this approval (docs/decisions/policies-and-approvals.md). */
export function statementOf(
  approval: ApprovalRow,
  admission: HeldAdmission | undefined,
): ApprovalStatement {
  return {
    v: 1,
    approvalId: approval.id,
    tenantId: approval.tenantId,
    activity: approval.activity,
    operation: operationOf(approval, admission),
    decision: 'approve',
    policyVersion: policyVersionOfApproval(approval),
  };
}

/**
 * Whether an approve's signature holds: required where a holding policy says `signed` (400
 * `approval_signature_required` without one), and where given, a signature of this approval's
 * statement by one of the decider's active credentials of its side (the tenant's, or the
 * admins' `platform`) — an Ed25519 key's, or a passkey's WebAuthn assertion with the digest as
 * its challenge, for this relying party, the person verified: else 403
 * `approval_signature_invalid` — another approval's or another operation's signature (a replay),
 * another client's credential, one revoked or not active yet.
 */
export async function checkApprovalSignature(
  statement: ApprovalStatement,
  required: boolean,
  signature: { credentialId: string; signature: string } | undefined,
  decider: { clientId: string; approverTenant: string },
  credentials: readonly ApproverCredential[],
  relyingParty: RelyingParty,
): Promise<void> {
  if (!signature) {
    if (required)
      throw Errors.badRequest(
        "A policy that held this operation counts only signed approvals: sign the approval's statement (signing.statement) with a registered approver key or passkey.",
        'approval_signature_required',
      );
    return;
  }
  const credential = credentials.find(
    (c) =>
      c.id === signature.credentialId &&
      c.clientId === decider.clientId &&
      c.tenantId === decider.approverTenant,
  );
  const verified =
    credential !== undefined &&
    'ok' in
      (await verifyApproverSignature(
        credential,
        approvalDigest(statement),
        signature.signature,
        relyingParty,
      ));
  if (!verified)
    throw new AppError(
      403,
      'approval_signature_invalid',
      "The signature is not one of this client's active approver credentials' signature of this approval's statement.",
    );
}

/** An approval as the API answers it, with its decisions among `decided`. */
export function approvalView(
  row: ApprovalRow,
  decided: readonly DecisionRow[],
  /** On reads: what an approver signs (events carry none). */
  signing?: { admission: HeldAdmission | undefined },
): ApprovalView {
  const requirements = requirementsOf(row);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    activity: row.activity,
    operationId: row.operationId,
    initiator: { clientId: row.initiatorClientId },
    policyIds: row.policyIds,
    quorum: row.quorum,
    requirements,
    decisions: decided
      .filter((d) => d.approvalId === row.id)
      .map((d) => ({
        clientId: d.clientId,
        decision: d.decision,
        reason: d.reason,
        credentialId: d.credentialId,
        createdAt: d.createdAt.toISOString(),
      })),
    expiresAt: row.expiresAt.toISOString(),
    ...(signing
      ? {
          signing: {
            required: signatureRequired(requirements),
            statement: statementOf(row, signing.admission),
          },
        }
      : {}),
    summary: row.summary,
  };
}

/** What the RPC layer does not check: a batch's and its operations' bounds. */
export function checkBatch(ops: readonly GovernedOperation[]): void {
  const bad =
    ops.length === 0 ||
    ops.length > MAX_EVALUATED_OPERATIONS ||
    ops.some(
      (op) => !isUuid(op.operationId) || op.legs.length === 0 || op.legs.length > MAX_GOVERNED_LEGS,
    );
  if (bad)
    throw Errors.badRequest(
      `Evaluate 1 to ${MAX_EVALUATED_OPERATIONS} operations, each with 1 to ${MAX_GOVERNED_LEGS} legs.`,
      'invalid_operations',
    );
}

/** An approval's summary: the first leg, its total where every leg moves the same asset. */
export function summaryOf(
  op: GovernedOperation,
  fiatAmounts: readonly (string | undefined)[] | undefined,
): ApprovalView['summary'] {
  const [first] = op.legs as [GovernedLeg, ...GovernedLeg[]];
  const oneAsset = op.legs.every((leg) => leg.assetId === first.assetId);
  const fiat = fiatAmounts?.every((f) => f !== undefined)
    ? (fiatAmounts as string[]).reduce((total, f) => add(total, f), '0')
    : null;
  return {
    userId: first.userId,
    walletId: first.walletId,
    assetId: first.assetId,
    amount: oneAsset ? op.legs.reduce((total, leg) => add(total, leg.amount), '0') : null,
    fiatAmount: fiat,
    destination: first.destination ?? null,
    ...(op.legs.length > 1 ? { legs: op.legs } : {}),
  };
}
