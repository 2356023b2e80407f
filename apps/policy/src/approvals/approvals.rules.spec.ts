import { refusalOf } from '@custody/testing';
import { checkDecider, statusAfter } from './approvals.rules';

const NOW = new Date(1_800_000_000_000);
const PENDING = {
  status: 'pending' as const,
  expiresAt: new Date(NOW.getTime() + 60_000),
  initiatorClientId: 'initiator',
  approverIds: null,
};

function expectRefusal(attempt: () => unknown, status: number, code: string): void {
  expect(refusalOf(attempt)).toMatchObject({ status, code });
}

describe('who decides', () => {
  it('is an eligible client other than the initiator, once, while the approval is pending', () => {
    expect(() => checkDecider(PENDING, 'a', ['a', 'b'], [], NOW)).not.toThrow();
    expectRefusal(
      () => checkDecider(PENDING, 'initiator', ['initiator'], [], NOW),
      403,
      'self_approval_forbidden',
    );
    expectRefusal(() => checkDecider(PENDING, 'c', ['a', 'b'], [], NOW), 403, 'approver_forbidden');
    expectRefusal(
      () => checkDecider({ ...PENDING, approverIds: ['b'] }, 'a', ['a', 'b'], [], NOW),
      403,
      'approver_forbidden',
    );
    expectRefusal(
      () => checkDecider(PENDING, 'a', ['a'], [{ clientId: 'a' }], NOW),
      409,
      'already_decided',
    );
    expectRefusal(
      () => checkDecider({ ...PENDING, status: 'approved' }, 'a', ['a'], [], NOW),
      409,
      'approval_finished',
    );
    expectRefusal(
      () => checkDecider({ ...PENDING, expiresAt: NOW }, 'a', ['a'], [], NOW),
      409,
      'approval_finished',
    );
  });
});

describe('the outcome', () => {
  it('is rejected at any rejection, approved at the quorum, pending before', () => {
    const approve = { decision: 'approve' as const };
    const reject = { decision: 'reject' as const };
    expect(statusAfter(2, [approve])).toBe('pending');
    expect(statusAfter(2, [approve, approve])).toBe('approved');
    expect(statusAfter(2, [approve, reject])).toBe('rejected');
    expect(statusAfter(1, [reject])).toBe('rejected');
  });
});
