import { createHash, createPublicKey, verify } from 'node:crypto';
import {
  type ApprovalStatement,
  type ApprovedLeg,
  type ApprovedOperation,
  type ApproverCredentialKind,
  type DecisionClaims,
  MAX_APPROVER_SIGNATURE_LENGTH,
  type SignIntent,
} from '@custody/contracts';
import { canonical, isDecimal } from '@custody/money';
import {
  approverEndorsementJson,
  approverRegistrationJson,
  canonicalJson,
} from '@custody/sdk/approval-statements';

/**
 * Approvals as signatures (docs/decisions/policies-and-approvals.md): the digests an approver
 * signs, computed one way by identity, the policy service, the signer and the SDK.
 * A digest is the SHA-256 of a canonical JSON: keys sorted, no whitespace, `undefined` left out.
 */

export {
  APPROVER_ENDORSEMENT_PURPOSE,
  APPROVER_KEY_PURPOSE,
} from '@custody/sdk/approval-statements';

/** The SDK's canonical JSON: approvers sign what it makes, so there is one definition. */
export { canonicalJson };

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What a credential's holder signs to register it (its `proof`, hex SHA-256): its tenant (or
 * `platform`), client, kind and public key. The canonical JSON is the SDK's (one definition).
 */
export function approverRegistrationDigest(registration: {
  tenantId: string;
  clientId: string;
  kind: ApproverCredentialKind;
  publicKey: string;
}): string {
  return sha256Hex(approverRegistrationJson(registration));
}

/**
 * What an existing credential (`endorserCredentialId`) signs to endorse a new one (hex SHA-256):
 * the new one's registration facts and the endorser's id under another purpose than the proof's.
 * A proof and an endorsement never share a digest, so a holder's signature over a registration
 * digest (say a passkey asked to "register" a key a compromised identity named) endorses nothing.
 */
export function approverEndorsementDigest(
  registration: {
    tenantId: string;
    clientId: string;
    kind: ApproverCredentialKind;
    publicKey: string;
  },
  endorserCredentialId: string,
): string {
  return sha256Hex(approverEndorsementJson(registration, endorserCredentialId));
}

/** What an approver signs to approve (hex SHA-256 of the statement's canonical JSON). */
export function approvalDigest(statement: ApprovalStatement): string {
  return sha256Hex(canonicalJson(statement));
}

/** The digest of an approval's requirements as they were when it was held (its policy version). */
export function policyVersionOf(requirements: readonly unknown[]): string {
  return sha256Hex(canonicalJson(requirements));
}

const HEX = /^0x[0-9a-fA-F]*$/;

/** A 0x-hex value lower-case (digests, EVM addresses); anything else as it is. */
function lowerHex(value: string): string {
  return HEX.test(value) ? value.toLowerCase() : value;
}

/** An amount as approvers sign it: canonical decimal (`1.50` → `1.5`), else as it is. */
function amountOf(value: string): string {
  return isDecimal(value) ? canonical(value) : value;
}

/** A leg as approvers sign it. */
export function approvedLeg(leg: {
  walletId: string;
  assetId: string;
  amount: string;
  destination?: string | null | undefined;
}): ApprovedLeg {
  return {
    walletId: leg.walletId,
    assetId: leg.assetId,
    amount: amountOf(leg.amount),
    destination: leg.destination ? lowerHex(leg.destination) : null,
  };
}

/** A signature's exact intent with its key's owner, its hex values lower-case. */
export function signatureOperation(owner: string, intent: SignIntent): ApprovedOperation {
  const lowered = Object.fromEntries(
    Object.entries(intent).map(([k, v]) => [k, typeof v === 'string' ? lowerHex(v) : v]),
  ) as SignIntent;
  return { kind: 'signature', owner, intent: lowered };
}

/**
 * The operation a decision lets the signer sign, as its approvers signed it: a withdrawal's
 * transaction (`evm-transfer`) as the movement its intent means (the owner's wallet, asset,
 * amount, recipient); any other intent exactly, with its owner. The signer recomputes the
 * approval digest from this: approvers' signatures of another operation do not verify.
 */
export function operationOfDecision(
  claims: Pick<DecisionClaims, 'owner' | 'intent'>,
): ApprovedOperation {
  const intent = claims.intent;
  if (intent.kind === 'evm-transfer')
    return {
      kind: 'movement',
      legs: [
        approvedLeg({
          walletId: claims.owner,
          assetId: intent.assetId,
          amount: intent.amount,
          destination: intent.recipient,
        }),
      ],
    };
  return signatureOperation(claims.owner, intent);
}

/** Why a signature was not taken. */
export type ApproverSignatureFault = 'unsupported_kind' | 'malformed' | 'bad_signature';

/**
 * The relying party a passkey's assertion must name (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS): the
 * hash of its id in the authenticator data, one of its origins in the client data.
 */
export interface RelyingParty {
  rpId: string;
  origins: readonly string[];
}

/**
 * Whether every origin is on the relying party's id or under it (the browser would refuse a
 * ceremony elsewhere anyway): checked at start where passkeys are verified.
 */
export function checkRelyingParty(relyingParty: RelyingParty): void {
  if (relyingParty.origins.length === 0) throw new Error('WEBAUTHN_ORIGINS: at least one origin');
  for (const origin of relyingParty.origins) {
    const host = new URL(origin).hostname;
    if (host !== relyingParty.rpId && !host.endsWith(`.${relyingParty.rpId}`))
      throw new Error(
        `WEBAUTHN_ORIGINS: ${origin} is not on WEBAUTHN_RP_ID ${relyingParty.rpId} (nor a subdomain)`,
      );
  }
}

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const DIGEST = /^[0-9a-f]{64}$/;

/** Whether `publicKey` (base64url) is a raw 32-byte Ed25519 public key. */
export function isEd25519PublicKey(publicKey: string): boolean {
  if (!/^[A-Za-z0-9_-]{43}$/.test(publicKey)) return false;
  try {
    createPublicKey({
      key: Buffer.concat([SPKI_ED25519, Buffer.from(publicKey, 'base64url')]),
      format: 'der',
      type: 'spki',
    });
    return true;
  } catch {
    return false;
  }
}

/** A passkey's assertion: the parts of `AuthenticatorAssertionResponse` a signature needs. */
export interface WebAuthnAssertionParts {
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
}

/**
 * A passkey's assertion as the one signature string an approver credential signs with (like a
 * JWS compact serialization): its `authenticatorData`, `clientDataJSON` and `signature`, each
 * base64url, joined by dots. An Ed25519 signature is one part, an assertion three.
 */
export function webauthnSignature(parts: WebAuthnAssertionParts): string {
  return `${parts.authenticatorData}.${parts.clientDataJSON}.${parts.signature}`;
}

/** The three parts of a passkey's signature string; undefined when it is not one. */
export function webauthnSignatureParts(signature: unknown): WebAuthnAssertionParts | undefined {
  if (typeof signature !== 'string' || signature.length > MAX_APPROVER_SIGNATURE_LENGTH)
    return undefined;
  const parts = signature.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return undefined;
  const [authenticatorData, clientDataJSON, assertion] = parts as [string, string, string];
  return { authenticatorData, clientDataJSON, signature: assertion };
}

/** The WebAuthn challenge a passkey signs for a digest: the digest's 32 bytes, base64url. */
export function challengeOfDigest(digest: string): string {
  return Buffer.from(digest, 'hex').toString('base64url');
}

function verifyEd25519(
  publicKey: string,
  digest: string,
  signature: unknown,
): { ok: true } | { fault: ApproverSignatureFault } {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{86}$/.test(signature))
    return { fault: 'malformed' };
  if (!isEd25519PublicKey(publicKey)) return { fault: 'malformed' };
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519, Buffer.from(publicKey, 'base64url')]),
    format: 'der',
    type: 'spki',
  });
  const ok = verify(null, Buffer.from(digest, 'hex'), key, Buffer.from(signature, 'base64url'));
  return ok ? { ok: true } : { fault: 'bad_signature' };
}

/**
 * A passkey's assertion over the digest (its challenge), verified by @simplewebauthn/server with
 * the credential's COSE public key: the relying party's id hash and one of its origins, the
 * person verified on the device (UV), a signature of the authenticator data and client data.
 * The signature counter is not checked: the same assertion is verified again later (by the
 * signer), and a replay is refused by what the challenge binds (docs/decisions/policies-and-approvals.md).
 */
async function verifyWebAuthn(
  publicKey: string,
  digest: string,
  signature: unknown,
  relyingParty: RelyingParty,
): Promise<{ ok: true } | { fault: ApproverSignatureFault }> {
  const parts = webauthnSignatureParts(signature);
  if (!parts || !BASE64URL.test(publicKey) || publicKey.length > MAX_APPROVER_SIGNATURE_LENGTH)
    return { fault: 'malformed' };
  // The credential is known by its public key: its WebAuthn id plays no part in the check.
  const id = 'approver-credential';
  try {
    // Loaded on first use: at the top it costs each service bundling it about half a second of
    // CPU at every start (its ASN.1 schemas), and most starts verify no passkey.
    const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
    const { verified } = await verifyAuthenticationResponse({
      response: {
        id,
        rawId: id,
        type: 'public-key',
        response: parts,
        clientExtensionResults: {},
      },
      expectedChallenge: challengeOfDigest(digest),
      expectedOrigin: [...relyingParty.origins],
      expectedRPID: relyingParty.rpId,
      expectedType: 'webauthn.get',
      credential: {
        id,
        publicKey: new Uint8Array(Buffer.from(publicKey, 'base64url')),
        counter: 0,
      },
      requireUserVerification: true,
    });
    return verified ? { ok: true } : { fault: 'bad_signature' };
  } catch {
    // Another challenge, origin or relying party, no user verification, unreadable parts.
    return { fault: 'bad_signature' };
  }
}

/**
 * Whether `signature` is the credential's signature of `digest` (hex), dispatched on the
 * credential's kind: Ed25519 signs the digest's 32 bytes (base64url); a passkey (`webauthn`)
 * answers a WebAuthn assertion whose challenge is the digest (`webauthnSignature`), for this
 * relying party, the person verified. Any other kind: `unsupported_kind`.
 */
export async function verifyApproverSignature(
  credential: { kind: string; publicKey: string },
  digest: string,
  signature: unknown,
  relyingParty: RelyingParty,
): Promise<{ ok: true } | { fault: ApproverSignatureFault }> {
  if (!DIGEST.test(digest)) return { fault: 'malformed' };
  if (credential.kind === 'ed25519') return verifyEd25519(credential.publicKey, digest, signature);
  if (credential.kind === 'webauthn')
    return verifyWebAuthn(credential.publicKey, digest, signature, relyingParty);
  return { fault: 'unsupported_kind' };
}
