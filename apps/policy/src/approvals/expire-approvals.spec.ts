import {
  approvalOf,
  clientOf,
  createPolicyHarness,
  type PolicyHarness,
  withdrawal,
} from '../test-harness';

// The sweep's expiry against a real PostgreSQL: approvals past their time are refused to
// deciders, then end `expired` with the event and their operation's velocity count freed.

let h: PolicyHarness;

beforeAll(async () => {
  h = await createPolicyHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('approvals past their time', () => {
  it('expire past their time: refused to deciders, then swept with the event and the count freed', async () => {
    await h.policy('dx', {
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const expiring = h.approvalsWith(0);
    const op = withdrawal('dx', '2');
    const id = approvalOf((await h.evaluationWith(expiring).evaluate(clientOf('dx', 1), [op]))[0]);
    await expect(
      h.decide.decide(clientOf('dx', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_finished' });

    expect(await h.expire.expireDue()).toBe(1);
    expect(await h.expire.expireDue()).toBe(0);
    expect((await h.approvals.get(clientOf('dx', 1), id)).status).toBe('expired');
    expect(await h.usage('dx')).toEqual([{ op: op.operationId, amount: '2', released: true }]);
    expect((await h.eventsOf(id)).map((e) => [e.name, e.data['status']])).toEqual([
      ['approval.is-pending', 'pending'],
      ['approval.is-decided', 'expired'],
    ]);
  });

  it('stay pending while their time runs', async () => {
    await h.policy('dy', { rule: { kind: 'always' } });
    const id = approvalOf(
      (await h.evaluation.evaluate(clientOf('dy', 1), [withdrawal('dy', '1')]))[0],
    );
    expect(await h.expire.expireDue()).toBe(0);
    expect((await h.approvals.get(clientOf('dy', 1), id)).status).toBe('pending');
  });
});
