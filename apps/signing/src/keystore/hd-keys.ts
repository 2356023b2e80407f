import { createHash, createHmac } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1';
import { computeAddress, hexlify, Signature } from 'ethers';

/**
 * BIP-32 derivation over bytes (docs/decisions/wallets-and-signing.md, "What stays in memory"):
 * ethers' HDNodeWallet keeps every key as a hex string, which JavaScript cannot erase, so the
 * private side is derived here into Uint8Arrays that the caller zero-fills (`wipe`). noble turns
 * a key into a bigint for the curve arithmetic (immutable, left to the garbage collector); no
 * string of the seed or of a private key is made.
 */

const N = secp256k1.CURVE.n;
const HARDENED = 0x80000000;

/** A private key and its chain code (32 bytes each), both to be wiped after use. */
export interface ExtendedKey {
  key: Uint8Array;
  chainCode: Uint8Array;
}

/** Zero-fills each array: the end of every seed or key's life in this process. */
export function wipe(...arrays: (Uint8Array | undefined)[]): void {
  for (const array of arrays) array?.fill(0);
}

function toBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function toBytes32(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let rest = value;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

/** Splits HMAC-SHA512 output into (IL, IR) copies and wipes the output. */
function halves(mac: Buffer): ExtendedKey {
  const key = Uint8Array.from(mac.subarray(0, 32));
  const chainCode = Uint8Array.from(mac.subarray(32));
  mac.fill(0);
  return { key, chainCode };
}

/** The BIP-32 root of a seed (16 to 64 bytes). */
export function rootKey(seed: Uint8Array): ExtendedKey {
  if (seed.length < 16 || seed.length > 64) throw new Error('A BIP-32 seed has 16 to 64 bytes');
  const root = halves(createHmac('sha512', 'Bitcoin seed').update(seed).digest());
  const k = toBigInt(root.key);
  if (k === 0n || k >= N) {
    wipe(root.key, root.chainCode);
    throw new Error('The seed gives an invalid root key');
  }
  return root;
}

/** CKDpriv: the child `index` of `parent` (hardened when index ≥ 2^31); `parent` stays intact. */
export function childKey(parent: ExtendedKey, index: number): ExtendedKey {
  const data = new Uint8Array(37);
  if (index >= HARDENED) data.set(parent.key, 1);
  else data.set(secp256k1.getPublicKey(parent.key, true), 0);
  new DataView(data.buffer).setUint32(33, index >>> 0);
  const mac = createHmac('sha512', parent.chainCode).update(data).digest();
  wipe(data);
  const tweak = halves(mac);
  const il = toBigInt(tweak.key);
  const k = (il + toBigInt(parent.key)) % N;
  wipe(tweak.key);
  if (il >= N || k === 0n) {
    wipe(tweak.chainCode);
    throw new Error(`The child ${index} is invalid (BIP-32: use the next index)`);
  }
  return { key: toBytes32(k), chainCode: tweak.chainCode };
}

/** The indexes of a path such as `m/44'/60'/0'/0/7`. */
export function pathIndexes(path: string): number[] {
  const parts = path.split('/');
  if (parts[0] !== 'm') throw new Error(`Not a derivation path: ${path}`);
  return parts.slice(1).map((part) => {
    const hardened = part.endsWith("'");
    const n = Number(hardened ? part.slice(0, -1) : part);
    if (!Number.isInteger(n) || n < 0 || n >= HARDENED) throw new Error(`Bad path part: ${part}`);
    return hardened ? n + HARDENED : n;
  });
}

/** The private key at `path` (32 bytes, the caller wipes it); every intermediate is wiped. */
export function privateKeyAt(seed: Uint8Array, path: string): Uint8Array {
  let node = rootKey(seed);
  for (const index of pathIndexes(path)) {
    const next = childKey(node, index);
    wipe(node.key, node.chainCode);
    node = next;
  }
  wipe(node.chainCode);
  return node.key;
}

/** The checksummed EVM address of a private key (its public key is no secret). */
export function evmAddress(privateKey: Uint8Array): string {
  return computeAddress(hexlify(secp256k1.getPublicKey(privateKey, false)));
}

/** A low-s secp256k1 signature of a 32-byte digest, as ethers' SigningKey makes it (RFC 6979). */
export function signDigest(privateKey: Uint8Array, digest: Uint8Array): Signature {
  const sig = secp256k1.sign(digest, privateKey, { lowS: true });
  return Signature.from({
    r: hexlify(toBytes32(sig.r)),
    s: hexlify(toBytes32(sig.s)),
    v: 27 + sig.recovery,
  });
}

/**
 * The seed's public fingerprint: SHA-256 of its root extended public key (chain code and
 * compressed public key). Backups and the sealed seed carry it; it reveals nothing of the seed.
 */
export function seedFingerprint(seed: Uint8Array): string {
  const root = rootKey(seed);
  try {
    return createHash('sha256')
      .update(root.chainCode)
      .update(secp256k1.getPublicKey(root.key, true))
      .digest('hex');
  } finally {
    wipe(root.key, root.chainCode);
  }
}
