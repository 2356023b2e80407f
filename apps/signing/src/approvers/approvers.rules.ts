import {
  type ApproverCredential,
  type DecisionClaims,
  type EndorsementInput,
  PLATFORM_APPROVERS,
} from '@custody/contracts';
import {
  approvalDigest,
  approverEndorsementDigest,
  approverRegistrationDigest,
  operationOfDecision,
  type RelyingParty,
  verifyApproverSignature,
} from '@custody/intents';
import type { KeptEndorsement, RegisteredCredential } from './approvers.repository';

/** A registered credential as the rules read it. */
export type Registered = Pick<
  RegisteredCredential,
  'id' | 'tenantId' | 'clientId' | 'kind' | 'publicKey' | 'revokedAt'
>;

/** Why a credential is not admitted into the registry. */
export type AdmissionFault = 'bad_proof' | 'endorsements_insufficient';

/**
 * How many distinct clients must endorse a new credential of a tenant whose registry holds
 * `registered` (docs/decisions/signing-decisions.md): none for its very first (trust on first use,
 * at setup); otherwise min(2, distinct clients with a live credential), at least 1. A tenant that
 * had credentials and revoked them all needs one endorsement no one can give: the registry does
 * not fall back to trust on first use (which a compromised identity could otherwise reopen by
 * revoking everything), an operator restores it (see the document).
 */
export function endorsementsNeeded(registered: readonly Registered[]): number {
  if (registered.length === 0) return 0;
  const live = new Set(registered.filter((c) => c.revokedAt === null).map((c) => c.clientId));
  return Math.max(1, Math.min(2, live.size));
}

/**
 * Whether a credential may join its tenant's registry: its holder signed its registration
 * digest (`proof`: an Ed25519 signature, or a passkey's assertion over it for this relying
 * party, the person verified), and enough distinct clients of the tenant endorsed it with live
 * credentials of the registry (Ed25519 keys or passkeys alike), each signing the endorsement
 * digest, which names the endorser's credential id under another purpose than the proof's: a
 * credential's signature over a registration digest (its proof, or a passkey tricked into
 * "registering" a key a compromised identity named) is never an endorsement. The new
 * credential's own client may be one of them (a single-client tenant rotates its key so); a
 * credential endorses once.
 */
export async function judgeAdmission(
  credential: ApproverCredential,
  proof: string,
  endorsements: readonly EndorsementInput[],
  registered: readonly Registered[],
  relyingParty: RelyingParty,
): Promise<
  { admittedAs: 'first' | 'endorsed'; kept: KeptEndorsement[] } | { fault: AdmissionFault }
> {
  const digest = approverRegistrationDigest(credential);
  if ('fault' in (await verifyApproverSignature(credential, digest, proof, relyingParty)))
    return { fault: 'bad_proof' };
  const needed = endorsementsNeeded(registered);
  if (needed === 0) return { admittedAs: 'first', kept: [] };
  const live = new Map(
    registered
      .filter((c) => c.revokedAt === null && c.tenantId === credential.tenantId)
      .map((c) => [c.id, c]),
  );
  const kept: KeptEndorsement[] = [];
  const clients = new Set<string>();
  for (const endorsement of endorsements) {
    const endorser = live.get(endorsement.credentialId);
    if (!endorser || kept.some((k) => k.credentialId === endorser.id)) continue;
    const verified = await verifyApproverSignature(
      endorser,
      approverEndorsementDigest(credential, endorser.id),
      endorsement.signature,
      relyingParty,
    );
    if ('fault' in verified) continue;
    kept.push({
      credentialId: endorser.id,
      clientId: endorser.clientId,
      signature: endorsement.signature,
    });
    clients.add(endorser.clientId);
  }
  if (clients.size < needed) return { fault: 'endorsements_insufficient' };
  return { admittedAs: 'endorsed', kept };
}

/**
 * Whether a decision's approval was signed by enough approvers of the registry
 * (docs/decisions/signing-decisions.md). Where a holding policy asked for signatures
 * (`approval.signed`), the approval digest is recomputed from the claims — the approval, the
 * tenant, the activity, the operation its intent and owner mean, the policy version — and each
 * approve vote's signature is checked with the credential it names: in the registry, not
 * revoked, the voter's own, of the decision's tenant (or an admin's). At least `quorum` distinct
 * clients must verify. A passkey's vote is its WebAuthn assertion with that digest as challenge,
 * verified with the COSE key the registry holds, for this relying party, the person verified.
 * `credentials`: the registry's rows of the ids the votes name.
 */
export async function approvalSignaturesHold(
  claims: DecisionClaims,
  credentials: ReadonlyMap<string, Registered>,
  relyingParty: RelyingParty,
): Promise<{ ok: true; verified: string[] } | { ok: false; verified: string[] }> {
  const approval = claims.approval;
  const signed = approval?.signed;
  if (!approval || !signed) return { ok: true, verified: [] };
  const digest = approvalDigest({
    v: 1,
    approvalId: approval.id,
    tenantId: claims.tenantId,
    activity: claims.activity,
    operation: operationOfDecision(claims),
    decision: 'approve',
    policyVersion: signed.policyVersion,
  });
  const verified = new Set<string>();
  for (const vote of approval.decisions) {
    if (vote.decision !== 'approve' || !vote.signature) continue;
    const credential = credentials.get(vote.signature.credentialId);
    if (
      !credential ||
      credential.revokedAt !== null ||
      credential.clientId !== vote.clientId ||
      (credential.tenantId !== claims.tenantId && credential.tenantId !== PLATFORM_APPROVERS)
    )
      continue;
    const checked = await verifyApproverSignature(
      credential,
      digest,
      vote.signature.signature,
      relyingParty,
    );
    if ('ok' in checked) verified.add(vote.clientId);
  }
  const clients = [...verified];
  return { ok: signed.quorum >= 1 && clients.length >= signed.quorum, verified: clients };
}
