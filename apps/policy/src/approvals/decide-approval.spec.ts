import type { AuthContext, GovernedOperation, ListQuery } from '@custody/contracts';
import {
  adminOf,
  approvalOf,
  clientOf,
  createPolicyHarness,
  messages,
  type PolicyHarness,
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
      { clientId: 'da-c2', decision: 'approve', reason: null, createdAt: expect.any(String) },
      { clientId: 'da-c3', decision: 'approve', reason: 'checked', createdAt: expect.any(String) },
    ]);
    const events = await h.eventsOf(id);
    expect(events.map((e) => e.name)).toEqual(['approval.is-pending', 'approval.is-decided']);
    expect(events[1]).toEqual({ name: 'approval.is-decided', tenantId: 'da', data: approved });

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
      data: rejected,
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
      { policyId: platform, quorum: 1, approverIds: null, platform: true },
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
