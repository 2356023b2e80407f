import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  hkdfSync,
  sign,
  timingSafeEqual,
  verify,
  type KeyObject,
} from 'node:crypto';
import { ConfigError } from '@custody/config';
import { APPS, type AuthAttestation, type AuthContext, type RpcProof } from '@custody/contracts';

/**
 * Proofs of RPC requests (docs/decisions.md, "RPC"). Each app holds one Ed25519 key
 * (`RPC_PROOF_KEY`) and knows every app's public key (`RPC_PROOF_PUBLIC_KEYS`). Two proofs
 * travel with a request:
 * - the sender's: an HMAC over the method, a hash of the params, the request id, an expiry and
 *   the auth context, with a key only the sender and the receiver can work out (X25519 between
 *   their key pairs, one key per direction). A process with a broker login but not the sender's
 *   key cannot make one, and a proof cannot be moved to other params, another method, another
 *   auth context, another receiver or a later time. An HMAC costs microseconds where an Ed25519
 *   signature and its check cost about 0.1 ms of CPU per request (docs/performance.md).
 * - with an auth context, the gateway's Ed25519 attestation of it (`AuthAttestation`), which
 *   every service can check and none can make: a service passes on only auth contexts the gateway
 *   authenticated. The gateway signs one per auth context per minute and each receiver checks a
 *   signature once, so the Ed25519 cost is per token holder, not per request.
 */

/** How far a proof's expiry may be behind this machine's clock (the hosts' clock skew). */
export const PROOF_CLOCK_SKEW_MS = 5_000;

/** The app whose attestations vouch for auth contexts: it authenticates the tokens. */
export const AUTH_AUTHORITY = 'gateway';

/** How long an attestation is valid, and how long before its end the gateway makes a new one. */
export const ATTESTATION_TTL_MS = 120_000;
export const ATTESTATION_RENEW_MS = 60_000;

/** Attestations remembered (signed by the gateway, checked by a receiver) at most. */
const ATTESTATION_CACHE = 10_000;

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_X25519 = Buffer.from('302a300506032b656e032100', 'hex');

/** The seed of an app's development key: known to everyone, refused in production. */
export function devProofSeed(app: string): Buffer {
  return createHash('sha256').update(`custody-dev-rpc-proof:${app}`).digest();
}

export function proofPrivateKey(seed: Buffer): KeyObject {
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The raw public key (base64url) of a seed, as RPC_PROOF_PUBLIC_KEYS lists it. */
export function proofPublicKeyOf(seed: Buffer): string {
  const der = createPublicKey(proofPrivateKey(seed)).export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_ED25519.length).toString('base64url');
}

/** Every app's development public key. */
export function devProofPublicKeys(): Record<string, string> {
  return Object.fromEntries(APPS.map((name) => [name, proofPublicKeyOf(devProofSeed(name))]));
}

function publicKey(raw: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519, Buffer.from(raw, 'base64url')]),
    format: 'der',
    type: 'spki',
  });
}

/**
 * The X25519 private key of an Ed25519 seed: the scalar Ed25519 derives from it (RFC 8032
 * 5.1.5; X25519 clamps it as Ed25519 does), as libsodium's crypto_sign_ed25519_sk_to_curve25519.
 */
export function x25519PrivateKey(seed: Buffer): KeyObject {
  const scalar = createHash('sha512').update(seed).digest().subarray(0, 32);
  return createPrivateKey({
    key: Buffer.concat([PKCS8_X25519, scalar]),
    format: 'der',
    type: 'pkcs8',
  });
}

const P = 2n ** 255n - 19n;

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base % P;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
  }
  return result;
}

/**
 * The X25519 public key of an Ed25519 public key: the Montgomery u of its Edwards point,
 * u = (1 + y) / (1 - y) mod p (RFC 7748 section 4.1), as libsodium's
 * crypto_sign_ed25519_pk_to_curve25519. The same point as `x25519PrivateKey` of its seed gives.
 */
export function x25519PublicKeyOf(ed25519: string): KeyObject {
  const bytes = Buffer.from(ed25519, 'base64url');
  if (bytes.length !== 32) throw new Error('An Ed25519 public key has 32 bytes');
  const little = Buffer.from(bytes);
  little[31] = (little[31] ?? 0) & 0x7f;
  const y = BigInt(`0x${Buffer.from(little).reverse().toString('hex')}`);
  const u = (((1n + y) % P) * modPow((P + 1n - y) % P, P - 2n)) % P;
  const raw = Buffer.from(u.toString(16).padStart(64, '0'), 'hex').reverse();
  return createPublicKey({
    key: Buffer.concat([SPKI_X25519, raw]),
    format: 'der',
    type: 'spki',
  });
}

/**
 * An app's key pair and its peers' public keys: the HMAC key of each direction (sender to
 * receiver), worked out once per peer.
 */
class PairKeys {
  private readonly agreement: KeyObject;
  private readonly peers: Map<string, string>;
  private readonly macKeys = new Map<string, Buffer | null>();

  constructor(
    readonly app: string,
    seed: Buffer,
    publicKeys: Record<string, string>,
  ) {
    this.agreement = x25519PrivateKey(seed);
    this.peers = new Map(Object.entries(publicKeys));
  }

  /** The key of messages from `from` to `to` (one of them this app); null for an unknown peer. */
  macKey(from: string, to: string): Buffer | null {
    const id = `${from}>${to}`;
    const known = this.macKeys.get(id);
    if (known !== undefined) return known;
    const peer = this.peers.get(from === this.app ? to : from);
    // Unknown peers are not remembered: any broker login can name as many as it likes.
    if (peer === undefined) return null;
    let key: Buffer | null = null;
    try {
      const shared = diffieHellman({
        privateKey: this.agreement,
        publicKey: x25519PublicKeyOf(peer),
      });
      key = Buffer.from(hkdfSync('sha256', shared, 'custody-rpc-mac:v2', id, 32));
    } catch {
      // A malformed public key in the configuration: no proof to or from that app is valid.
      key = null;
    }
    // At most one entry per configured peer and direction.
    this.macKeys.set(id, key);
    return key;
  }
}

/**
 * What a proof's `ph` covers: the params and whether and how the request may run again (its
 * `idempotent` flag and Idempotency-Key), so a captured request cannot be sent again as a
 * retry under a fresh key.
 */
export function requestHash(request: {
  params: unknown;
  idempotent: boolean;
  idempotencyKey?: { key: string; requestHash: string } | undefined;
}): string {
  return createHash('sha256')
    .update(
      JSON.stringify([request.params ?? null, request.idempotent, request.idempotencyKey ?? null]),
    )
    .digest('base64url');
}

/** The auth context as proofs and attestations cover it. */
function authText(auth: AuthContext | undefined): string {
  return auth === undefined ? '' : JSON.stringify(auth);
}

/** What the HMAC covers: every field of the proof but the MAC, its receiver and the auth context. */
function macOf(key: Buffer, proof: Omit<RpcProof, 'mac'>, to: string, auth: string): Buffer {
  return createHmac('sha256', key)
    .update(
      `custody-rpc-proof:v2\n${proof.iss}\n${to}\n${proof.m}\n${proof.rid}\n${proof.exp}\n${proof.ph}\n${auth}`,
    )
    .digest();
}

function attestedText(iss: string, exp: number, auth: string): Buffer {
  return Buffer.from(`custody-auth-attestation:v1\n${iss}\n${exp}\n${auth}`);
}

/** Removes the oldest entries of a map used as a bounded cache. */
function bound<K, V>(cache: Map<K, V>, size: number): void {
  for (const key of cache.keys()) {
    if (cache.size <= size) return;
    cache.delete(key);
  }
}

/** Proves the requests an app sends; the gateway's also attests auth contexts. */
export class RpcProofSigner {
  private readonly keys: PairKeys;
  private readonly signingKey: KeyObject;
  /** Attestations made, by auth context, while they have long enough to run. */
  private readonly attestations = new Map<string, AuthAttestation>();

  constructor(
    readonly app: string,
    seed: Buffer,
    publicKeys: Record<string, string> = devProofPublicKeys(),
  ) {
    this.keys = new PairKeys(app, seed, publicKeys);
    this.signingKey = proofPrivateKey(seed);
  }

  /** This app's proof of a request to `to`. */
  sign(call: {
    to: string;
    method: string;
    params: unknown;
    idempotent: boolean;
    idempotencyKey?: { key: string; requestHash: string } | undefined;
    requestId: string;
    expiresAt: number;
    auth: AuthContext | undefined;
  }): RpcProof {
    const unsigned = {
      iss: this.app,
      m: call.method,
      rid: call.requestId,
      exp: call.expiresAt,
      ph: requestHash(call),
    };
    const key = this.keys.macKey(this.app, call.to);
    // Without the receiver's public key no proof can be made: the receiver refuses this one.
    const mac = key ? macOf(key, unsigned, call.to, authText(call.auth)).toString('base64url') : '';
    return {
      iss: unsigned.iss,
      m: unsigned.m,
      rid: unsigned.rid,
      exp: unsigned.exp,
      ph: unsigned.ph,
      mac,
    };
  }

  /**
   * This app's attestation of an auth context it authenticated: made once and reused until it
   * has less than `ATTESTATION_RENEW_MS` to run. Only the gateway's vouch for anything.
   */
  attest(auth: AuthContext, now = Date.now()): AuthAttestation {
    const text = authText(auth);
    const made = this.attestations.get(text);
    if (made && made.exp - now >= ATTESTATION_RENEW_MS) return made;
    const exp = now + ATTESTATION_TTL_MS;
    const attestation = {
      iss: this.app,
      exp,
      sig: sign(null, attestedText(this.app, exp, text), this.signingKey).toString('base64url'),
    };
    this.attestations.delete(text);
    this.attestations.set(text, attestation);
    bound(this.attestations, ATTESTATION_CACHE);
    return attestation;
  }
}

/** Why a proof or an attestation was refused (the audit log's `reason`). */
export type ProofFault =
  | 'missing'
  | 'malformed'
  | 'unknown_signer'
  | 'bad_signature'
  | 'expired'
  | 'other_caller'
  | 'other_request';

/** Checks the proofs of the requests an app receives, and the attestations they carry. */
export class RpcProofVerifier {
  private readonly keys: PairKeys;
  private readonly publicKeys: Map<string, KeyObject>;
  /** Attestations whose signature checked, by signature: each is verified once. */
  private readonly attested = new Map<string, { iss: string; exp: number; auth: string }>();

  constructor(
    readonly app: string,
    seed: Buffer,
    publicKeys: Record<string, string> = devProofPublicKeys(),
  ) {
    this.keys = new PairKeys(app, seed, publicKeys);
    this.publicKeys = new Map();
    for (const [name, raw] of Object.entries(publicKeys)) {
      try {
        this.publicKeys.set(name, publicKey(raw));
      } catch {
        // A malformed key: that app's attestations never verify.
      }
    }
  }

  /** The proof, when its sender made it for this app over `auth`; else its fault. */
  check(
    proof: unknown,
    auth: AuthContext | undefined,
    now = Date.now(),
  ): { proof: RpcProof } | { fault: ProofFault } {
    if (proof === undefined) return { fault: 'missing' };
    if (!isProof(proof)) return { fault: 'malformed' };
    const key = this.keys.macKey(proof.iss, this.app);
    if (!key) return { fault: 'unknown_signer' };
    const { mac, ...unsigned } = proof;
    const given = Buffer.from(mac, 'base64url');
    const expected = macOf(key, unsigned, this.app, authText(auth));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { fault: 'bad_signature' };
    if (proof.exp + PROOF_CLOCK_SKEW_MS < now) return { fault: 'expired' };
    return { proof };
  }

  /** The attestation, when `authority` signed it for `auth` and it runs still; else its fault. */
  checkAttestation(
    attestation: unknown,
    auth: AuthContext,
    authority: string,
    now = Date.now(),
  ): { attestation: AuthAttestation } | { fault: ProofFault } {
    if (attestation === undefined) return { fault: 'missing' };
    if (!isAttestation(attestation)) return { fault: 'malformed' };
    if (attestation.iss !== authority) return { fault: 'unknown_signer' };
    // One spelling per signature (base64url decodes leniently: aliases would each fill the
    // cache), and no expiry further than the gateway gives.
    if (
      Buffer.from(attestation.sig, 'base64url').toString('base64url') !== attestation.sig ||
      attestation.exp > now + ATTESTATION_TTL_MS + PROOF_CLOCK_SKEW_MS
    )
      return { fault: 'malformed' };
    const text = authText(auth);
    const known = this.attested.get(attestation.sig);
    if (known) {
      if (known.iss !== attestation.iss || known.exp !== attestation.exp || known.auth !== text)
        return { fault: 'bad_signature' };
    } else {
      const key = this.publicKeys.get(attestation.iss);
      if (!key) return { fault: 'unknown_signer' };
      const signed = attestedText(attestation.iss, attestation.exp, text);
      if (!verify(null, signed, key, Buffer.from(attestation.sig, 'base64url')))
        return { fault: 'bad_signature' };
      this.attested.set(attestation.sig, {
        iss: attestation.iss,
        exp: attestation.exp,
        auth: text,
      });
      bound(this.attested, ATTESTATION_CACHE);
    }
    if (attestation.exp + PROOF_CLOCK_SKEW_MS < now) return { fault: 'expired' };
    return { attestation };
  }
}

function isProof(value: unknown): value is RpcProof {
  if (typeof value !== 'object' || value === null) return false;
  const proof = value as Record<string, unknown>;
  return (
    typeof proof['iss'] === 'string' &&
    typeof proof['m'] === 'string' &&
    typeof proof['rid'] === 'string' &&
    typeof proof['exp'] === 'number' &&
    typeof proof['ph'] === 'string' &&
    typeof proof['mac'] === 'string'
  );
}

function isAttestation(value: unknown): value is AuthAttestation {
  if (typeof value !== 'object' || value === null) return false;
  const attestation = value as Record<string, unknown>;
  return (
    typeof attestation['iss'] === 'string' &&
    typeof attestation['exp'] === 'number' &&
    typeof attestation['sig'] === 'string'
  );
}

/** Whether two base64url keys are the same bytes, however they are spelled. */
function sameKey(a: string | undefined, b: string | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    Buffer.from(a, 'base64url').equals(Buffer.from(b, 'base64url'))
  );
}

/** `app=publicKey,…` (RPC_PROOF_PUBLIC_KEYS) as a map. */
export function parseProofKeys(spec: string): Record<string, string> {
  return Object.fromEntries(
    spec
      .split(',')
      .map((pair) => pair.trim())
      .filter((pair) => pair !== '')
      .map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}

/**
 * An app's signer and the verifier of the proofs it receives, from its configuration: the keys
 * it names, or the development keys (derived from the apps' names) where it names none. In
 * production (where libs/config requires both variables) a development key, in any spelling, a
 * key list without every app's key (each pair of apps works out its own), or one whose entry for
 * this app is not this app's key, stops the start.
 */
export function proofKeys(
  app: string,
  config: {
    NODE_ENV?: string;
    RPC_PROOF_KEY?: string | undefined;
    RPC_PROOF_PUBLIC_KEYS?: string | undefined;
  },
): { signer: RpcProofSigner; verifier: RpcProofVerifier } {
  const seed = config.RPC_PROOF_KEY
    ? Buffer.from(config.RPC_PROOF_KEY, 'base64url')
    : devProofSeed(app);
  const devKeys = devProofPublicKeys();
  const publicKeys = config.RPC_PROOF_PUBLIC_KEYS
    ? parseProofKeys(config.RPC_PROOF_PUBLIC_KEYS)
    : devKeys;
  if (config.NODE_ENV === 'production') {
    const missing = APPS.filter((name) => publicKeys[name] === undefined);
    const problems = [
      ...(seed.equals(devProofSeed(app))
        ? [
            {
              variable: 'RPC_PROOF_KEY',
              message: 'Development default is not allowed in production',
            },
          ]
        : []),
      ...(missing.length > 0
        ? [
            {
              variable: 'RPC_PROOF_PUBLIC_KEYS',
              message: `Must list every app's key; missing: ${missing.join(', ')}`,
            },
          ]
        : []),
      ...(publicKeys[app] !== undefined && !sameKey(publicKeys[app], proofPublicKeyOf(seed))
        ? [
            {
              variable: 'RPC_PROOF_PUBLIC_KEYS',
              message: `The key listed for ${app} is not the public key of its RPC_PROOF_KEY`,
            },
          ]
        : []),
      ...APPS.filter((name) => sameKey(publicKeys[name], devKeys[name])).map((name) => ({
        variable: 'RPC_PROOF_PUBLIC_KEYS',
        message: `The development key of ${name} is not allowed in production`,
      })),
    ];
    if (problems.length > 0) throw new ConfigError(app, problems);
  }
  return {
    signer: new RpcProofSigner(app, seed, publicKeys),
    verifier: new RpcProofVerifier(app, seed, publicKeys),
  };
}

/** The signer of an app's development key (tests that play an app). */
export function devProofSigner(app: string): RpcProofSigner {
  return new RpcProofSigner(app, devProofSeed(app));
}
