import {
  createHash,
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { ConfigError } from '@custody/config';
import { APPS, type AuthContext, type RpcProof } from '@custody/contracts';

/**
 * Proofs of RPC requests (docs/decisions.md, "RPC"): the sending app signs, with an Ed25519 key
 * only it holds, the method, a hash of the params, the request id, an expiry and the auth
 * context. A service that receives a call checks the proof against the sender's public key: a
 * process with a stolen broker login but not the key cannot make one, and a proof cannot be
 * moved to other params, another method, another auth context or a later time.
 */

/** How far a proof's expiry may be behind this machine's clock (the hosts' clock skew). */
export const PROOF_CLOCK_SKEW_MS = 5_000;

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

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

function publicKey(raw: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519, Buffer.from(raw, 'base64url')]),
    format: 'der',
    type: 'spki',
  });
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

/** What is signed: every field of the proof but the signature, and the auth context. */
function signedText(proof: Omit<RpcProof, 'sig'>, auth: AuthContext | undefined): Buffer {
  return Buffer.from(
    `custody-rpc-proof:v1\n${proof.iss}\n${proof.m}\n${proof.rid}\n${proof.exp}\n${proof.ph}\n${
      auth === undefined ? '' : JSON.stringify(auth)
    }`,
  );
}

/** Signs the requests an app sends. */
export class RpcProofSigner {
  private readonly key: KeyObject;

  constructor(
    readonly app: string,
    seed: Buffer,
  ) {
    this.key = proofPrivateKey(seed);
  }

  sign(call: {
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
    const sig = sign(null, signedText(unsigned, call.auth), this.key).toString('base64url');
    return {
      iss: unsigned.iss,
      m: unsigned.m,
      rid: unsigned.rid,
      exp: unsigned.exp,
      ph: unsigned.ph,
      sig,
    };
  }
}

/** Why a proof was refused (the audit log's `reason`). */
export type ProofFault =
  | 'missing'
  | 'malformed'
  | 'unknown_signer'
  | 'bad_signature'
  | 'expired'
  | 'other_caller'
  | 'other_request';

/** Checks proofs against the apps' public keys (`RPC_PROOF_PUBLIC_KEYS`). */
export class RpcProofVerifier {
  private readonly keys: Map<string, KeyObject>;

  constructor(publicKeys: Record<string, string>) {
    this.keys = new Map(Object.entries(publicKeys).map(([app, raw]) => [app, publicKey(raw)]));
  }

  /** The proof, when it is a valid signature of its signer over `auth`; else its fault. */
  check(
    proof: unknown,
    auth: AuthContext | undefined,
    now = Date.now(),
  ): { proof: RpcProof } | { fault: ProofFault } {
    if (proof === undefined) return { fault: 'missing' };
    if (!isProof(proof)) return { fault: 'malformed' };
    const key = this.keys.get(proof.iss);
    if (!key) return { fault: 'unknown_signer' };
    const { sig, ...unsigned } = proof;
    if (!verify(null, signedText(unsigned, auth), key, Buffer.from(sig, 'base64url')))
      return { fault: 'bad_signature' };
    if (proof.exp + PROOF_CLOCK_SKEW_MS < now) return { fault: 'expired' };
    return { proof };
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
    typeof proof['sig'] === 'string'
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
 * An app's signer and the verifier of every app's proofs, from its configuration: the keys it
 * names, or the development keys (derived from the apps' names) where it names none. In
 * production (where libs/config requires both variables) a development key, in any spelling,
 * or a key list without the gateway's (it vouches for every auth context) stops the start.
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
  const devKeys = Object.fromEntries(
    APPS.map((name) => [name, proofPublicKeyOf(devProofSeed(name))]),
  );
  const publicKeys = config.RPC_PROOF_PUBLIC_KEYS
    ? parseProofKeys(config.RPC_PROOF_PUBLIC_KEYS)
    : devKeys;
  if (config.NODE_ENV === 'production') {
    const problems = [
      ...(seed.equals(devProofSeed(app))
        ? [
            {
              variable: 'RPC_PROOF_KEY',
              message: 'Development default is not allowed in production',
            },
          ]
        : []),
      ...(publicKeys['gateway'] === undefined
        ? [
            {
              variable: 'RPC_PROOF_PUBLIC_KEYS',
              message: "Must list the gateway's key, which vouches for every auth context",
            },
          ]
        : []),
      ...APPS.filter((name) => publicKeys[name] === devKeys[name]).map((name) => ({
        variable: 'RPC_PROOF_PUBLIC_KEYS',
        message: `The development key of ${name} is not allowed in production`,
      })),
    ];
    if (problems.length > 0) throw new ConfigError(app, problems);
  }
  return { signer: new RpcProofSigner(app, seed), verifier: new RpcProofVerifier(publicKeys) };
}

/** The signer of an app's development key (tests that play an app). */
export function devProofSigner(app: string): RpcProofSigner {
  return new RpcProofSigner(app, devProofSeed(app));
}
