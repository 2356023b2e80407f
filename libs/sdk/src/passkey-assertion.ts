// Checking a passkey's assertion where it is made (Web Crypto, no Node module): a page that asks a
// passkey to sign a credential's registration digest checks, before sending the proof, that the
// answer verifies under the public key being registered. A compromised identity that listed one
// passkey's credential id with another public key is caught here, not after the fact.

import type { PasskeyAssertion } from './approval-statements.js';

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('Not base64url (no padding)');
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

type Cbor = number | Uint8Array | string | Map<number | string, Cbor>;

/** The subset of CBOR a COSE key is written in: integers, byte and text strings, maps. */
function decodeCbor(bytes: Uint8Array): Cbor {
  let at = 0;
  const byte = (): number => {
    const value = bytes[at++];
    if (value === undefined) throw new Error('Truncated COSE key');
    return value;
  };
  const argument = (info: number): number => {
    if (info < 24) return info;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : 0;
    if (size === 0) throw new Error('Unsupported CBOR length in a COSE key');
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + byte();
    return value;
  };
  const item = (): Cbor => {
    const head = byte();
    const major = head >> 5;
    const count = argument(head & 31);
    if (major === 0) return count;
    if (major === 1) return -1 - count;
    if (major === 2 || major === 3) {
      if (at + count > bytes.length) throw new Error('Truncated COSE key');
      const slice = bytes.slice(at, (at += count));
      return major === 2 ? slice : new TextDecoder().decode(slice);
    }
    if (major === 5) {
      const map = new Map<number | string, Cbor>();
      for (let i = 0; i < count; i++) {
        const key = item();
        if (typeof key !== 'number' && typeof key !== 'string')
          throw new Error('A COSE key has integer or text labels');
        map.set(key, item());
      }
      return map;
    }
    throw new Error('Unsupported CBOR item in a COSE key');
  };
  return item();
}

function bytesOf(map: Map<number | string, Cbor>, label: number): Uint8Array<ArrayBuffer> {
  const value = map.get(label);
  if (!(value instanceof Uint8Array)) throw new Error(`COSE key without its parameter ${label}`);
  return new Uint8Array(value);
}

const b64u = (bytes: Uint8Array) => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** A DER ECDSA signature (what WebAuthn answers) as Web Crypto's r‖s, each `size` bytes. */
function ecdsaRaw(der: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  let at = 0;
  const expect = (tag: number) => {
    if (der[at++] !== tag) throw new Error('Not a DER ECDSA signature');
    const length = der[at++];
    if (length === undefined || length & 0x80) throw new Error('Not a DER ECDSA signature');
    return length;
  };
  expect(0x30);
  const out = new Uint8Array(size * 2);
  for (const half of [0, 1]) {
    const length = expect(0x02);
    let integer = der.slice(at, (at += length));
    while (integer.length > size && integer[0] === 0) integer = integer.slice(1);
    if (integer.length > size) throw new Error('Not a DER ECDSA signature');
    out.set(integer, half * size + size - integer.length);
  }
  return out;
}

type Verifier = { key: CryptoKey; algorithm: AlgorithmIdentifier | EcdsaParams; raw?: number };

/** A COSE public key (base64url, as the API lists a passkey's) as a Web Crypto verifying key. */
async function verifierOf(coseKey: string): Promise<Verifier> {
  const map = decodeCbor(fromBase64url(coseKey));
  if (!(map instanceof Map)) throw new Error('A COSE key is a map');
  const kty = map.get(1);
  const alg = map.get(3);
  const subtle = globalThis.crypto.subtle;
  if (kty === 2 && alg === -7) {
    const jwk = { kty: 'EC', crv: 'P-256', x: b64u(bytesOf(map, -2)), y: b64u(bytesOf(map, -3)) };
    const key = await subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    return { key, algorithm: { name: 'ECDSA', hash: 'SHA-256' }, raw: 32 };
  }
  if (kty === 1 && alg === -8) {
    const key = await subtle.importKey('raw', bytesOf(map, -2), { name: 'Ed25519' }, false, [
      'verify',
    ]);
    return { key, algorithm: { name: 'Ed25519' } };
  }
  if (kty === 3 && alg === -257) {
    const jwk = { kty: 'RSA', n: b64u(bytesOf(map, -1)), e: b64u(bytesOf(map, -2)) };
    const key = await subtle.importKey(
      'jwk',
      jwk,
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    return { key, algorithm: { name: 'RSASSA-PKCS1-v1_5' } };
  }
  throw new Error(`Unsupported COSE key (kty ${String(kty)}, alg ${String(alg)})`);
}

/**
 * Whether a passkey's assertion is the signature, by the COSE public key `coseKey` (base64url), of
 * a `webauthn.get` whose challenge is `challenge`: its signature over the authenticator data and
 * the client data's SHA-256 verifies under that key. Origin and relying party are the server's to
 * check; this answers which key signed what. Unsupported or unreadable keys and assertions: false.
 */
export async function passkeyAssertionVerifies(
  coseKey: string,
  challenge: string,
  assertion: PasskeyAssertion,
): Promise<boolean> {
  try {
    const clientData = fromBase64url(assertion.response.clientDataJSON);
    const parsed = JSON.parse(new TextDecoder().decode(clientData)) as {
      type?: unknown;
      challenge?: unknown;
    };
    if (parsed.type !== 'webauthn.get' || parsed.challenge !== challenge) return false;
    const verifier = await verifierOf(coseKey);
    const authenticatorData = fromBase64url(assertion.response.authenticatorData);
    const clientHash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', clientData));
    const signed = new Uint8Array(authenticatorData.length + clientHash.length);
    signed.set(authenticatorData);
    signed.set(clientHash, authenticatorData.length);
    const signature = fromBase64url(assertion.response.signature);
    return await globalThis.crypto.subtle.verify(
      verifier.algorithm,
      verifier.key,
      verifier.raw ? ecdsaRaw(signature, verifier.raw) : signature,
      signed,
    );
  } catch {
    return false;
  }
}
