import { generateKeyPairSync, sign } from 'node:crypto';
import { approverRegistrationDigest, challengeOfDigest, webauthnSignature } from '@custody/intents';
import { SoftAuthenticator } from '@custody/testing';
import { checkRegistration, registrationSource } from './approver-keys.rules';

// What a registration of an approver credential names, and its proof of possession: an Ed25519
// key's signature, or a passkey's assertion over the registration digest.

const RP = { rpId: 'localhost', origins: ['http://localhost:3000'] };
const PASSKEY_ID = '01900000-0000-7000-8000-0000000000aa';

function ed25519() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64url'),
    sign: (digest: string) =>
      sign(null, Buffer.from(digest, 'hex'), privateKey).toString('base64url'),
  };
}

describe('a registration', () => {
  it('names an Ed25519 key by its public key, a passkey by its id, never both', () => {
    const key = ed25519();
    expect(registrationSource({ publicKey: key.publicKey, proof: 'p' })).toEqual({
      kind: 'ed25519',
      publicKey: key.publicKey,
    });
    expect(registrationSource({ kind: 'webauthn', passkeyId: PASSKEY_ID, proof: 'p' })).toEqual({
      kind: 'webauthn',
      passkeyId: PASSKEY_ID,
    });
    for (const input of [
      { proof: 'p' },
      { publicKey: 'not-a-key', proof: 'p' },
      { publicKey: key.publicKey, passkeyId: PASSKEY_ID, proof: 'p' },
      { kind: 'webauthn' as const, publicKey: key.publicKey, proof: 'p' },
      { kind: 'webauthn' as const, passkeyId: PASSKEY_ID, publicKey: key.publicKey, proof: 'p' },
    ])
      expect(() => registrationSource(input)).toThrow(
        expect.objectContaining({ status: 400, code: 'approver_key_invalid' }),
      );
  });

  it("is proved by the key's signature, or the passkey's assertion, of its digest", async () => {
    const key = ed25519();
    const asKey = {
      kind: 'ed25519' as const,
      publicKey: key.publicKey,
      clientId: 'c1',
      tenantId: 't1',
    };
    await expect(
      checkRegistration(asKey, key.sign(approverRegistrationDigest(asKey)), RP),
    ).resolves.toBeUndefined();
    const device = new SoftAuthenticator(RP.origins[0]!, RP.rpId);
    const passkey = device.create();
    const asPasskey = {
      kind: 'webauthn' as const,
      publicKey: passkey.publicKey,
      clientId: 'c1',
      tenantId: 't1',
    };
    const assertion = (digest: string, origin?: string) =>
      webauthnSignature(
        device.assert({ challenge: challengeOfDigest(digest) }, origin ? { origin } : {}).response,
      );
    await expect(
      checkRegistration(asPasskey, assertion(approverRegistrationDigest(asPasskey)), RP),
    ).resolves.toBeUndefined();
    const refused = expect.objectContaining({ status: 403, code: 'approver_proof_invalid' });
    // Another client's digest, another origin, an Ed25519 proof for a passkey.
    await expect(
      checkRegistration(
        asPasskey,
        assertion(approverRegistrationDigest({ ...asPasskey, clientId: 'c2' })),
        RP,
      ),
    ).rejects.toEqual(refused);
    await expect(
      checkRegistration(
        asPasskey,
        assertion(approverRegistrationDigest(asPasskey), 'https://evil.example'),
        RP,
      ),
    ).rejects.toEqual(refused);
    await expect(
      checkRegistration(asPasskey, key.sign(approverRegistrationDigest(asPasskey)), RP),
    ).rejects.toEqual(refused);
  });
});
