import {
  type ApproverCredential,
  type ApproverKeyView,
  type AuthContext,
  PLATFORM_APPROVERS,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  approverRegistrationDigest,
  isEd25519PublicKey,
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

/** A new key's checks: a kind verified yet, a raw Ed25519 key, its proof of possession. */
export function checkRegistration(
  registration: Omit<ApproverCredential, 'id'>,
  proof: string,
): void {
  if (registration.kind !== 'ed25519')
    throw Errors.badRequest(
      'Only Ed25519 approver keys are verified yet; passkeys come later.',
      'approver_kind_unsupported',
    );
  if (!isEd25519PublicKey(registration.publicKey))
    throw Errors.badRequest(
      'publicKey is not a raw 32-byte Ed25519 public key (base64url).',
      'approver_key_invalid',
    );
  const digest = approverRegistrationDigest(registration);
  if ('fault' in verifyApproverSignature(registration, digest, proof))
    throw Errors.forbidden(
      "proof is not the key's signature of its registration digest.",
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
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
