import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  KeyObject,
  sign,
} from 'node:crypto';
import {
  type ApprovalStatement,
  approvalStatementJson,
  type ApproverRegistration,
  approverEndorsementJson,
  approverRegistrationJson,
} from './approval-statements.js';

// Approvals as signatures: where a policy says `approvers.signed`, an approve counts only as the
// approver's signature of the approval's statement (`GET /v1/approvals/{id}` answers it
// as `signing.statement`). The digests here are the services' own (libs/intents approvals.ts,
// checked against the same known answers): SHA-256 of a canonical JSON, keys sorted, no
// whitespace. Node only (node:crypto); the statements' canonical JSON and approving with a
// passkey are in approval-statements.ts (portable).

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The digest (hex) an approver key signs to approve: of the statement's canonical JSON. */
export function approvalDigest(statement: ApprovalStatement): string {
  return sha256Hex(approvalStatementJson(statement));
}

/**
 * The digest (hex) a new credential signs to register (its `proof`); a passkey's registration
 * names its COSE public key (`GET /v1/clients/me/passkeys`). Endorsers sign another digest
 * (`approverEndorsementDigest`).
 */
export function approverRegistrationDigest(registration: ApproverRegistration): string {
  return sha256Hex(approverRegistrationJson(registration));
}

/**
 * The digest (hex) an existing credential (`endorserCredentialId`) signs to endorse a pending one
 * (`POST /v1/approver-keys/{key}/endorsements`): never the registration digest, so a proof is
 * never an endorsement.
 */
export function approverEndorsementDigest(
  registration: ApproverRegistration,
  endorserCredentialId: string,
): string {
  return sha256Hex(approverEndorsementJson(registration, endorserCredentialId));
}

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * An Ed25519 private key from what a key file holds: PKCS#8 PEM, or the raw 32-byte seed (as
 * bytes, or as base64url, base64 or hex text).
 */
export function approverPrivateKey(key: KeyObject | string | Uint8Array): KeyObject {
  if (key instanceof KeyObject) {
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('Not an Ed25519 private key');
    return key;
  }
  const text = typeof key === 'string' ? key : Buffer.from(key).toString('utf8');
  if (text.includes('-----BEGIN')) {
    const parsed = createPrivateKey({ key: text, format: 'pem' });
    if (parsed.asymmetricKeyType !== 'ed25519') throw new Error('Not an Ed25519 private key');
    return parsed;
  }
  const trimmed = text.trim();
  const seed =
    typeof key !== 'string' && key.length === 32
      ? Buffer.from(key)
      : /^[0-9a-fA-F]{64}$/.test(trimmed)
        ? Buffer.from(trimmed, 'hex')
        : Buffer.from(trimmed, 'base64url');
  if (seed.length !== 32)
    throw new Error('An Ed25519 key file holds PKCS#8 PEM or a raw 32-byte seed');
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The raw 32-byte public key (base64url) of a private key, as the API registers it. */
export function approverPublicKey(key: KeyObject | string | Uint8Array): string {
  const der = createPublicKey(approverPrivateKey(key)).export({ format: 'der', type: 'spki' });
  return Buffer.from(der.subarray(der.length - 32)).toString('base64url');
}

/** A new approver key: its PKCS#8 PEM (keep it secret) and its public key to register. */
export function newApproverKey(): { privateKeyPem: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: approverPublicKey(privateKey),
  };
}

/** The key's signature (base64url) of a hex digest (of an approval, or a registration). */
export function signDigest(digest: string, key: KeyObject | string | Uint8Array): string {
  if (!/^[0-9a-f]{64}$/.test(digest)) throw new Error('A digest is 64 lower-case hex digits');
  return sign(null, Buffer.from(digest, 'hex'), approverPrivateKey(key)).toString('base64url');
}

/** The signature (base64url) of an approval's statement: the body's `signature.signature`. */
export function signApproval(
  statement: ApprovalStatement,
  key: KeyObject | string | Uint8Array,
): string {
  return signDigest(approvalDigest(statement), key);
}

/**
 * What `POST /v1/clients/me/approver-keys` takes for a key: its public key and its proof (its
 * signature of its registration digest, for the caller's tenant — `platform` for an admin — and
 * client id).
 */
export function approverKeyRegistration(
  key: KeyObject | string | Uint8Array,
  owner: { tenantId: string; clientId: string },
): { publicKey: string; proof: string } {
  const publicKey = approverPublicKey(key);
  return {
    publicKey,
    proof: signDigest(approverRegistrationDigest({ ...owner, publicKey }), key),
  };
}

/**
 * Whose approvals a token's client signs, read from its access token (not verified: the API
 * checks the proof against the token it verifies): its client id, and its tenant — `platform`
 * for an admin token.
 */
export function approverOf(accessToken: string): { tenantId: string; clientId: string } {
  const payload = accessToken.split('.')[1];
  const claims = payload
    ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>)
    : {};
  const { sub, ten, aud_c: audience } = claims;
  if (typeof sub !== 'string' || typeof ten !== 'string')
    throw new Error('Not an access token of the custody API');
  return { clientId: sub, tenantId: audience === 'admin' ? 'platform' : ten };
}
