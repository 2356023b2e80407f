import { MAX_OUTCOMES_ASKED } from '@custody/contracts';
import {
  approvalOf,
  clientOf,
  createPolicyHarness,
  type PolicyHarness,
  withdrawal,
} from '../test-harness';
import { ApprovalOutcomes } from './approval-outcomes';

// What the apps that hold operations read back of their approvals (their sweeps), against a real
// PostgreSQL: the decided ones only, as the event carries them, and only the asker's activities.

let h: PolicyHarness;
let outcomes: ApprovalOutcomes;

beforeAll(async () => {
  h = await createPolicyHarness();
  outcomes = new ApprovalOutcomes(h.db);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

async function heldWithdrawal(tenantId: string): Promise<string> {
  return approvalOf(
    (await h.evaluation.evaluate(clientOf(tenantId, 1), [withdrawal(tenantId, '1')]))[0],
  );
}

it('answer the decided approvals as their event carried them, and leave out pending and unknown ones', async () => {
  await h.policy('oc', { rule: { kind: 'always' } });
  const approved = await heldWithdrawal('oc');
  const pending = await heldWithdrawal('oc');
  await h.decide.decide(clientOf('oc', 2), approved, { decision: 'approve' });

  const read = await outcomes.read('wallet-ledger', [
    approved,
    pending,
    '0190a8e4-0000-7000-8000-000000000009',
    'not-a-uuid',
  ]);

  const event = (await h.eventsOf(approved)).find((e) => e.name === 'approval.is-decided');
  expect(read.approvals).toEqual([event?.data]);
  expect(read.approvals[0]).toMatchObject({ id: approved, status: 'approved' });
});

it("answer another app nothing of wallet-ledger's approvals, and refuse an app that holds none", async () => {
  await h.policy('ox', { rule: { kind: 'always' } });
  const id = await heldWithdrawal('ox');
  await h.decide.decide(clientOf('ox', 2), id, { decision: 'reject' });
  expect(await outcomes.read('trading', [id])).toEqual({ approvals: [] });
  expect(await outcomes.read('identity', [id])).toEqual({ approvals: [] });
  expect((await outcomes.read('wallet-ledger', [id])).approvals).toMatchObject([
    { id, status: 'rejected' },
  ]);
  await expect(outcomes.read('notifier', [id])).rejects.toMatchObject({
    status: 403,
    code: 'caller_not_allowed',
  });
  await expect(
    outcomes.read(
      'wallet-ledger',
      Array.from({ length: MAX_OUTCOMES_ASKED + 1 }, () => id),
    ),
  ).rejects.toMatchObject({ status: 400 });
});
