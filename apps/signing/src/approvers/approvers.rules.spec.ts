import { generateKeyPairSync, sign } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { ApproverCredential, DecisionClaims } from '@custody/contracts';
import { approvalDigest, approverRegistrationDigest, operationOfDecision } from '@custody/intents';
import {
  approvalSignaturesHold,
  endorsementsNeeded,
  judgeAdmission,
  type Registered,
} from './approvers.rules';

// The signer's own registry rules (docs/decisions/signing-decisions.md): who joins, and whose
// approval signatures count.

function key() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64url'),
    sign: (digest: string) =>
      sign(null, Buffer.from(digest, 'hex'), privateKey).toString('base64url'),
  };
}

function registered(
  clientId: string,
  tenantId = 't1',
  revoked = false,
): Registered & { key: ReturnType<typeof key> } {
  const k = key();
  return {
    id: uuidv7(),
    tenantId,
    clientId,
    kind: 'ed25519',
    publicKey: k.publicKey,
    revokedAt: revoked ? new Date() : null,
    key: k,
  };
}

describe('joining the registry', () => {
  const newKey = key();
  const credential: ApproverCredential = {
    id: uuidv7(),
    kind: 'ed25519',
    publicKey: newKey.publicKey,
    clientId: 'c9',
    tenantId: 't1',
  };
  const digest = approverRegistrationDigest(credential);
  const proof = newKey.sign(digest);

  it("takes a tenant's very first key on its proof alone, never a second first", () => {
    expect(judgeAdmission(credential, proof, [], [])).toEqual({ admittedAs: 'first', kept: [] });
    expect(judgeAdmission(credential, key().sign(digest), [], [])).toEqual({ fault: 'bad_proof' });
    expect(judgeAdmission({ ...credential, kind: 'webauthn' }, proof, [], [])).toEqual({
      fault: 'unsupported_kind',
    });
    // Every key revoked: not a first use again.
    const gone = registered('c1', 't1', true);
    expect(endorsementsNeeded([gone])).toBe(1);
    expect(judgeAdmission(credential, proof, [], [gone])).toEqual({
      fault: 'endorsements_insufficient',
    });
    expect(
      judgeAdmission(
        credential,
        proof,
        [{ credentialId: gone.id, signature: gone.key.sign(digest) }],
        [gone],
      ),
    ).toEqual({ fault: 'endorsements_insufficient' });
  });

  it('needs min(2, clients with live keys) distinct clients to endorse a later one', () => {
    const a1 = registered('a');
    const a2 = registered('a');
    const b = registered('b');
    const endorsement = (r: typeof a1) => ({ credentialId: r.id, signature: r.key.sign(digest) });
    expect(endorsementsNeeded([a1])).toBe(1);
    expect(judgeAdmission(credential, proof, [endorsement(a1)], [a1])).toMatchObject({
      admittedAs: 'endorsed',
    });
    expect(endorsementsNeeded([a1, a2, b])).toBe(2);
    // Two keys of one client are one client.
    expect(
      judgeAdmission(credential, proof, [endorsement(a1), endorsement(a2)], [a1, a2, b]),
    ).toEqual({
      fault: 'endorsements_insufficient',
    });
    // A signature of another digest, a key of another tenant: no endorsement.
    const otherTenant = registered('x', 't2');
    expect(
      judgeAdmission(
        credential,
        proof,
        [
          endorsement(a1),
          {
            credentialId: b.id,
            signature: b.key.sign(approverRegistrationDigest({ ...credential, clientId: 'c8' })),
          },
          endorsement(otherTenant),
        ],
        [a1, a2, b],
      ),
    ).toEqual({ fault: 'endorsements_insufficient' });
    expect(
      judgeAdmission(credential, proof, [endorsement(a1), endorsement(b)], [a1, a2, b]),
    ).toEqual({
      admittedAs: 'endorsed',
      kept: [
        { credentialId: a1.id, clientId: 'a', signature: endorsement(a1).signature },
        { credentialId: b.id, clientId: 'b', signature: endorsement(b).signature },
      ],
    });
  });
});

describe("a decision's approval signatures", () => {
  const m1 = registered('m1');
  const m2 = registered('m2');
  const admin = registered('admin-1', 'platform');
  const stranger = registered('m1', 't2');
  const revoked = registered('m3', 't1', true);
  const registry = new Map([m1, m2, admin, stranger, revoked].map((c) => [c.id, c]));
  const base: DecisionClaims = {
    v: 1,
    decisionId: uuidv7(),
    tenantId: 't1',
    activity: 'sign-message',
    owner: 'w1',
    operationId: uuidv7(),
    intent: { kind: 'evm-message', digest: '0xabc' },
    approval: null,
    issuedAt: 0,
    expiresAt: 1,
  };
  const digestOf = (claims: DecisionClaims, approvalId: string) =>
    approvalDigest({
      v: 1,
      approvalId,
      tenantId: claims.tenantId,
      activity: claims.activity,
      operation: operationOfDecision(claims),
      decision: 'approve',
      policyVersion: 'pv',
    });
  const withVotes = (
    votes: [string, Registered & { key: ReturnType<typeof key> }, string?][],
    quorum = 1,
    claims = base,
  ): DecisionClaims => {
    const approvalId = '01900000-0000-7000-8000-000000000001';
    return {
      ...claims,
      approval: {
        id: approvalId,
        quorum,
        decisions: votes.map(([clientId, credential, digest]) => ({
          clientId,
          decision: 'approve',
          signature: {
            credentialId: credential.id,
            signature: credential.key.sign(digest ?? digestOf(claims, approvalId)),
          },
        })),
        signed: { quorum, policyVersion: 'pv' },
      },
    };
  };

  it('holds with enough distinct voters whose own registered keys signed this approval', () => {
    expect(approvalSignaturesHold(withVotes([['m1', m1]]), registry)).toEqual({
      ok: true,
      verified: ['m1'],
    });
    expect(
      approvalSignaturesHold(
        withVotes(
          [
            ['m1', m1],
            ['m2', m2],
          ],
          2,
        ),
        registry,
      ).ok,
    ).toBe(true);
    expect(approvalSignaturesHold(withVotes([['admin-1', admin]]), registry).ok).toBe(true);
    // Without `signed`, nothing to check.
    expect(approvalSignaturesHold(base, registry).ok).toBe(true);
  });

  it('does not hold with a key outside the registry, revoked, of another tenant or voter', () => {
    const outsider = registered('m1');
    for (const votes of [
      [['m1', outsider]],
      [['m3', revoked]],
      [['m1', stranger]],
      [['m2', m1]],
      [['m1', m1, digestOf(base, '01900000-0000-7000-8000-000000000002')]],
    ] as [string, typeof m1, string?][][])
      expect(approvalSignaturesHold(withVotes(votes), registry).ok).toBe(false);
    expect(approvalSignaturesHold(withVotes([['m1', m1]], 2), registry).ok).toBe(false);
    // Signed for one message, presented with another.
    const signed = withVotes([['m1', m1]]);
    expect(
      approvalSignaturesHold(
        { ...signed, intent: { kind: 'evm-message', digest: '0xdef' } },
        registry,
      ).ok,
    ).toBe(false);
  });
});
