import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { ConfigError } from '@custody/config';
import {
  APPS,
  forwardsOf,
  type AuthContext,
  type ForwardGrant,
  type RpcProof,
  type ServiceName,
} from '@custody/contracts';

/**
 * Proofs of RPC requests (docs/decisions/rpc.md). Each app holds one Ed25519 key
 * (`RPC_PROOF_KEY`) and knows every app's public key (`RPC_PROOF_PUBLIC_KEYS`); each pair of apps
 * works out one HMAC key per direction from them (X25519). What travels with a request:
 * - the sender's proof: an HMAC over the method, a hash of the params, the request id, a nonce,
 *   an expiry and the auth context, with the key of that sender and that receiver. A process with
 *   a broker login but not the sender's key cannot make one, and a proof cannot be moved to other
 *   params, another method, another auth context, another receiver or a later time; the receiver
 *   takes each nonce once. An HMAC costs microseconds where an Ed25519 signature and its check
 *   cost about 0.1 ms of CPU per request (docs/performance.md).
 * - with an auth context that a service forwards, the gateway's attestation of that forward of
 *   that request (`ForwardGrant`): an HMAC with the key of the gateway and the forward's receiver,
 *   which the forwarder cannot make. Straight from the gateway, the gateway's proof covers it.
 */

/** How far a proof's expiry may be behind this machine's clock (the hosts' clock skew). */
export const PROOF_CLOCK_SKEW_MS = 5_000;

/**
 * The longest a proof may run (the largest RPC_TIMEOUT_MS): a receiver remembers each proof it
 * took until its expiry, so a proof that claims to run longer is refused.
 */
export const MAX_PROOF_TTL_MS = 300_000;

/** The app that authenticates tokens, and so the only one whose requests carry auth contexts of its own. */
export const AUTH_AUTHORITY = 'gateway';

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
      `custody-rpc-proof:v3\n${proof.iss}\n${to}\n${proof.m}\n${proof.rid}\n${proof.n}\n${proof.exp}\n${proof.ph}\n${auth}`,
    )
    .digest();
}

/** The name of one forward in a `ForwardGrant`. */
export function forwardName(from: string, to: string, method: string): string {
  return `${from}>${to} ${method}`;
}

/** What the gateway's attestation of one forward covers. */
function forwardMacOf(
  key: Buffer,
  forward: { requestId: string; from: string; to: string; method: string },
  exp: number,
  auth: string,
): Buffer {
  return createHmac('sha256', key)
    .update(
      `custody-auth-forward:v1\n${forward.requestId}\n${forward.from}\n${forward.to}\n${forward.method}\n${exp}\n${auth}`,
    )
    .digest();
}

/** Proves the requests an app sends; the gateway's also attests the forwards they may make. */
export class RpcProofSigner {
  private readonly keys: PairKeys;
  /** Nonces: this instance's random prefix and a counter (unique without a random draw each). */
  private readonly noncePrefix = randomBytes(9).toString('base64url');
  private nonces = 0;

  constructor(
    readonly app: string,
    seed: Buffer,
    publicKeys: Record<string, string> = devProofPublicKeys(),
  ) {
    this.keys = new PairKeys(app, seed, publicKeys);
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
    this.nonces += 1;
    const unsigned = {
      iss: this.app,
      m: call.method,
      rid: call.requestId,
      n: `${this.noncePrefix}${this.nonces.toString(36)}`,
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
      n: unsigned.n,
      exp: unsigned.exp,
      ph: unsigned.ph,
      mac,
    };
  }

  /**
   * The attestations of every forward a request to `service`'s `method` may lead to (the
   * contracts' `forwardsOf`), for that request and auth context; undefined when it makes none.
   * Only the gateway's are taken.
   */
  grantForwards(call: {
    service: ServiceName;
    method: string;
    requestId: string;
    expiresAt: number;
    auth: AuthContext;
  }): ForwardGrant | undefined {
    const edges = forwardsOf(call.service, call.method);
    if (edges.length === 0) return undefined;
    const auth = authText(call.auth);
    const macs: Record<string, string> = {};
    for (const edge of edges) {
      const key = this.keys.macKey(this.app, edge.to);
      if (!key) continue;
      macs[forwardName(edge.from, edge.to, edge.method)] = forwardMacOf(
        key,
        { requestId: call.requestId, ...edge },
        call.expiresAt,
        auth,
      ).toString('base64url');
    }
    return { exp: call.expiresAt, macs };
  }
}

/** Why a proof or a forward's attestation was refused (the audit log's `reason`). */
export type ProofFault =
  | 'missing'
  | 'malformed'
  | 'unknown_signer'
  | 'bad_signature'
  | 'expired'
  | 'other_caller'
  | 'other_request';

/** Checks the proofs of the requests an app receives, and the forwards they carry. */
export class RpcProofVerifier {
  private readonly keys: PairKeys;

  constructor(
    readonly app: string,
    seed: Buffer,
    publicKeys: Record<string, string> = devProofPublicKeys(),
  ) {
    this.keys = new PairKeys(app, seed, publicKeys);
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
    // Remembered until it expires: no proof may outlive that memory's bound.
    if (proof.exp > now + MAX_PROOF_TTL_MS + PROOF_CLOCK_SKEW_MS) return { fault: 'malformed' };
    return { proof };
  }

  /**
   * Whether `authority` (the gateway) attested, in `grant`, that the request `requestId` may have
   * `from` call this app's `method` with `auth`; else the fault.
   */
  checkForward(
    grant: unknown,
    forward: { requestId: string; from: string; method: string; auth: AuthContext },
    authority: string,
    now = Date.now(),
  ): { grant: ForwardGrant } | { fault: ProofFault } {
    if (grant === undefined) return { fault: 'missing' };
    if (!isGrant(grant)) return { fault: 'malformed' };
    const mac = grant.macs[forwardName(forward.from, this.app, forward.method)];
    if (typeof mac !== 'string') return { fault: 'other_request' };
    const key = this.keys.macKey(authority, this.app);
    if (!key) return { fault: 'unknown_signer' };
    const given = Buffer.from(mac, 'base64url');
    const expected = forwardMacOf(
      key,
      { requestId: forward.requestId, from: forward.from, to: this.app, method: forward.method },
      grant.exp,
      authText(forward.auth),
    );
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { fault: 'bad_signature' };
    if (grant.exp + PROOF_CLOCK_SKEW_MS < now) return { fault: 'expired' };
    return { grant };
  }
}

/** A nonce as signers make them (base64url, short): what receivers store, bounded. */
const NONCE = /^[A-Za-z0-9_-]{1,64}$/;
/** The longest issuer, method and request id a proof may name. */
const NAME_MAX = 256;

function isProof(value: unknown): value is RpcProof {
  if (typeof value !== 'object' || value === null) return false;
  const proof = value as Record<string, unknown>;
  const name = (field: unknown) => typeof field === 'string' && field.length <= NAME_MAX;
  return (
    name(proof['iss']) &&
    name(proof['m']) &&
    name(proof['rid']) &&
    typeof proof['n'] === 'string' &&
    NONCE.test(proof['n']) &&
    typeof proof['exp'] === 'number' &&
    typeof proof['ph'] === 'string' &&
    typeof proof['mac'] === 'string'
  );
}

function isGrant(value: unknown): value is ForwardGrant {
  if (typeof value !== 'object' || value === null) return false;
  const grant = value as Record<string, unknown>;
  return (
    typeof grant['exp'] === 'number' &&
    typeof grant['macs'] === 'object' &&
    grant['macs'] !== null &&
    !Array.isArray(grant['macs'])
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
