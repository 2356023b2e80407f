import { generateKeyPairSync, sign } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { ApproverCredential, DecisionClaims } from '@custody/contracts';
import {
  approvalDigest,
  approverEndorsementDigest,
  approverRegistrationDigest,
  challengeOfDigest,
  operationOfDecision,
  webauthnSignature,
} from '@custody/intents';
import { SoftAuthenticator } from '@custody/testing';
import {
  approvalSignaturesHold,
  endorsementsNeeded,
  judgeAdmission,
  type Registered,
} from './approvers.rules';

// The signer's own registry rules (docs/decisions/signing-decisions.md): who joins, and whose
// approval signatures count, Ed25519 keys' and passkeys' alike.

const RP = { rpId: 'localhost', origins: ['http://localhost:3000'] };

function key() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64url'),
    sign: (digest: string) =>
      sign(null, Buffer.from(digest, 'hex'), privateKey).toString('base64url'),
  };
}

/** A passkey as the registry holds it: its COSE key, and a signer of digests (an assertion). */
function passkey() {
  const device = new SoftAuthenticator(RP.origins[0]!, RP.rpId);
  const { id, publicKey } = device.create();
  return {
    publicKey,
    sign: (digest: string) =>
      webauthnSignature(
        device.assert({ challenge: challengeOfDigest(digest) }, { credentialId: id }).response,
      ),
    /** The same passkey answering as a hostile or broken client would. */
    signAs: (digest: string, as: { origin?: string; userVerified?: boolean }) =>
      webauthnSignature(
        device.assert({ challenge: challengeOfDigest(digest) }, { credentialId: id, ...as })
          .response,
      ),
  };
}

function registeredPasskey(clientId: string, tenantId = 't1') {
  const k = passkey();
  return {
    id: uuidv7(),
    tenantId,
    clientId,
    kind: 'webauthn' as const,
    publicKey: k.publicKey,
    revokedAt: null,
    key: k,
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

  it("takes a tenant's very first key on its proof alone, never a second first", async () => {
    await expect(judgeAdmission(credential, proof, [], [], RP)).resolves.toEqual({
      admittedAs: 'first',
      kept: [],
    });
    await expect(judgeAdmission(credential, key().sign(digest), [], [], RP)).resolves.toEqual({
      fault: 'bad_proof',
    });
    // An Ed25519 proof for a credential said to be a passkey.
    await expect(
      judgeAdmission({ ...credential, kind: 'webauthn' }, proof, [], [], RP),
    ).resolves.toEqual({ fault: 'bad_proof' });
    // Every key revoked: not a first use again.
    const gone = registered('c1', 't1', true);
    expect(endorsementsNeeded([gone])).toBe(1);
    await expect(judgeAdmission(credential, proof, [], [gone], RP)).resolves.toEqual({
      fault: 'endorsements_insufficient',
    });
    await expect(
      judgeAdmission(
        credential,
        proof,
        [
          {
            credentialId: gone.id,
            signature: gone.key.sign(approverEndorsementDigest(credential, gone.id)),
          },
        ],
        [gone],
        RP,
      ),
    ).resolves.toEqual({ fault: 'endorsements_insufficient' });
  });

  it('needs min(2, clients with live keys) distinct clients to endorse a later one', async () => {
    const a1 = registered('a');
    const a2 = registered('a');
    const b = registered('b');
    const endorsement = (r: typeof a1) => ({
      credentialId: r.id,
      signature: r.key.sign(approverEndorsementDigest(credential, r.id)),
    });
    expect(endorsementsNeeded([a1])).toBe(1);
    await expect(
      judgeAdmission(credential, proof, [endorsement(a1)], [a1], RP),
    ).resolves.toMatchObject({ admittedAs: 'endorsed' });
    expect(endorsementsNeeded([a1, a2, b])).toBe(2);
    // Two keys of one client are one client.
    await expect(
      judgeAdmission(credential, proof, [endorsement(a1), endorsement(a2)], [a1, a2, b], RP),
    ).resolves.toEqual({ fault: 'endorsements_insufficient' });
    // A signature of another digest, a key of another tenant: no endorsement.
    const otherTenant = registered('x', 't2');
    await expect(
      judgeAdmission(
        credential,
        proof,
        [
          endorsement(a1),
          {
            credentialId: b.id,
            signature: b.key.sign(
              approverEndorsementDigest({ ...credential, clientId: 'c8' }, b.id),
            ),
          },
          endorsement(otherTenant),
        ],
        [a1, a2, b],
        RP,
      ),
    ).resolves.toEqual({ fault: 'endorsements_insufficient' });
    await expect(
      judgeAdmission(credential, proof, [endorsement(a1), endorsement(b)], [a1, a2, b], RP),
    ).resolves.toEqual({
      admittedAs: 'endorsed',
      kept: [
        { credentialId: a1.id, clientId: 'a', signature: endorsement(a1).signature },
        { credentialId: b.id, clientId: 'b', signature: endorsement(b).signature },
      ],
    });
  });

  it("never counts a credential's signature of a registration digest as an endorsement", async () => {
    // A compromised identity lists a1's passkey id with the attacker's key: the holder's routine
    // "use for approvals" makes it sign the attacker's registration digest (a proof-style
    // signature). Offered as an endorsement, it endorses nothing, a key's or a passkey's.
    const a1 = registered('a');
    const p1 = registeredPasskey('p');
    for (const endorser of [a1, p1]) {
      const asProof = { credentialId: endorser.id, signature: endorser.key.sign(digest) };
      await expect(judgeAdmission(credential, proof, [asProof], [endorser], RP)).resolves.toEqual({
        fault: 'endorsements_insufficient',
      });
      const endorsed = {
        credentialId: endorser.id,
        signature: endorser.key.sign(approverEndorsementDigest(credential, endorser.id)),
      };
      await expect(
        judgeAdmission(credential, proof, [endorsed], [endorser], RP),
      ).resolves.toMatchObject({ admittedAs: 'endorsed' });
    }
    // An endorsement names its endorser: one signed as a1's is not p1's.
    const asA1 = approverEndorsementDigest(credential, a1.id);
    await expect(
      judgeAdmission(
        credential,
        proof,
        [{ credentialId: p1.id, signature: p1.key.sign(asA1) }],
        [p1],
        RP,
      ),
    ).resolves.toEqual({ fault: 'endorsements_insufficient' });
    // An endorsement is no proof either.
    await expect(judgeAdmission(credential, newKey.sign(asA1), [], [], RP)).resolves.toEqual({
      fault: 'bad_proof',
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

  const holds = async (claims: DecisionClaims) =>
    (await approvalSignaturesHold(claims, registry, RP)).ok;

  it('holds with enough distinct voters whose own registered keys signed this approval', async () => {
    await expect(approvalSignaturesHold(withVotes([['m1', m1]]), registry, RP)).resolves.toEqual({
      ok: true,
      verified: ['m1'],
    });
    expect(
      await holds(
        withVotes(
          [
            ['m1', m1],
            ['m2', m2],
          ],
          2,
        ),
      ),
    ).toBe(true);
    expect(await holds(withVotes([['admin-1', admin]]))).toBe(true);
    // Without `signed`, nothing to check.
    expect(await holds(base)).toBe(true);
  });

  it('does not hold with a key outside the registry, revoked, of another tenant or voter', async () => {
    const outsider = registered('m1');
    for (const votes of [
      [['m1', outsider]],
      [['m3', revoked]],
      [['m1', stranger]],
      [['m2', m1]],
      [['m1', m1, digestOf(base, '01900000-0000-7000-8000-000000000002')]],
    ] as [string, typeof m1, string?][][])
      expect(await holds(withVotes(votes))).toBe(false);
    expect(await holds(withVotes([['m1', m1]], 2))).toBe(false);
    // Signed for one message, presented with another.
    const signed = withVotes([['m1', m1]]);
    expect(await holds({ ...signed, intent: { kind: 'evm-message', digest: '0xdef' } })).toBe(
      false,
    );
  });
});

describe('passkeys in the registry', () => {
  it("joins as a tenant's first on its assertion over the registration digest, and endorses and is endorsed like a key", async () => {
    const k = passkey();
    const credential: ApproverCredential = {
      id: uuidv7(),
      kind: 'webauthn',
      publicKey: k.publicKey,
      clientId: 'p1',
      tenantId: 't9',
    };
    const digest = approverRegistrationDigest(credential);
    await expect(judgeAdmission(credential, k.sign(digest), [], [], RP)).resolves.toEqual({
      admittedAs: 'first',
      kept: [],
    });
    // Another origin's assertion, one without user verification, one over another digest.
    for (const proof of [
      k.signAs(digest, { origin: 'https://evil.example' }),
      k.signAs(digest, { userVerified: false }),
      k.sign(approverRegistrationDigest({ ...credential, clientId: 'p2' })),
    ])
      await expect(judgeAdmission(credential, proof, [], [], RP)).resolves.toEqual({
        fault: 'bad_proof',
      });
    // A registered passkey endorses an Ed25519 key of the tenant.
    const first = registeredPasskey('p1', 't9');
    const newKey = key();
    const ed: ApproverCredential = {
      id: uuidv7(),
      kind: 'ed25519',
      publicKey: newKey.publicKey,
      clientId: 'p2',
      tenantId: 't9',
    };
    const edDigest = approverRegistrationDigest(ed);
    await expect(
      judgeAdmission(
        ed,
        newKey.sign(edDigest),
        [
          {
            credentialId: first.id,
            signature: first.key.sign(approverEndorsementDigest(ed, first.id)),
          },
        ],
        [first],
        RP,
      ),
    ).resolves.toMatchObject({ admittedAs: 'endorsed' });
  });

  it("counts a passkey's assertion over the approval's digest, and nothing else", async () => {
    const p1 = registeredPasskey('p1');
    const registry = new Map([[p1.id, p1]]);
    const claims: DecisionClaims = {
      v: 1,
      decisionId: uuidv7(),
      tenantId: 't1',
      activity: 'withdrawal',
      owner: 'w1',
      operationId: uuidv7(),
      intent: {
        kind: 'evm-transfer',
        chainId: '31337',
        from: '0x1',
        to: '0x2',
        value: '100',
        dataHash: '0x',
        nonce: 0,
        maxFeePerGas: '1',
        gasLimit: '21000',
        assetId: 'eth',
        amount: '0.0000000000000001',
        recipient: '0x00000000000000000000000000000000000a11ce',
      },
      approval: null,
      issuedAt: 0,
      expiresAt: 1,
    };
    const approvalId = '01900000-0000-7000-8000-000000000001';
    const digestFor = (id: string, c = claims) =>
      approvalDigest({
        v: 1,
        approvalId: id,
        tenantId: c.tenantId,
        activity: c.activity,
        operation: operationOfDecision(c),
        decision: 'approve',
        policyVersion: 'pv',
      });
    const vote = (signature: string, c = claims): DecisionClaims => ({
      ...c,
      approval: {
        id: approvalId,
        quorum: 1,
        decisions: [
          { clientId: 'p1', decision: 'approve', signature: { credentialId: p1.id, signature } },
        ],
        signed: { quorum: 1, policyVersion: 'pv' },
      },
    });
    const holds = async (c: DecisionClaims) => (await approvalSignaturesHold(c, registry, RP)).ok;
    const good = p1.key.sign(digestFor(approvalId));
    expect(await holds(vote(good))).toBe(true);
    // Replayed from another approval; for another recipient; another origin; no verified user.
    expect(await holds(vote(p1.key.sign(digestFor('01900000-0000-7000-8000-000000000002'))))).toBe(
      false,
    );
    const elsewhere = {
      ...claims,
      intent: { ...claims.intent, recipient: '0x000000000000000000000000000000000000dead' },
    } as DecisionClaims;
    expect(await holds(vote(good, elsewhere))).toBe(false);
    expect(
      await holds(vote(p1.key.signAs(digestFor(approvalId), { origin: 'https://evil.example' }))),
    ).toBe(false);
    expect(await holds(vote(p1.key.signAs(digestFor(approvalId), { userVerified: false })))).toBe(
      false,
    );
    // Another passkey's assertion, presented as p1's.
    expect(await holds(vote(passkey().sign(digestFor(approvalId))))).toBe(false);
  });
});
