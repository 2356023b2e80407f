/**
 * Approvals as signatures (docs/decisions/policies-and-approvals.md): an approver signs a
 * canonical digest of what it approves with a credential it registered; the policy service and
 * the signer each verify it, the signer against its own registry.
 */

/**
 * How an approver signs: an Ed25519 key (servers, the CLI, bots) or a registered passkey (people,
 * WebAuthn). Wherever a credential signs (its registration proof, an endorsement, an approval), an
 * Ed25519 signature is its 64 bytes (base64url) of the digest, and a passkey's is a WebAuthn
 * assertion whose challenge is the digest's 32 bytes: its `authenticatorData`, `clientDataJSON`
 * and `signature`, each base64url, joined by dots (libs/intents `webauthnSignature`).
 */
export const APPROVER_CREDENTIAL_KINDS = ['ed25519', 'webauthn'] as const;

/** The longest signature string taken: a passkey's assertion with a generous client data. */
export const MAX_APPROVER_SIGNATURE_LENGTH = 2048;
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
  /** Ed25519: the raw 32-byte public key; a passkey: its COSE public key. Base64url. */
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
  /**
   * A passkey's: the passkey (`/v1/clients/me/passkeys`) and its WebAuthn credential id (what
   * `allowCredentials` names when it signs). Null for an Ed25519 key.
   */
  passkey: { id: string; credentialId: string } | null;
  createdAt: string;
  activatedAt: string | null;
  revokedAt: string | null;
}

/**
 * A new credential: an Ed25519 public key, or one of the caller's passkeys; and its own signature
 * of its registration digest.
 */
export interface ApproverKeyInput {
  /** `ed25519` when absent. */
  kind?: ApproverCredentialKind;
  /** Ed25519: the raw public key (base64url). */
  publicKey?: string;
  /** `webauthn`: the caller's passkey (its id in `/v1/clients/me/passkeys`), whose key it takes. */
  passkeyId?: string;
  /** The credential's signature of `approverRegistrationDigest`: it holds the private key. */
  proof: string;
}

/** An existing credential's signature of another one's registration digest. */
export interface EndorsementInput {
  /** The endorser's own active credential. */
  credentialId: string;
  signature: string;
}
