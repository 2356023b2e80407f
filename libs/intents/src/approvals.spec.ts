import { generateKeyPairSync, sign } from 'node:crypto';
import type { ApprovalStatement, DecisionClaims, SignIntent } from '@custody/contracts';
import {
  approvalDigest,
  approvedLeg,
  approverRegistrationDigest,
  canonicalJson,
  isEd25519PublicKey,
  operationOfDecision,
  policyVersionOf,
  signatureOperation,
  verifyApproverSignature,
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

describe("an approver's signature", () => {
  const key = ed25519();
  const credential = { kind: 'ed25519', publicKey: key.publicKey };
  const digest = approvalDigest(KNOWN_STATEMENT);

  it('verifies over its digest only', () => {
    expect(verifyApproverSignature(credential, digest, key.sign(digest))).toEqual({ ok: true });
    const other = approvalDigest({ ...KNOWN_STATEMENT, approvalId: 'x' });
    expect(verifyApproverSignature(credential, digest, key.sign(other))).toEqual({
      fault: 'bad_signature',
    });
    expect(
      verifyApproverSignature(
        { kind: 'ed25519', publicKey: ed25519().publicKey },
        digest,
        key.sign(digest),
      ),
    ).toEqual({ fault: 'bad_signature' });
  });

  it('refuses what is not a signature or a key, and a passkey until passkeys are verified', () => {
    for (const bad of [undefined, 42, '', 'not base64url!', key.sign(digest).slice(1)])
      expect(verifyApproverSignature(credential, digest, bad)).toEqual({ fault: 'malformed' });
    expect(
      verifyApproverSignature({ kind: 'ed25519', publicKey: 'AAAA' }, digest, key.sign(digest)),
    ).toEqual({ fault: 'malformed' });
    expect(
      verifyApproverSignature(
        { kind: 'webauthn', publicKey: key.publicKey },
        digest,
        key.sign(digest),
      ),
    ).toEqual({ fault: 'unsupported_kind' });
    expect(isEd25519PublicKey(key.publicKey)).toBe(true);
    expect(isEd25519PublicKey(`${key.publicKey}A`)).toBe(false);
  });

  it("registers a key for one tenant and client: another's digest differs", () => {
    const registration = {
      tenantId: 't1',
      clientId: 'c1',
      kind: 'ed25519' as const,
      publicKey: key.publicKey,
    };
    const digest1 = approverRegistrationDigest(registration);
    expect(approverRegistrationDigest({ ...registration, clientId: 'c2' })).not.toBe(digest1);
    expect(approverRegistrationDigest({ ...registration, tenantId: 't2' })).not.toBe(digest1);
    expect(verifyApproverSignature(credential, digest1, key.sign(digest1))).toEqual({ ok: true });
  });
});
