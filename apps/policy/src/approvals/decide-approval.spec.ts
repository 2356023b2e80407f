import { generateKeyPairSync, sign } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type {
  ApprovalStatement,
  ApprovalView,
  AuthContext,
  GovernedOperation,
  ListQuery,
} from '@custody/contracts';
import { approvalDigest, challengeOfDigest, webauthnSignature } from '@custody/intents';
import { type AssertionOptions, SoftAuthenticator } from '@custody/testing';
import {
  adminOf,
  approvalOf,
  clientOf,
  createPolicyHarness,
  messages,
  type PolicyHarness,
  TEST_RELYING_PARTY,
  withdrawal,
} from '../test-harness';

// Approvers' decisions against a real PostgreSQL: the quorum of every requirement, who may
// decide (and for which side), once, the first rejection ending it and freeing its velocity
// count, and the outcome's event written in the decision's own transaction.

let h: PolicyHarness;

const page: ListQuery = { page: 1, limit: 100, sort: { field: 'createdAt', direction: 'asc' } };

async function evaluate(caller: AuthContext, ...ops: GovernedOperation[]) {
  return h.evaluation.evaluate(caller, ops);
}

/** An approval as its events carry it: without what an approver signs (reads only). */
function eventOf({ signing: _signing, ...view }: ApprovalView) {
  return view;
}

/** An Ed25519 approver key: its raw public key and a signer of statements. */
function approverKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64url'),
    sign: (statement: ApprovalStatement) =>
      sign(null, Buffer.from(approvalDigest(statement), 'hex'), privateKey).toString('base64url'),
  };
}

beforeAll(async () => {
  h = await createPolicyHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('decisions', () => {
  it('need the quorum of named approvers; the initiator, others, a second vote and late ones are refused', async () => {
    await h.policy('da', {
      rule: { kind: 'always' },
      approvers: { quorum: 2, clientIds: ['da-c2', 'da-c3'] },
    });
    const [decision] = await evaluate(clientOf('da', 1), withdrawal('da', '1'));
    const id = approvalOf(decision);

    await expect(
      h.decide.decide(clientOf('da', 1), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 403, code: 'self_approval_forbidden' });
    await expect(
      h.decide.decide(clientOf('da', 4), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 403, code: 'approver_forbidden' });
    await expect(
      h.decide.decide(clientOf('db', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(h.approvals.get(clientOf('db', 2), id)).rejects.toMatchObject({ status: 404 });

    await h.decide.decide(clientOf('da', 2), id, { decision: 'approve' });
    expect((await h.approvals.get(clientOf('da', 1), id)).status).toBe('pending');
    expect((await h.eventsOf(id)).map((e) => e.name)).toEqual(['approval.is-pending']);
    await expect(
      h.decide.decide(clientOf('da', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'already_decided' });

    await h.decide.decide(clientOf('da', 3), id, { decision: 'approve', reason: 'checked' });
    const approved = await h.approvals.get(clientOf('da', 1), id);
    expect(approved.status).toBe('approved');
    expect(approved.decisions).toEqual([
      {
        clientId: 'da-c2',
        decision: 'approve',
        reason: null,
        credentialId: null,
        createdAt: expect.any(String),
      },
      {
        clientId: 'da-c3',
        decision: 'approve',
        reason: 'checked',
        credentialId: null,
        createdAt: expect.any(String),
      },
    ]);
    const events = await h.eventsOf(id);
    expect(events.map((e) => e.name)).toEqual(['approval.is-pending', 'approval.is-decided']);
    expect(events[1]).toEqual({
      name: 'approval.is-decided',
      tenantId: 'da',
      data: eventOf(approved),
    });

    await expect(
      h.decide.decide(clientOf('da', 4), id, { decision: 'reject' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_finished' });
    const listed = await h.approvals.list(clientOf('da', 1), page, { status: 'approved' });
    expect(listed.items.map((a) => a.id)).toEqual([id]);
    expect((await h.approvals.list(clientOf('db', 1), page, {})).items).toEqual([]);
  });

  it("end at the first rejection, which frees the operation's velocity count", async () => {
    await h.policy('dr', {
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const c1 = clientOf('dr', 1);
    const first = withdrawal('dr', '0.6');
    const second = withdrawal('dr', '0.6');
    expect(await evaluate(c1, first)).toEqual([{ decision: 'allow' }]);
    const id = approvalOf((await evaluate(c1, second))[0]);
    // A held operation counts while it waits.
    expect((await h.usage('dr')).map((u) => u.released)).toEqual([false, false]);

    await h.decide.decide(clientOf('dr', 2), id, { decision: 'reject', reason: 'too much' });
    const rejected = await h.approvals.get(c1, id);
    expect(rejected.status).toBe('rejected');
    expect(await h.usage('dr')).toEqual([
      { op: first.operationId, amount: '0.6', released: false },
      { op: second.operationId, amount: '0.6', released: true },
    ]);
    expect((await h.eventsOf(id)).at(-1)).toEqual({
      name: 'approval.is-decided',
      tenantId: 'dr',
      data: eventOf(rejected),
    });
    // 0.6 + 0.4 is the limit, not over it: the rejected 0.6 no longer counts.
    expect(await evaluate(c1, withdrawal('dr', '0.4'))).toEqual([{ decision: 'allow' }]);
  });

  it('need every requirement: a client whose requirements have their quorum is not needed', async () => {
    const anyone = await h.policy('dm', { rule: { kind: 'always' } });
    const named = await h.policy('dm', {
      name: 'named',
      rule: { kind: 'always' },
      approvers: { quorum: 1, clientIds: ['dm-c3'] },
    });
    const id = approvalOf((await evaluate(clientOf('dm', 1), withdrawal('dm', '1')))[0]);
    const pending = await h.approvals.get(clientOf('dm', 1), id);
    expect([...pending.policyIds].sort()).toEqual([anyone, named].sort());

    await h.decide.decide(clientOf('dm', 2), id, { decision: 'approve' });
    await expect(
      h.decide.decide(clientOf('dm', 4), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_not_needed' });
    expect((await h.approvals.get(clientOf('dm', 1), id)).status).toBe('pending');
    await h.decide.decide(clientOf('dm', 3), id, { decision: 'approve' });
    expect((await h.approvals.get(clientOf('dm', 1), id)).status).toBe('approved');
  });

  it("leave a platform policy's requirement to the admins", async () => {
    const { id: platform } = await h.policies.create(adminOf(1), {
      name: 'platform hold',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
      filters: { assetIds: ['plat-coin'] },
    });
    const id = approvalOf(
      (await evaluate(clientOf('dp', 1), withdrawal('dp', '1', { assetId: 'plat-coin' })))[0],
    );
    expect((await h.approvals.get(clientOf('dp', 1), id)).requirements).toEqual([
      { policyId: platform, quorum: 1, approverIds: null, platform: true, signed: false },
    ]);
    await expect(
      h.decide.decide(clientOf('dp', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 403, code: 'approver_forbidden' });
    await h.decide.decide(adminOf(1), id, { decision: 'approve' });
    expect((await h.eventsOf(id)).at(-1)).toMatchObject({
      name: 'approval.is-decided',
      tenantId: 'dp',
      data: { status: 'approved', decisions: [{ clientId: 'admin-1', decision: 'approve' }] },
    });
  });
});

describe('signed approvals', () => {
  it("count only with the decider's own active key's signature of this approval; rejections need none", async () => {
    await h.policy('sg', { rule: { kind: 'always' }, approvers: { quorum: 1, signed: true } });
    const held = async (amount: string) =>
      approvalOf((await evaluate(clientOf('sg', 1), withdrawal('sg', amount)))[0]);
    const [x, y, z] = [await held('1'), await held('2'), await held('3')];
    const statementOf = async (id: string) => {
      const view = await h.approvals.get(clientOf('sg', 1), id);
      expect(view.signing?.required).toBe(true);
      return view.signing?.statement as ApprovalStatement;
    };
    const [k2, k3, platformKey] = [approverKey(), approverKey(), approverKey()];
    const credential = (key: { publicKey: string }, clientId: string, tenantId = 'sg') => ({
      id: uuidv7(),
      kind: 'ed25519' as const,
      publicKey: key.publicKey,
      clientId,
      tenantId,
    });
    const c2 = credential(k2, 'sg-c2');
    const c3 = credential(k3, 'sg-c3');
    // An admin's key of sg-c2: the platform's, not the tenant's.
    const asAdmin = credential(platformKey, 'sg-c2', 'platform');
    h.approverCredentials.push(c2, c3, asAdmin);
    const statement = await statementOf(x);
    expect(statement).toMatchObject({
      approvalId: x,
      tenantId: 'sg',
      activity: 'withdrawal',
      operation: {
        kind: 'movement',
        legs: [{ walletId: 'w1', assetId: 'eth', amount: '1', destination: '0xdest' }],
      },
    });
    const decide = (signature?: { credentialId: string; signature: string }, client = 2) =>
      h.decide.decide(clientOf('sg', client), x, {
        decision: 'approve',
        ...(signature ? { signature } : {}),
      });
    const invalid = { status: 403, code: 'approval_signature_invalid' };
    await expect(decide()).rejects.toMatchObject({
      status: 400,
      code: 'approval_signature_required',
    });
    // Another approval's statement (a replay), another operation's, another client's key, a key
    // of the platform's side, a key identity does not list as active (pending or revoked).
    const y1 = await statementOf(y);
    await expect(decide({ credentialId: c2.id, signature: k2.sign(y1) })).rejects.toMatchObject(
      invalid,
    );
    const otherOperation = {
      ...statement,
      operation: {
        kind: 'movement' as const,
        legs: [{ walletId: 'w1', assetId: 'eth', amount: '1', destination: '0xattacker' }],
      },
    };
    await expect(
      decide({ credentialId: c2.id, signature: k2.sign(otherOperation) }),
    ).rejects.toMatchObject(invalid);
    await expect(
      decide({ credentialId: c3.id, signature: k3.sign(statement) }),
    ).rejects.toMatchObject(invalid);
    await expect(
      decide({ credentialId: asAdmin.id, signature: platformKey.sign(statement) }),
    ).rejects.toMatchObject(invalid);
    await expect(
      decide({ credentialId: uuidv7(), signature: k2.sign(statement) }),
    ).rejects.toMatchObject(invalid);
    expect((await h.approvals.get(clientOf('sg', 1), x)).decisions).toEqual([]);

    await decide({ credentialId: c2.id, signature: k2.sign(statement) });
    const approved = await h.approvals.get(clientOf('sg', 1), x);
    expect(approved).toMatchObject({
      status: 'approved',
      decisions: [{ clientId: 'sg-c2', decision: 'approve', credentialId: c2.id }],
    });
    // A rejection needs no signature.
    await h.decide.decide(clientOf('sg', 3), z, { decision: 'reject' });
    expect((await h.approvals.get(clientOf('sg', 1), z)).status).toBe('rejected');
  });
});

describe('signed approvals with a passkey', () => {
  it("count only with the decider's passkey's assertion over this approval's digest, for this relying party, the person verified", async () => {
    await h.policy('sp', { rule: { kind: 'always' }, approvers: { quorum: 1, signed: true } });
    const held = async (amount: string) =>
      approvalOf((await evaluate(clientOf('sp', 1), withdrawal('sp', amount)))[0]);
    const [x, y] = [await held('1'), await held('2')];
    const statementOf = async (id: string) =>
      (await h.approvals.get(clientOf('sp', 1), id)).signing?.statement as ApprovalStatement;
    const [origin] = TEST_RELYING_PARTY.origins as [string];
    const device = new SoftAuthenticator(origin, TEST_RELYING_PARTY.rpId);
    const passkey = device.create();
    const credential = {
      id: uuidv7(),
      kind: 'webauthn' as const,
      publicKey: passkey.publicKey,
      clientId: 'sp-c2',
      tenantId: 'sp',
    };
    h.approverCredentials.push(credential);
    // A passkey identity does not list (outside the registry: never registered, or revoked).
    const stranger = new SoftAuthenticator(origin, TEST_RELYING_PARTY.rpId);
    stranger.create();
    const assertion = (
      on: SoftAuthenticator,
      statement: ApprovalStatement,
      opts: AssertionOptions = {},
    ) =>
      webauthnSignature(
        on.assert({ challenge: challengeOfDigest(approvalDigest(statement)) }, opts).response,
      );
    const decide = (signature: string, credentialId = credential.id, approval = x) =>
      h.decide.decide(clientOf('sp', 2), approval, {
        decision: 'approve',
        signature: { credentialId, signature },
      });
    const invalid = { status: 403, code: 'approval_signature_invalid' };
    const [sx, sy] = [await statementOf(x), await statementOf(y)];

    // Made over another approval (replayed from it), over another intent, for another origin or
    // relying party, without user verification, bytes that do not verify, or by a passkey
    // outside identity's active credentials.
    const otherIntent = {
      ...sx,
      operation: {
        kind: 'movement' as const,
        legs: [{ walletId: 'w1', assetId: 'eth', amount: '1', destination: '0xattacker' }],
      },
    };
    const [authData, clientData] = assertion(device, sx).split('.') as [string, string];
    const forged = `${authData}.${clientData}.${assertion(device, sy).split('.')[2]}`;
    for (const signature of [
      assertion(device, sy),
      assertion(device, otherIntent),
      assertion(device, sx, { origin: 'https://evil.example' }),
      assertion(device, sx, { rpId: 'evil.example' }),
      assertion(device, sx, { userVerified: false }),
      forged,
    ])
      await expect(decide(signature)).rejects.toMatchObject(invalid);
    await expect(decide(assertion(stranger, sx), uuidv7())).rejects.toMatchObject(invalid);
    await expect(decide(assertion(stranger, sx))).rejects.toMatchObject(invalid);
    expect((await h.approvals.get(clientOf('sp', 1), x)).decisions).toEqual([]);

    // The right one counts; the same assertion replayed on the other approval does not.
    const good = assertion(device, sx);
    await decide(good);
    expect(await h.approvals.get(clientOf('sp', 1), x)).toMatchObject({
      status: 'approved',
      decisions: [{ clientId: 'sp-c2', decision: 'approve', credentialId: credential.id }],
    });
    await expect(decide(good, credential.id, y)).rejects.toMatchObject(invalid);
    expect((await h.approvals.get(clientOf('sp', 1), y)).decisions).toEqual([]);
  });
});

describe('the outbox, in the same transaction', () => {
  it('records no decision whose outcome event cannot be written', async () => {
    await h.policy('od', { rule: { kind: 'always' } });
    const id = approvalOf((await evaluate(clientOf('od', 1), withdrawal('od', '1')))[0]);
    const undo = await h.refuseEventsWhere(
      `NEW.tenant_id = 'od' AND NEW.name = 'approval.is-decided'`,
    );
    try {
      const error = await h.decide
        .decide(clientOf('od', 2), id, { decision: 'approve' })
        .catch((e: unknown) => e);
      expect(messages(error)).toContain('the outbox refuses this event');
    } finally {
      await undo();
    }
    const still = await h.approvals.get(clientOf('od', 1), id);
    expect(still).toMatchObject({ status: 'pending', decisions: [] });
    expect((await h.eventsOf(id)).map((e) => e.name)).toEqual(['approval.is-pending']);

    // The same client decides again: its first decision left nothing behind.
    await h.decide.decide(clientOf('od', 2), id, { decision: 'approve' });
    expect((await h.eventsOf(id)).map((e) => [e.name, e.data['status']])).toEqual([
      ['approval.is-pending', 'pending'],
      ['approval.is-decided', 'approved'],
    ]);
  });
});
