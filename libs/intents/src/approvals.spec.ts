import { generateKeyPairSync, sign } from 'node:crypto';
import type { ApprovalStatement, DecisionClaims, SignIntent } from '@custody/contracts';
import { type AssertionOptions, SoftAuthenticator } from '@custody/testing';
import {
  approvalDigest,
  approvedLeg,
  approverEndorsementDigest,
  approverRegistrationDigest,
  canonicalJson,
  challengeOfDigest,
  checkRelyingParty,
  isEd25519PublicKey,
  operationOfDecision,
  policyVersionOf,
  type RelyingParty,
  signatureOperation,
  verifyApproverSignature,
  webauthnSignature,
  webauthnSignatureParts,
} from './approvals';

/** A fresh Ed25519 key: its raw public key (base64url) and a signer of hex digests. */
function ed25519() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
  return {
    publicKey: Buffer.from(raw).toString('base64url'),
    sign: (digest: string) =>
      sign(null, Buffer.from(digest, 'hex'), privateKey).toString('base64url'),
  };
}

/** The statement of the SDK's known-answer test (libs/sdk approvals.spec.ts has the same). */
const KNOWN_STATEMENT: ApprovalStatement = {
  v: 1,
  approvalId: '01900000-0000-7000-8000-000000000001',
  tenantId: '01900000-0000-7000-8000-0000000000aa',
  activity: 'withdrawal',
  operation: {
    kind: 'movement',
    legs: [
      {
        walletId: '01900000-0000-7000-8000-0000000000bb',
        assetId: 'eth',
        amount: '0.1',
        destination: '0x00000000000000000000000000000000000a11ce',
      },
    ],
  },
  decision: 'approve',
  policyVersion: 'c0ffee',
};

describe('canonical JSON', () => {
  it('sorts keys at every level, drops undefined and has no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 'x', e: null }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":null,"f":"x"}]},"b":1}',
    );
    expect(() => canonicalJson({ n: Number.NaN })).toThrow();
  });
});

describe('the approval digest', () => {
  // The known answer is also Python's json.dumps(sort_keys=True, separators=(",", ":")) hashed.
  it('is the SHA-256 of the canonical statement, whatever the key order (known answer)', () => {
    const digest = approvalDigest(KNOWN_STATEMENT);
    expect(digest).toBe('b273d4de6c8b63527f8499b40cc3c21121e357000f2cc3686c45e34868f3d9ce');
    const reordered = JSON.parse(
      JSON.stringify({ ...{}, policyVersion: 'c0ffee', ...withoutVersion() }),
    ) as ApprovalStatement;
    expect(approvalDigest(reordered)).toBe(digest);
  });

  it('changes with any fact: the approval, the operation, the policy version', () => {
    const digest = approvalDigest(KNOWN_STATEMENT);
    for (const other of [
      { ...KNOWN_STATEMENT, approvalId: '01900000-0000-7000-8000-000000000002' },
      { ...KNOWN_STATEMENT, tenantId: 'another' },
      { ...KNOWN_STATEMENT, policyVersion: 'c0ffef' },
      {
        ...KNOWN_STATEMENT,
        operation: { kind: 'movement' as const, legs: [approvedLeg({ ...leg(), amount: '0.2' })] },
      },
    ])
      expect(approvalDigest(other)).not.toBe(digest);
  });

  it("recomputes a withdrawal's movement from its decision: amount canonical, address lower-case", () => {
    const intent: SignIntent = {
      kind: 'evm-transfer',
      chainId: '31337',
      from: '0x00000000000000000000000000000000000000f1',
      to: '0x00000000000000000000000000000000000A11CE',
      value: '100000000000000000',
      dataHash: '0xc5d2',
      nonce: 0,
      maxFeePerGas: '1',
      gasLimit: '21000',
      assetId: 'eth',
      amount: '0.10',
      recipient: '0x00000000000000000000000000000000000A11CE',
    };
    const claims: Pick<DecisionClaims, 'owner' | 'intent'> = {
      owner: '01900000-0000-7000-8000-0000000000bb',
      intent,
    };
    expect(operationOfDecision(claims)).toEqual(KNOWN_STATEMENT.operation);
  });

  it("takes a signature's intent exactly, with its owner, hex lower-case", () => {
    const intent: SignIntent = { kind: 'evm-message', digest: '0xABCD' };
    expect(operationOfDecision({ owner: 'w1', intent })).toEqual(
      signatureOperation('w1', { kind: 'evm-message', digest: '0xabcd' }),
    );
    expect(operationOfDecision({ owner: 'w1', intent })).not.toEqual(
      signatureOperation('w2', intent),
    );
  });

  it('versions requirements by their content', () => {
    const a = [{ policyId: 'p', quorum: 1, approverIds: null, platform: false, signed: true }];
    expect(policyVersionOf(a)).toBe(policyVersionOf([{ ...a[0] }]));
    expect(policyVersionOf(a)).not.toBe(policyVersionOf([{ ...a[0], quorum: 2 }]));
  });
});

/** The known statement without its policy version: spread after it, the keys come in another order. */
function withoutVersion(): Omit<ApprovalStatement, 'policyVersion'> {
  const { policyVersion: _version, ...rest } = KNOWN_STATEMENT;
  return rest;
}

function leg() {
  return {
    walletId: '01900000-0000-7000-8000-0000000000bb',
    assetId: 'eth',
    amount: '0.1',
    destination: '0x00000000000000000000000000000000000a11ce',
  };
}

const RP: RelyingParty = { rpId: 'custody.example', origins: ['https://console.custody.example'] };

describe("an approver's signature", () => {
  const key = ed25519();
  const credential = { kind: 'ed25519', publicKey: key.publicKey };
  const digest = approvalDigest(KNOWN_STATEMENT);

  it('verifies over its digest only', async () => {
    await expect(
      verifyApproverSignature(credential, digest, key.sign(digest), RP),
    ).resolves.toEqual({ ok: true });
    const other = approvalDigest({ ...KNOWN_STATEMENT, approvalId: 'x' });
    await expect(verifyApproverSignature(credential, digest, key.sign(other), RP)).resolves.toEqual(
      { fault: 'bad_signature' },
    );
    await expect(
      verifyApproverSignature(
        { kind: 'ed25519', publicKey: ed25519().publicKey },
        digest,
        key.sign(digest),
        RP,
      ),
    ).resolves.toEqual({ fault: 'bad_signature' });
  });

  it('refuses what is not a signature or a key, and a kind it does not know', async () => {
    for (const bad of [undefined, 42, '', 'not base64url!', key.sign(digest).slice(1)])
      await expect(verifyApproverSignature(credential, digest, bad, RP)).resolves.toEqual({
        fault: 'malformed',
      });
    await expect(
      verifyApproverSignature({ kind: 'ed25519', publicKey: 'AAAA' }, digest, key.sign(digest), RP),
    ).resolves.toEqual({ fault: 'malformed' });
    await expect(
      verifyApproverSignature(
        { kind: 'rsa', publicKey: key.publicKey },
        digest,
        key.sign(digest),
        RP,
      ),
    ).resolves.toEqual({ fault: 'unsupported_kind' });
    expect(isEd25519PublicKey(key.publicKey)).toBe(true);
    expect(isEd25519PublicKey(`${key.publicKey}A`)).toBe(false);
  });

  it("registers a key for one tenant and client: another's digest differs", async () => {
    const registration = {
      tenantId: 't1',
      clientId: 'c1',
      kind: 'ed25519' as const,
      publicKey: key.publicKey,
    };
    const digest1 = approverRegistrationDigest(registration);
    expect(approverRegistrationDigest({ ...registration, clientId: 'c2' })).not.toBe(digest1);
    expect(approverRegistrationDigest({ ...registration, tenantId: 't2' })).not.toBe(digest1);
    await expect(
      verifyApproverSignature(credential, digest1, key.sign(digest1), RP),
    ).resolves.toEqual({ ok: true });
  });

  it("endorses with another digest than the proof's, one per endorser, the SDK's (known answer)", () => {
    const registration = {
      tenantId: 't1',
      clientId: 'c1',
      kind: 'ed25519' as const,
      publicKey: 'k',
    };
    const endorsement = approverEndorsementDigest(registration, 'e1');
    expect(endorsement).toBe('3b7685c33ea1668f287d341e25ac36dfe46c97cef0b51dae098fc6e5ab47076d');
    expect(approverRegistrationDigest(registration)).toBe(
      '4a544ba8b958dbc6ee96f63e7f622b23e02f0e5b47530d9f3c86c0da5d4ad490',
    );
    expect(approverEndorsementDigest(registration, 'e1')).toBe(endorsement);
    expect(approverEndorsementDigest(registration, 'e2')).not.toBe(endorsement);
    expect(approverEndorsementDigest({ ...registration, publicKey: 'k2' }, 'e1')).not.toBe(
      endorsement,
    );
  });
});

describe("a passkey's signature (a WebAuthn assertion over the digest)", () => {
  const device = new SoftAuthenticator(RP.origins[0]!, RP.rpId);
  const passkey = device.create();
  const credential = { kind: 'webauthn', publicKey: passkey.publicKey };
  const digest = approvalDigest(KNOWN_STATEMENT);
  const signed = (d: string, opts: AssertionOptions = {}) =>
    webauthnSignature(device.assert({ challenge: challengeOfDigest(d) }, opts).response);

  it('verifies an assertion whose challenge is the digest, by this relying party, the person verified', async () => {
    expect(challengeOfDigest(digest)).toBe(Buffer.from(digest, 'hex').toString('base64url'));
    await expect(verifyApproverSignature(credential, digest, signed(digest), RP)).resolves.toEqual({
      ok: true,
    });
    // The counter plays no part: the same assertion verifies again (the signer checks it later).
    const once = signed(digest);
    for (let i = 0; i < 2; i++)
      await expect(verifyApproverSignature(credential, digest, once, RP)).resolves.toEqual({
        ok: true,
      });
    // Another origin of the relying party is fine.
    await expect(
      verifyApproverSignature(credential, digest, signed(digest), {
        ...RP,
        origins: ['https://other.custody.example', ...RP.origins],
      }),
    ).resolves.toEqual({ ok: true });
  });

  it('refuses an assertion of another digest, origin or relying party, without user verification, or by another key', async () => {
    const other = approvalDigest({ ...KNOWN_STATEMENT, approvalId: 'another approval' });
    const bad = { fault: 'bad_signature' };
    await expect(verifyApproverSignature(credential, digest, signed(other), RP)).resolves.toEqual(
      bad,
    );
    await expect(
      verifyApproverSignature(
        credential,
        digest,
        signed(digest, { origin: 'https://evil.example' }),
        RP,
      ),
    ).resolves.toEqual(bad);
    await expect(
      verifyApproverSignature(credential, digest, signed(digest, { rpId: 'evil.example' }), RP),
    ).resolves.toEqual(bad);
    await expect(
      verifyApproverSignature(credential, digest, signed(digest, { userVerified: false }), RP),
    ).resolves.toEqual(bad);
    const stranger = new SoftAuthenticator(RP.origins[0]!, RP.rpId);
    const theirs = stranger.create();
    await expect(
      verifyApproverSignature(
        { kind: 'webauthn', publicKey: theirs.publicKey },
        digest,
        signed(digest),
        RP,
      ),
    ).resolves.toEqual(bad);
    // An assertion's signature taken over another's authenticator data.
    const [, clientData, signature] = signed(digest).split('.');
    const [authData] = signed(other).split('.');
    await expect(
      verifyApproverSignature(credential, digest, `${authData}.${clientData}.${signature}`, RP),
    ).resolves.toEqual(bad);
  });

  it("refuses a registration ceremony's answer over the digest (webauthn.create), and a sign-in's", async () => {
    const bad = { fault: 'bad_signature' };
    // A registration's client data signed as an assertion is (packed self-attestation signs
    // the same bytes): only its type tells it apart, and the verifier asks for webauthn.get.
    await expect(
      verifyApproverSignature(credential, digest, signed(digest, { type: 'webauthn.create' }), RP),
    ).resolves.toEqual(bad);
    // A sign-in that a rogue identity asked with the digest as its challenge: the client signed
    // its sign-in derivation, which is no approval's challenge.
    const signIn = await device.signIn({ challenge: challengeOfDigest(digest) });
    await expect(
      verifyApproverSignature(credential, digest, webauthnSignature(signIn.response), RP),
    ).resolves.toEqual(bad);
  });

  it('refuses what is not an assertion string', async () => {
    for (const bad of [undefined, 'a.b', 'a.b.c.d', 'a.b!.c', `${'A'.repeat(2048)}.b.c`, 42])
      await expect(verifyApproverSignature(credential, digest, bad, RP)).resolves.toEqual({
        fault: 'malformed',
      });
    expect(webauthnSignatureParts('a.b.c')).toEqual({
      authenticatorData: 'a',
      clientDataJSON: 'b',
      signature: 'c',
    });
    // An Ed25519 signature given for a passkey, and an assertion for an Ed25519 key.
    await expect(
      verifyApproverSignature(credential, digest, ed25519().sign(digest), RP),
    ).resolves.toEqual({ fault: 'malformed' });
    await expect(
      verifyApproverSignature(
        { kind: 'ed25519', publicKey: ed25519().publicKey },
        digest,
        signed(digest),
        RP,
      ),
    ).resolves.toEqual({ fault: 'malformed' });
  });

  it('checks that every origin is on the relying party', () => {
    expect(() => checkRelyingParty(RP)).not.toThrow();
    expect(() =>
      checkRelyingParty({ rpId: 'custody.example', origins: ['https://custody.example.evil'] }),
    ).toThrow(/not on WEBAUTHN_RP_ID/);
    expect(() => checkRelyingParty({ rpId: 'localhost', origins: [] })).toThrow(/at least one/);
  });
});
