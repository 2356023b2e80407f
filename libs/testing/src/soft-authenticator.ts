import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { signInChallenge } from '@custody/sdk/approval-statements';

// A software WebAuthn authenticator for the tests that do not drive a browser (the browser tests
// use Chromium's virtual authenticator): ES256 keys, attestation `none`, the flags and counter as
// a platform authenticator sets them, and switches to answer as a broken or hostile one would.

type CborValue = number | string | Uint8Array | Map<number | string, CborValue>;

/**
 * The CBOR a WebAuthn authenticator writes (RFC 8949: integers, text, bytes and maps, keys in
 * insertion order). Written here rather than imported: @simplewebauthn/server's helpers cost
 * every test file that imports @custody/testing almost half a second of CPU to load.
 */
function cbor(value: CborValue): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) {
      const out = Buffer.alloc(3);
      out[0] = (major << 5) | 25;
      out.writeUInt16BE(length, 1);
      return out;
    }
    const out = Buffer.alloc(5);
    out[0] = (major << 5) | 26;
    out.writeUInt32BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

interface Credential {
  id: string;
  privateKey: KeyObject;
  /** The COSE public key, base64url: what the relying party keeps. */
  publicKey: string;
  counter: number;
  /** The user handle of its registration (base64url). */
  userHandle: string;
}

export interface CreationOptionsJson {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export interface RequestOptionsJson {
  challenge: string;
  allowCredentials?: { id: string }[];
}

/** What an assertion may be made to look like (a broken or hostile authenticator's). */
export interface AssertionOptions {
  credentialId?: string;
  userVerified?: boolean;
  counter?: number;
  /** The origin the client data names (default: the authenticator's). */
  origin?: string;
  /** The relying party whose id's hash the authenticator data carries (default: its own). */
  rpId?: string;
  /** The ceremony the client data names (default `webauthn.get`; `webauthn.create`: a registration's). */
  type?: 'webauthn.create' | 'webauthn.get';
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export class SoftAuthenticator {
  private readonly credentials = new Map<string, Credential>();

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin?: string) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: origin ?? this.origin, crossOrigin: false }),
    );
  }

  private authData(flags: number, counter: number, attested?: Buffer, rpId?: string): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId ?? this.rpId),
      Buffer.from([flags]),
      count,
      attested ?? Buffer.alloc(0),
    ]);
  }

  /**
   * A new passkey for these options (the person verified unless `userVerified` is false);
   * `again` answers with one of its passkeys instead, as an authenticator that ignores
   * `excludeCredentials` would.
   */
  register(
    options: CreationOptionsJson,
    opts: { userVerified?: boolean; origin?: string; again?: string } = {},
  ) {
    const known = opts.again === undefined ? undefined : this.credentials.get(opts.again);
    if (opts.again !== undefined && !known) throw new Error('no such passkey');
    const { privateKey, publicKey } = known
      ? { privateKey: known.privateKey, publicKey: createPublicKey(known.privateKey) }
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = known ? Buffer.from(known.id, 'base64url') : randomBytes(16);
    const cose = cbor(
      new Map<number | string, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose]);
    const flags = FLAG_UP | FLAG_AT | (opts.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(flags, 0, attested);
    const attestationObject = cbor(
      new Map<number | string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map<number | string, CborValue>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.set(b64url(id), {
      id: b64url(id),
      privateKey,
      publicKey: b64url(cose),
      counter: known?.counter ?? 0,
      userHandle: known?.userHandle ?? options.user.id,
    });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** A new passkey without a ceremony: its WebAuthn id and COSE public key (base64url). */
  create(): { id: string; publicKey: string } {
    const { id } = this.register({ challenge: 'unused', rp: {}, user: { id: 'dW51c2Vk' } });
    return { id, publicKey: this.publicKey(id) };
  }

  /** The COSE public key (base64url) of one of its passkeys. */
  publicKey(credentialId: string): string {
    const credential = this.credentials.get(credentialId);
    if (!credential) throw new Error('no such passkey');
    return credential.publicKey;
  }

  /**
   * An assertion over the challenge by one of its passkeys (the one named, or the first the
   * options allow); `userVerified: false` answers as an authenticator that did not verify.
   */
  assert(options: RequestOptionsJson, opts: AssertionOptions = {}) {
    const id =
      opts.credentialId ??
      options.allowCredentials?.find((c) => this.credentials.has(c.id))?.id ??
      [...this.credentials.keys()][0];
    const credential = id === undefined ? undefined : this.credentials.get(id);
    if (!credential) throw new Error('no passkey for these options');
    credential.counter = opts.counter ?? credential.counter + 1;
    const flags = FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(flags, credential.counter, undefined, opts.rpId);
    const clientDataJSON = this.clientData(
      opts.type ?? 'webauthn.get',
      options.challenge,
      opts.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  /**
   * A sign-in as an honest client answers one: an assertion over the sign-in derivation of the
   * server's challenge (`signInChallenge`, as the console and the SDK ask it), never over the
   * challenge as given.
   */
  async signIn(options: RequestOptionsJson, opts: AssertionOptions = {}) {
    return this.assert({ ...options, challenge: await signInChallenge(options.challenge) }, opts);
  }
}
