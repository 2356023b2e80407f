/**
 * Approvals as signatures (docs/decisions/policies-and-approvals.md): an approver signs a
 * canonical digest of what it approves with a credential it registered; the policy service and
 * the signer each verify it, the signer against its own registry.
 */

/**
 * How an approver signs: an Ed25519 key (servers, the CLI, bots) or a passkey (people,
 * WebAuthn). Only `ed25519` is verified yet: a `webauthn` credential is refused wherever it is
 * offered (`approver_kind_unsupported`).
 */
export const APPROVER_CREDENTIAL_KINDS = ['ed25519', 'webauthn'] as const;
export type ApproverCredentialKind = (typeof APPROVER_CREDENTIAL_KINDS)[number];

/**
 * A credential's life in identity: `pending` until the signer's registry holds it (its first
 * at once, any other once endorsed), `active` then, `revoked` for good.
 */
export type ApproverCredentialStatus = 'pending' | 'active' | 'revoked';

/**
 * Whose credentials endorse one another and count together: a tenant's (its id), or the admins'
 * (`platform`), who decide the platform policies' approvals of every tenant.
 */
export const PLATFORM_APPROVERS = 'platform';

/** A credential's public part: what verifies its signatures. */
export interface ApproverCredential {
  id: string;
  kind: ApproverCredentialKind;
  /** Ed25519: the raw 32-byte public key, base64url. */
  publicKey: string;
  clientId: string;
  /** The tenant whose approvals it signs, or `platform` (an admin's). */
  tenantId: string;
}

/** What the API answers of a credential. */
export interface ApproverKeyView {
  id: string;
  /** The client that holds it. */
  clientId: string;
  kind: ApproverCredentialKind;
  publicKey: string;
  status: ApproverCredentialStatus;
  /** The tenant whose approvals it signs, or `platform` (an admin's). */
  tenantId: string;
  /** Distinct other clients' credentials that endorsed it so far. */
  endorsements: number;
  createdAt: string;
  activatedAt: string | null;
  revokedAt: string | null;
}

/** A new credential: its public key, and its own signature of its registration digest. */
export interface ApproverKeyInput {
  kind?: ApproverCredentialKind;
  publicKey: string;
  /** The key's signature (base64url) of `approverRegistrationDigest`: it holds the private key. */
  proof: string;
}

/** An existing credential's signature of another one's registration digest. */
export interface EndorsementInput {
  /** The endorser's own active credential. */
  credentialId: string;
  signature: string;
}
