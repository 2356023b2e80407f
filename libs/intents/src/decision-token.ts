import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { CompactSign, compactVerify, decodeProtectedHeader } from 'jose';
import type { DecisionClaims, SignedDecision } from '@custody/contracts';

/**
 * Policy decisions as compact JWS (EdDSA over Ed25519; docs/decisions/signing-decisions.md).
 * The policy service signs with one key, named by its `kid`; the signer trusts the public keys
 * it lists, so a key is rotated by listing the new one beside the old before policy uses it.
 */

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** The development key's id and seed: known to everyone, refused in production. */
export const DEV_DECISION_KID = 'dev';
export function devDecisionSeed(): Buffer {
  return createHash('sha256').update('custody-dev-policy-decision').digest();
}

export function decisionPrivateKey(seed: Buffer): KeyObject {
  if (seed.length !== 32) throw new Error('An Ed25519 seed has 32 bytes');
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The raw public key (base64url) of a seed, as the signer lists it. */
export function decisionPublicKeyOf(seed: Buffer): string {
  const der = createPublicKey(decisionPrivateKey(seed)).export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_ED25519.length).toString('base64url');
}

export function decisionPublicKey(raw: string): KeyObject {
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.length !== 32) throw new Error('An Ed25519 public key has 32 bytes');
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519, bytes]),
    format: 'der',
    type: 'spki',
  });
}

/** `kid=publicKey,…` as a map of key ids to keys. */
export function parseDecisionKeys(spec: string): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const pair of spec
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error('Decision keys are kid=base64url-key,…');
    keys.set(pair.slice(0, at), decisionPublicKey(pair.slice(at + 1)));
  }
  return keys;
}

export async function signDecision(
  claims: DecisionClaims,
  key: { kid: string; privateKey: KeyObject },
): Promise<SignedDecision> {
  return new CompactSign(Buffer.from(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .sign(key.privateKey);
}

/** Why a decision token was not taken. */
export type DecisionTokenFault = 'malformed' | 'unknown_key' | 'bad_signature';

/**
 * The claims of a decision signed by one of `keys`, or why not. The claims' shape is the
 * caller's to check (the signer's rules): only the signature is checked here.
 */
export async function openDecision(
  token: unknown,
  keys: ReadonlyMap<string, KeyObject>,
): Promise<{ claims: unknown } | { fault: DecisionTokenFault }> {
  if (typeof token !== 'string' || token.length > 16_384) return { fault: 'malformed' };
  let kid: unknown;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'EdDSA') return { fault: 'malformed' };
    kid = header.kid;
  } catch {
    return { fault: 'malformed' };
  }
  const key = typeof kid === 'string' ? keys.get(kid) : undefined;
  if (!key) return { fault: 'unknown_key' };
  try {
    const { payload } = await compactVerify(token, key, { algorithms: ['EdDSA'] });
    return { claims: JSON.parse(Buffer.from(payload).toString('utf8')) as unknown };
  } catch {
    return { fault: 'bad_signature' };
  }
}

/** A decision key's problem in a production config (libs/config reports it at start). */
export interface DecisionKeyProblem {
  variable: string;
  message: string;
}

/**
 * The policy service's signing key (`POLICY_DECISION_KEY`, `kid:seed`), or the development key.
 * In production the development key (or none) is a problem.
 */
export function decisionSignerKey(config: {
  NODE_ENV?: string;
  POLICY_DECISION_KEY?: string | undefined;
}): { key: { kid: string; privateKey: KeyObject }; problems: DecisionKeyProblem[] } {
  const [kid, seed] = config.POLICY_DECISION_KEY
    ? [
        config.POLICY_DECISION_KEY.slice(0, config.POLICY_DECISION_KEY.indexOf(':')),
        Buffer.from(
          config.POLICY_DECISION_KEY.slice(config.POLICY_DECISION_KEY.indexOf(':') + 1),
          'base64url',
        ),
      ]
    : [DEV_DECISION_KID, devDecisionSeed()];
  const problems =
    config.NODE_ENV === 'production' && seed.equals(devDecisionSeed())
      ? [
          {
            variable: 'POLICY_DECISION_KEY',
            message: 'Development default is not allowed in production',
          },
        ]
      : [];
  return { key: { kid, privateKey: decisionPrivateKey(seed) }, problems };
}

/**
 * The decision keys the signer trusts (`POLICY_DECISION_PUBLIC_KEYS`), or the development key.
 * In production the development key, listed or by default, is a problem.
 */
export function decisionVerifierKeys(config: {
  NODE_ENV?: string;
  POLICY_DECISION_PUBLIC_KEYS?: string | undefined;
}): { keys: Map<string, KeyObject>; problems: DecisionKeyProblem[] } {
  const dev = decisionPublicKeyOf(devDecisionSeed());
  const spec = config.POLICY_DECISION_PUBLIC_KEYS ?? `${DEV_DECISION_KID}=${dev}`;
  const listsDev = spec
    .split(',')
    .some((pair) =>
      Buffer.from(pair.slice(pair.indexOf('=') + 1), 'base64url').equals(
        Buffer.from(dev, 'base64url'),
      ),
    );
  const problems =
    config.NODE_ENV === 'production' && listsDev
      ? [
          {
            variable: 'POLICY_DECISION_PUBLIC_KEYS',
            message: 'The development key is not allowed in production',
          },
        ]
      : [];
  return { keys: parseDecisionKeys(spec), problems };
}
