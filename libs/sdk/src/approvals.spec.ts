import { createHash, createPublicKey, verify } from 'node:crypto';
import {
  approvalChallenge,
  approvalDigest,
  approvalStatementJson,
  approverEndorsementChallenge,
  approverEndorsementDigest,
  approverEndorsementJson,
  approverKeyFingerprint,
  approverKeyRegistration,
  approverOf,
  approverPrivateKey,
  approverPublicKey,
  approverRegistrationChallenge,
  approverRegistrationDigest,
  approverRegistrationJson,
  type ApprovalStatement,
  newApproverKey,
  passkeySignature,
  SIGN_IN_CHALLENGE_PREFIX,
  signApproval,
  signInChallenge,
} from './index';

// Approvals as signatures. The digest is pinned to the known answer libs/intents' spec pins for
// the same statement (the services' own digest), and to Python's json.dumps(sort_keys=True,
// separators=(",", ":")) hashed: SDK and services cannot drift apart unnoticed.

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

function verifies(publicKey: string, digest: string, signature: string): boolean {
  const key = createPublicKey({
    key: Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(publicKey, 'base64url'),
    ]),
    format: 'der',
    type: 'spki',
  });
  return verify(null, Buffer.from(digest, 'hex'), key, Buffer.from(signature, 'base64url'));
}

describe('approvals as signatures', () => {
  it("digests a statement as the services do (known answer), whatever its keys' order", () => {
    expect(approvalDigest(KNOWN_STATEMENT)).toBe(
      'b273d4de6c8b63527f8499b40cc3c21121e357000f2cc3686c45e34868f3d9ce',
    );
    const { policyVersion, ...rest } = KNOWN_STATEMENT;
    expect(approvalDigest({ ...{}, policyVersion, ...rest })).toBe(approvalDigest(KNOWN_STATEMENT));
    expect(() => approvalDigest({ ...KNOWN_STATEMENT, decision: 'reject' as 'approve' })).toThrow();
  });

  it('signs with a PKCS#8 PEM key or its raw seed, the same signature', () => {
    const key = newApproverKey();
    const signature = signApproval(KNOWN_STATEMENT, key.privateKeyPem);
    expect(verifies(key.publicKey, approvalDigest(KNOWN_STATEMENT), signature)).toBe(true);
    const der = approverPrivateKey(key.privateKeyPem).export({ format: 'der', type: 'pkcs8' });
    const seed = der.subarray(der.length - 32);
    expect(signApproval(KNOWN_STATEMENT, seed)).toBe(signature);
    expect(signApproval(KNOWN_STATEMENT, seed.toString('hex'))).toBe(signature);
    expect(signApproval(KNOWN_STATEMENT, seed.toString('base64url'))).toBe(signature);
    expect(approverPublicKey(seed)).toBe(key.publicKey);
    expect(() => approverPrivateKey('not a key')).toThrow();
  });

  it("registers a key with its proof for the token's client and tenant (an admin's: platform)", () => {
    const token = (claims: object) =>
      `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.y`;
    expect(approverOf(token({ sub: 'c1', ten: 't1', aud_c: 'general' }))).toEqual({
      clientId: 'c1',
      tenantId: 't1',
    });
    expect(approverOf(token({ sub: 'a1', ten: 'a1', aud_c: 'admin' }))).toEqual({
      clientId: 'a1',
      tenantId: 'platform',
    });
    const key = newApproverKey();
    const registration = approverKeyRegistration(key.privateKeyPem, {
      tenantId: 't1',
      clientId: 'c1',
    });
    expect(registration.publicKey).toBe(key.publicKey);
    const digest = approverRegistrationDigest({ tenantId: 't1', clientId: 'c1', ...registration });
    expect(verifies(key.publicKey, digest, registration.proof)).toBe(true);
  });

  it('gives an endorsement its own digest: never a registration digest, one per endorser (known answer)', async () => {
    const registration = { tenantId: 't1', clientId: 'c1', publicKey: 'k' };
    // Python: sha256(json.dumps(obj, sort_keys=True, separators=(",", ":"))); libs/intents pins it too.
    expect(approverEndorsementDigest(registration, 'e1')).toBe(
      '3b7685c33ea1668f287d341e25ac36dfe46c97cef0b51dae098fc6e5ab47076d',
    );
    expect(approverEndorsementDigest({ ...registration, kind: 'ed25519' }, 'e1')).toBe(
      approverEndorsementDigest(registration, 'e1'),
    );
    expect(approverRegistrationDigest(registration)).toBe(
      '4a544ba8b958dbc6ee96f63e7f622b23e02f0e5b47530d9f3c86c0da5d4ad490',
    );
    expect(approverEndorsementDigest(registration, 'e1')).not.toBe(
      approverRegistrationDigest(registration),
    );
    expect(approverEndorsementDigest(registration, 'e2')).not.toBe(
      approverEndorsementDigest(registration, 'e1'),
    );
    expect(JSON.parse(approverEndorsementJson(registration, 'e1'))).toMatchObject({
      purpose: 'custody approver endorsement',
      endorserCredentialId: 'e1',
    });
    expect(() => approverEndorsementJson(registration, '')).toThrow();
    const hex = (challenge: string) => Buffer.from(challenge, 'base64url').toString('hex');
    expect(hex(await approverEndorsementChallenge(registration, 'e1'))).toBe(
      approverEndorsementDigest(registration, 'e1'),
    );
  });

  it('fingerprints a key as the first 16 hex digits of its SHA-256, in fours', async () => {
    const fingerprint = await approverKeyFingerprint('k');
    expect(fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
    expect(fingerprint.replace(/ /g, '')).toBe(
      createHash('sha256').update('k').digest('hex').slice(0, 16),
    );
    expect(await approverKeyFingerprint('k2')).not.toBe(fingerprint);
  });

  it("gives a passkey the digest's 32 bytes as its challenge, and takes its assertion as one string", async () => {
    const hex = (challenge: string) => Buffer.from(challenge, 'base64url').toString('hex');
    expect(hex(await approvalChallenge(KNOWN_STATEMENT))).toBe(approvalDigest(KNOWN_STATEMENT));
    const registration = {
      tenantId: 't1',
      clientId: 'c1',
      kind: 'webauthn' as const,
      publicKey: 'pQECAyYgASFYIA',
    };
    expect(hex(await approverRegistrationChallenge(registration))).toBe(
      approverRegistrationDigest(registration),
    );
    expect(approverRegistrationDigest({ ...registration, kind: 'ed25519' })).not.toBe(
      approverRegistrationDigest(registration),
    );
    await expect(
      approvalChallenge({ ...KNOWN_STATEMENT, decision: 'reject' as 'approve' }),
    ).rejects.toThrow();
    expect(
      passkeySignature({
        id: 'cred',
        response: { authenticatorData: 'YQ', clientDataJSON: 'Yg', signature: 'Yw' },
      }),
    ).toBe('YQ.Yg.Yw');
    expect(() =>
      passkeySignature({
        id: 'cred',
        response: { authenticatorData: 'YQ==', clientDataJSON: 'Yg', signature: 'Yw' },
      }),
    ).toThrow();
  });

  it("signs in over the challenge's sign-in derivation, which no approval or registration challenge can be", async () => {
    const issued = Buffer.from('a server challenge of 32 random bytes!').toString('base64url');
    const derived = await signInChallenge(issued);
    expect(SIGN_IN_CHALLENGE_PREFIX).toBe('custody/sign-in/v1:');
    expect(derived).toBe(
      createHash('sha256')
        .update(
          Buffer.concat([Buffer.from('custody/sign-in/v1:'), Buffer.from(issued, 'base64url')]),
        )
        .digest('base64url'),
    );
    // A rogue server that issues an approval's challenge gets its derivation signed, not it.
    const approval = await approvalChallenge(KNOWN_STATEMENT);
    expect(await signInChallenge(approval)).not.toBe(approval);
    // The inputs hashed differ at their first byte: `c` for a sign-in, `{` for the others.
    expect(SIGN_IN_CHALLENGE_PREFIX.charAt(0)).toBe('c');
    expect(approvalStatementJson(KNOWN_STATEMENT).charAt(0)).toBe('{');
    expect(
      approverRegistrationJson({ tenantId: 't1', clientId: 'c1', publicKey: 'k' }).charAt(0),
    ).toBe('{');
    await expect(signInChallenge('not base64url!')).rejects.toThrow();
    await expect(signInChallenge('')).rejects.toThrow();
  });
});
