import {
  approvalOf,
  callOf,
  clientOf,
  createPolicyHarness,
  type PolicyHarness,
  withdrawal,
} from '../test-harness';
import { freezeApprovals, releaseFrozenApprovals } from './frozen-approvals';

// A restore's freeze of the pending approvals against a real PostgreSQL
// (docs/operations/restore-runbook.md): frozen, none is decided and none expires; released, each
// still pending ends `cancelled` with its event and its operation's count freed.

let h: PolicyHarness;

beforeAll(async () => {
  h = await createPolicyHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

it('freezes pending approvals: no one decides them and none expires, until the release cancels each', async () => {
  await h.policy('fz', {
    rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
  });
  const op = withdrawal('fz', '2');
  const held = approvalOf((await h.evaluation.evaluate(clientOf('fz', 1), [op]))[0]);
  // One already past its time that the sweep had not reached when the database was copied.
  const due = approvalOf(
    (
      await h
        .evaluationWith(h.approvalsWith(0))
        .evaluate(clientOf('fz', 1), [withdrawal('fz', '3')])
    )[0],
  );
  const decided = approvalOf(
    (await h.evaluation.evaluate(clientOf('fz', 1), [withdrawal('fz', '4')]))[0],
  );
  await h.decide.decide(clientOf('fz', 2), decided, { decision: 'reject' });

  expect(await freezeApprovals(h.db)).toEqual({ frozenApprovals: 2 });
  // Run again (the step repeated): nothing more to freeze.
  expect(await freezeApprovals(h.db)).toEqual({ frozenApprovals: 0 });
  for (const id of [held, due])
    await expect(
      h.decide.decide(clientOf('fz', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_frozen' });
  expect(await h.expire.expireDue()).toBe(0);
  // Nor does a service's release of the operation (a compromised trading or issuer may call it).
  await h.release.release(callOf('wallet-ledger'), [op.operationId]);
  expect((await h.approvals.get(clientOf('fz', 1), held)).status).toBe('pending');

  expect(await releaseFrozenApprovals(h.db)).toEqual({ cancelledApprovals: 2, released: 2 });
  expect(await releaseFrozenApprovals(h.db)).toEqual({ cancelledApprovals: 0, released: 0 });
  const after = await h.approvals.get(clientOf('fz', 1), held);
  expect(after.status).toBe('cancelled');
  // Its expiry back as it was held: the event carries the approval as it was.
  expect(new Date(after.expiresAt).getFullYear()).toBeLessThan(9999);
  expect((await h.eventsOf(held)).map((e) => [e.name, e.data['status']])).toEqual([
    ['approval.is-pending', 'pending'],
    ['approval.is-decided', 'cancelled'],
  ]);
  expect((await h.usage('fz')).find((u) => u.op === op.operationId)).toMatchObject({
    released: true,
  });
  // The one decided before the freeze is left as it was.
  expect((await h.approvals.get(clientOf('fz', 1), decided)).status).toBe('rejected');
});
