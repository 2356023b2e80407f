import {
  type ApproverCredential,
  type ApproverKeyInput,
  type ApproverKeyView,
  type AuthContext,
  PLATFORM_APPROVERS,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  approverRegistrationDigest,
  isEd25519PublicKey,
  type RelyingParty,
  verifyApproverSignature,
} from '@custody/intents';
import { isAdmin, isAuditor } from '@custody/tenancy';
import type { ApproverCredentialRow } from './approver-keys.repository';

/**
 * Whose approvals a client's credentials sign: its tenant's, or for an admin the platform's
 * (admins decide the platform policies' approvals of every tenant).
 */
export function approverTenantOf(caller: AuthContext): string {
  return isAdmin(caller) ? PLATFORM_APPROVERS : caller.tenantId;
}

/** Approvers are the tenants' clients and the admins: never an auditor or an issuer. */
export function checkApprover(caller: AuthContext): void {
  if (isAuditor(caller) || caller.audience === 'issuer')
    throw Errors.forbidden('Only approvers hold approver keys.', 'approver_forbidden');
}

const keyInvalid = (why: string) => Errors.badRequest(why, 'approver_key_invalid');

/**
 * What a registration names, by kind: an Ed25519 key its `publicKey` (and no passkey), a passkey
 * its `passkeyId` (its key is the passkey's own, so no `publicKey`).
 */
export function registrationSource(
  input: ApproverKeyInput,
): { kind: 'ed25519'; publicKey: string } | { kind: 'webauthn'; passkeyId: string } {
  if ((input.kind ?? 'ed25519') === 'ed25519') {
    if (input.publicKey === undefined || input.passkeyId !== undefined)
      throw keyInvalid('An Ed25519 approver key names its publicKey (and no passkeyId).');
    if (!isEd25519PublicKey(input.publicKey))
      throw keyInvalid('publicKey is not a raw 32-byte Ed25519 public key (base64url).');
    return { kind: 'ed25519', publicKey: input.publicKey };
  }
  if (input.passkeyId === undefined || input.publicKey !== undefined)
    throw keyInvalid("A passkey's approver credential names its passkeyId (and no publicKey).");
  return { kind: 'webauthn', passkeyId: input.passkeyId };
}

/**
 * A new credential's proof of possession: its signature of its registration digest (a passkey's
 * assertion with the digest as challenge, for this relying party, the person verified).
 */
export async function checkRegistration(
  registration: Omit<ApproverCredential, 'id'>,
  proof: string,
  relyingParty: RelyingParty,
): Promise<void> {
  const digest = approverRegistrationDigest(registration);
  if ('fault' in (await verifyApproverSignature(registration, digest, proof, relyingParty)))
    throw Errors.forbidden(
      "proof is not the credential's signature of its registration digest.",
      'approver_proof_invalid',
    );
}

/** A credential's public part, as the signer and the policy service take it. */
export function credentialOf(row: ApproverCredentialRow): ApproverCredential {
  return {
    id: row.id,
    kind: row.kind,
    publicKey: row.publicKey,
    clientId: row.clientId,
    tenantId: row.tenantId,
  };
}

export function approverKeyView(row: ApproverCredentialRow, endorsements: number): ApproverKeyView {
  return {
    id: row.id,
    clientId: row.clientId,
    kind: row.kind,
    publicKey: row.publicKey,
    status: row.status,
    tenantId: row.tenantId,
    endorsements,
    passkey:
      row.passkeyId !== null && row.passkeyCredentialId !== null
        ? { id: row.passkeyId, credentialId: row.passkeyCredentialId }
        : null,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
