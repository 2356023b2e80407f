// Approvals as signatures, the part that runs in browsers as well as in Node (Web Crypto, no
// Node module): the canonical JSON the digests are taken of, approving with a passkey, and the
// challenge a passkey signs to sign in. A passkey signs a digest by answering a WebAuthn request
// whose challenge is the digest's 32 bytes; its assertion is sent as one signature string
// (`passkeySignature`).

/** What a registration digest says a key is for: the new credential's own `proof` signs it. */
export const APPROVER_KEY_PURPOSE = 'custody approver credential';

/**
 * What an endorsement digest says it is: an existing credential vouching for a new one. It differs
 * from the registration digest's purpose so that a credential's proof-style signature (a passkey
 * asked to "register" a key an attacker named) never reads as an endorsement.
 */
export const APPROVER_ENDORSEMENT_PURPOSE = 'custody approver endorsement';

/** What an approver signs to approve: an approval's `signing.statement`, as the API answers it. */
export interface ApprovalStatement {
  v: 1;
  approvalId: string;
  tenantId: string;
  activity: string;
  operation: Record<string, unknown>;
  decision: 'approve';
  policyVersion: string;
}

/** What a new approver credential's registration digest names. */
export interface ApproverRegistration {
  tenantId: string;
  clientId: string;
  /** `ed25519` when absent; `webauthn` for a passkey (its `publicKey` the COSE key). */
  kind?: 'ed25519' | 'webauthn';
  publicKey: string;
}

/** JSON with every object's keys sorted and no whitespace: one text per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string')
    return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonical JSON has finite numbers only');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`canonical JSON cannot hold a ${typeof value}`);
}

/** The canonical JSON an approval's digest is the SHA-256 of (checked to be a statement). */
export function approvalStatementJson(statement: ApprovalStatement): string {
  if (statement.v !== 1 || statement.decision !== 'approve')
    throw new Error('Not an approval statement (v 1, decision approve)');
  return canonicalJson(statement);
}

/** The canonical JSON a credential's registration digest is the SHA-256 of. */
export function approverRegistrationJson(registration: ApproverRegistration): string {
  return canonicalJson({
    v: 1,
    purpose: APPROVER_KEY_PURPOSE,
    tenantId: registration.tenantId,
    clientId: registration.clientId,
    kind: registration.kind ?? 'ed25519',
    publicKey: registration.publicKey,
  });
}

/**
 * The canonical JSON an endorsement digest is the SHA-256 of: the endorsed credential's
 * registration facts and the endorsing credential's id, under the endorsement purpose. Distinct
 * from every registration digest (its purpose), and from another endorser's (its id).
 */
export function approverEndorsementJson(
  registration: ApproverRegistration,
  endorserCredentialId: string,
): string {
  if (!endorserCredentialId) throw new Error("An endorsement names its endorser's credential id");
  return canonicalJson({
    v: 1,
    purpose: APPROVER_ENDORSEMENT_PURPOSE,
    tenantId: registration.tenantId,
    clientId: registration.clientId,
    kind: registration.kind ?? 'ed25519',
    publicKey: registration.publicKey,
    endorserCredentialId,
  });
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function sha256Challenge(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return base64url(new Uint8Array(digest));
}

/**
 * The WebAuthn challenge a passkey answers to approve (base64url of the approval digest's 32
 * bytes), computed from the statement's facts: read the operation before asking for it.
 */
export async function approvalChallenge(statement: ApprovalStatement): Promise<string> {
  return sha256Challenge(approvalStatementJson(statement));
}

/**
 * The WebAuthn challenge a passkey answers to register as an approver credential (its `proof`):
 * its registration digest's 32 bytes, base64url. Never an endorsement (`approverEndorsementChallenge`).
 */
export async function approverRegistrationChallenge(
  registration: ApproverRegistration,
): Promise<string> {
  return sha256Challenge(approverRegistrationJson(registration));
}

/**
 * The WebAuthn challenge a passkey (credential `endorserCredentialId`) answers to endorse another
 * credential: the endorsement digest's 32 bytes, base64url.
 */
export async function approverEndorsementChallenge(
  registration: ApproverRegistration,
  endorserCredentialId: string,
): Promise<string> {
  return sha256Challenge(approverEndorsementJson(registration, endorserCredentialId));
}

/**
 * A short fingerprint of a credential's public key to compare out of band (the first 16 hex
 * digits of its SHA-256, in groups of four): what an endorser checks it endorses.
 */
export async function approverKeyFingerprint(publicKey: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(publicKey),
  );
  const hex = [...new Uint8Array(digest).subarray(0, 8)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  return [0, 4, 8, 12].map((at) => hex.slice(at, at + 4)).join(' ');
}

/** What a sign-in challenge's bytes are prefixed with before they are hashed (`signInChallenge`). */
export const SIGN_IN_CHALLENGE_PREFIX = 'custody/sign-in/v1:';

function fromBase64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('A challenge in base64url (no padding)');
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

/**
 * The challenge a passkey signs to sign in, for the server's sign-in challenge (base64url): the
 * SHA-256 of `custody/sign-in/v1:` followed by the challenge's bytes, base64url. Every client
 * that answers a sign-in asks its authenticator to sign this, never the server's challenge as
 * given, and identity accepts only this answer.
 *
 * Why: a sign-in assertion and an approval's have the same type (`webauthn.get`), origin and
 * relying party, so an identity service (or gateway) that issued an approval digest as a sign-in
 * challenge would get, from an approver's ordinary sign-in, their approval. Here the signed
 * challenge is a SHA-256 whose input begins with `c`; an approval's (`approvalChallenge`), a
 * credential registration's (`approverRegistrationChallenge`) and an endorsement's
 * (`approverEndorsementChallenge`) are SHA-256s of canonical JSON, which begins with `{`. The inputs always differ, so whatever challenge the server picks, a
 * sign-in assertion never carries an approval's or a registration's challenge (short of a
 * SHA-256 collision).
 */
export async function signInChallenge(challenge: string): Promise<string> {
  const prefix = new TextEncoder().encode(SIGN_IN_CHALLENGE_PREFIX);
  const bytes = fromBase64url(challenge);
  const input = new Uint8Array(prefix.length + bytes.length);
  input.set(prefix);
  input.set(bytes, prefix.length);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', input);
  return base64url(new Uint8Array(digest));
}

/** A passkey's assertion, as `navigator.credentials.get` answers it serialized (`toJSON()`). */
export interface PasskeyAssertion {
  /** The WebAuthn credential id: which passkey answered. */
  id: string;
  response: { authenticatorData: string; clientDataJSON: string; signature: string };
}

/**
 * A passkey's assertion as the API takes an approver credential's signature: its
 * `authenticatorData`, `clientDataJSON` and `signature` (base64url), joined by dots.
 */
export function passkeySignature(assertion: PasskeyAssertion): string {
  const { authenticatorData, clientDataJSON, signature } = assertion.response;
  const parts = [authenticatorData, clientDataJSON, signature];
  if (!parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part)))
    throw new Error('An assertion of base64url parts (no padding)');
  return parts.join('.');
}
