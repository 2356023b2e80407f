import { MAX_EVALUATED_OPERATIONS } from '@custody/contracts';
import {
  approvalOf,
  clientOf,
  createPolicyHarness,
  type PolicyHarness,
  withdrawal,
} from '../test-harness';

// Releasing operations wallet-ledger did not create, against a real PostgreSQL: their approvals
// end `cancelled` with the event, their velocity counts are freed, and nothing more is decided.

let h: PolicyHarness;

beforeAll(async () => {
  h = await createPolicyHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('released operations', () => {
  it('end `cancelled` when the operation is released, with the event, and take no decision after', async () => {
    await h.policy('dc', { rule: { kind: 'always' } });
    const op = withdrawal('dc', '1');
    const id = approvalOf((await h.evaluation.evaluate(clientOf('dc', 1), [op]))[0]);
    expect(await h.release.release([op.operationId, 'not-a-uuid'])).toEqual({ released: 0 });
    expect((await h.approvals.get(clientOf('dc', 1), id)).status).toBe('cancelled');
    expect((await h.eventsOf(id)).map((e) => [e.name, e.data['status']])).toEqual([
      ['approval.is-pending', 'pending'],
      ['approval.is-decided', 'cancelled'],
    ]);
    await expect(
      h.decide.decide(clientOf('dc', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_finished' });
  });

  it('free their velocity counts once; a second release frees nothing', async () => {
    await h.policy('rv', {
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const op = withdrawal('rv', '0.6');
    expect(await h.evaluation.evaluate(clientOf('rv', 1), [op])).toEqual([{ decision: 'allow' }]);
    expect(await h.release.release([op.operationId])).toEqual({ released: 1 });
    expect(await h.release.release([op.operationId])).toEqual({ released: 0 });
    expect(await h.usage('rv')).toEqual([{ op: op.operationId, amount: '0.6', released: true }]);
  });

  it('refuse more operations at once than an evaluation takes, releasing none', async () => {
    await h.policy('rm', {
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const op = withdrawal('rm', '0.5');
    await h.evaluation.evaluate(clientOf('rm', 1), [op]);
    const many = [op.operationId, ...Array.from({ length: MAX_EVALUATED_OPERATIONS }, () => 'x')];
    await expect(h.release.release(many)).rejects.toMatchObject({
      status: 400,
      code: 'too_many_operations',
    });
    expect((await h.usage('rm')).map((u) => u.released)).toEqual([false]);
  });
});
