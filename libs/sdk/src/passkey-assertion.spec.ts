import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { passkeyAssertionVerifies } from './passkey-assertion';

// Checking a passkey's assertion in the page (Web Crypto): the assertion is an authenticator's
// signature (made here with node:crypto) over its authenticator data and the client data's hash.

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** A COSE key (CBOR map) for an EC2 P-256 (ES256) or OKP Ed25519 (EdDSA) public key. */
function coseKey(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  const bytes = (text: string) => Buffer.from(text, 'base64url');
  const bstr = (b: Buffer) => Buffer.concat([Buffer.from([0x58, b.length]), b]);
  if (jwk.kty === 'EC')
    return b64u(
      Buffer.concat([
        Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
        bstr(bytes(jwk.x!)),
        Buffer.from([0x22]),
        bstr(bytes(jwk.y!)),
      ]),
    );
  return b64u(
    Buffer.concat([
      Buffer.from([0xa4, 0x01, 0x01, 0x03, 0x27, 0x20, 0x06, 0x21]),
      bstr(bytes(jwk.x!)),
    ]),
  );
}

function device(type: 'ec' | 'ed25519') {
  const { publicKey, privateKey } =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('ed25519');
  return {
    coseKey: coseKey(publicKey),
    assert(challenge: string, clientType = 'webauthn.get') {
      const clientData = Buffer.from(
        JSON.stringify({ type: clientType, challenge, origin: 'http://localhost:3000' }),
      );
      const authData = Buffer.concat([
        createHash('sha256').update('localhost').digest(),
        Buffer.from([0x05, 0, 0, 0, 1]),
      ]);
      const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
      const signature = sign(type === 'ec' ? 'sha256' : null, signed, privateKey);
      return {
        id: 'cred-1',
        response: {
          authenticatorData: b64u(authData),
          clientDataJSON: b64u(clientData),
          signature: b64u(signature),
        },
      };
    },
  };
}

describe("a passkey's assertion checked in the page", () => {
  const challenge = b64u(createHash('sha256').update('registration').digest());

  it.each(['ec', 'ed25519'] as const)(
    'verifies under the COSE key that made it (%s), for its challenge',
    async (type) => {
      const made = device(type);
      await expect(
        passkeyAssertionVerifies(made.coseKey, challenge, made.assert(challenge)),
      ).resolves.toBe(true);
    },
  );

  it('refuses an assertion by another key, over another challenge, or of another ceremony', async () => {
    const holder = device('ec');
    const attacker = device('ec');
    // What a compromised identity aims at: one passkey's assertion, another's key listed.
    await expect(
      passkeyAssertionVerifies(attacker.coseKey, challenge, holder.assert(challenge)),
    ).resolves.toBe(false);
    const other = b64u(createHash('sha256').update('other').digest());
    await expect(
      passkeyAssertionVerifies(holder.coseKey, challenge, holder.assert(other)),
    ).resolves.toBe(false);
    await expect(
      passkeyAssertionVerifies(
        holder.coseKey,
        challenge,
        holder.assert(challenge, 'webauthn.create'),
      ),
    ).resolves.toBe(false);
    const tampered = holder.assert(challenge);
    tampered.response.authenticatorData = b64u(Buffer.alloc(37));
    await expect(passkeyAssertionVerifies(holder.coseKey, challenge, tampered)).resolves.toBe(
      false,
    );
    await expect(
      passkeyAssertionVerifies('not-a-cose-key', challenge, holder.assert(challenge)),
    ).resolves.toBe(false);
  });
});
