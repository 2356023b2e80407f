import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software WebAuthn authenticator for the API tests (the browser tests use Chromium's virtual
// authenticator): ES256 keys, attestation `none`, the flags and counter as a platform
// authenticator sets them, and switches to answer as a broken or hostile one would.

interface Credential {
  id: string;
  privateKey: KeyObject;
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

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(this.rpId),
      Buffer.from([flags]),
      count,
      attested ?? Buffer.alloc(0),
    ]);
  }

  /** A new passkey for these options (the person verified unless `userVerified` is false). */
  register(options: CreationOptionsJson, opts: { userVerified?: boolean; origin?: string } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(16);
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, isoCBOR.encode(cose)]);
    const flags = FLAG_UP | FLAG_AT | (opts.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(flags, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.set(b64url(id), {
      id: b64url(id),
      privateKey,
      counter: 0,
      userHandle: options.user.id,
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

  /**
   * An assertion over the challenge by one of its passkeys (the one named, or the first the
   * options allow); `userVerified: false` answers as an authenticator that did not verify.
   */
  assert(
    options: RequestOptionsJson,
    opts: { credentialId?: string; userVerified?: boolean; counter?: number } = {},
  ) {
    const id =
      opts.credentialId ??
      options.allowCredentials?.find((c) => this.credentials.has(c.id))?.id ??
      [...this.credentials.keys()][0];
    const credential = id === undefined ? undefined : this.credentials.get(id);
    if (!credential) throw new Error('no passkey for these options');
    credential.counter = opts.counter ?? credential.counter + 1;
    const flags = FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(flags, credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
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
}
