import {
  type ApprovalRequirement,
  type GovernedOperation,
  MAX_EVALUATED_OPERATIONS,
} from '@custody/contracts';
import { refusalOf } from '@custody/testing';
import {
  checkBatch,
  checkDecider,
  qualifyingFor,
  requirementsOf,
  statusAfter,
  summaryOf,
} from './approvals.rules';

const NOW = new Date(1_800_000_000_000);
const PENDING = {
  status: 'pending' as const,
  expiresAt: new Date(NOW.getTime() + 60_000),
  initiatorClientId: 'initiator',
  initiatorPersonId: null as string | null,
};

function expectRefusal(attempt: () => unknown, status: number, code: string): void {
  expect(refusalOf(attempt)).toMatchObject({ status, code });
}

const TENANT_TWO: ApprovalRequirement = {
  policyId: 'tenant-two',
  quorum: 2,
  approverIds: null,
  platform: false,
};
const CFO: ApprovalRequirement = {
  policyId: 'cfo',
  quorum: 1,
  approverIds: ['cfo'],
  platform: false,
};
const PLATFORM: ApprovalRequirement = {
  policyId: 'platform',
  quorum: 1,
  approverIds: null,
  platform: true,
};

describe('who decides', () => {
  it('counts for the requirements of its side where it is eligible and, if named, named', () => {
    const all = [TENANT_TWO, CFO, PLATFORM];
    expect(qualifyingFor(all, { clientId: 'a', admin: false }, ['a', 'cfo'])).toEqual([
      'tenant-two',
    ]);
    expect(qualifyingFor(all, { clientId: 'cfo', admin: false }, ['a', 'cfo'])).toEqual([
      'tenant-two',
      'cfo',
    ]);
    expect(qualifyingFor(all, { clientId: 'root', admin: true }, ['root'])).toEqual(['platform']);
    // Not eligible (scopes, another tenant): counts for nothing.
    expect(qualifyingFor(all, { clientId: 'x', admin: false }, ['a'])).toEqual([]);
  });

  it('is a person other than the initiator, whichever client: two clients of one person are one vote', () => {
    const started = { ...PENDING, initiatorPersonId: 'alice' };
    expectRefusal(
      () => checkDecider(started, { clientId: 'a', personId: 'alice' }, ['tenant-two'], [], NOW),
      403,
      'self_approval_forbidden',
    );
    expect(() =>
      checkDecider(started, { clientId: 'a', personId: 'bob' }, ['tenant-two'], [], NOW),
    ).not.toThrow();
    expectRefusal(
      () =>
        checkDecider(
          started,
          { clientId: 'b', personId: 'bob' },
          ['tenant-two'],
          [{ clientId: 'a', personId: 'bob' }],
          NOW,
        ),
      409,
      'already_decided',
    );
    // Clients that name no person are each their own person.
    expect(() =>
      checkDecider(
        PENDING,
        { clientId: 'b' },
        ['tenant-two'],
        [{ clientId: 'a', personId: null }],
        NOW,
      ),
    ).not.toThrow();
  });

  it('is a client other than the initiator, counting for something, once, while pending', () => {
    expect(() => checkDecider(PENDING, { clientId: 'a' }, ['tenant-two'], [], NOW)).not.toThrow();
    expectRefusal(
      () => checkDecider(PENDING, { clientId: 'initiator' }, ['tenant-two'], [], NOW),
      403,
      'self_approval_forbidden',
    );
    expectRefusal(
      () => checkDecider(PENDING, { clientId: 'c' }, [], [], NOW),
      403,
      'approver_forbidden',
    );
    expectRefusal(
      () => checkDecider(PENDING, { clientId: 'a' }, ['tenant-two'], [{ clientId: 'a' }], NOW),
      409,
      'already_decided',
    );
    expectRefusal(
      () =>
        checkDecider(
          { ...PENDING, status: 'approved' },
          { clientId: 'a' },
          ['tenant-two'],
          [],
          NOW,
        ),
      409,
      'approval_finished',
    );
    expectRefusal(
      () =>
        checkDecider({ ...PENDING, expiresAt: NOW }, { clientId: 'a' }, ['tenant-two'], [], NOW),
      409,
      'approval_finished',
    );
  });
});

describe('the outcome', () => {
  const approve = (...countsFor: string[]) => ({ decision: 'approve' as const, countsFor });
  const reject = (...countsFor: string[]) => ({ decision: 'reject' as const, countsFor });

  it('is rejected at any rejection, approved when every requirement has its quorum', () => {
    const all = [TENANT_TWO, CFO, PLATFORM];
    expect(statusAfter(all, [approve('tenant-two'), approve('tenant-two')])).toBe('pending');
    expect(
      statusAfter(all, [approve('tenant-two'), approve('tenant-two', 'cfo'), approve('platform')]),
    ).toBe('approved');
    // The tenant's approvals alone never meet a platform policy's requirement.
    expect(
      statusAfter(all, [
        approve('tenant-two'),
        approve('tenant-two', 'cfo'),
        approve('tenant-two'),
      ]),
    ).toBe('pending');
    expect(statusAfter(all, [approve('tenant-two'), reject('platform')])).toBe('rejected');
  });

  it("of an approval recorded before requirements is its governing policy's", () => {
    expect(
      requirementsOf({
        requirements: [],
        policyIds: ['p1', 'p2'],
        quorum: 2,
        approverIds: ['a', 'b'],
        platform: false,
      }),
    ).toEqual([{ policyId: 'p1', quorum: 2, approverIds: ['a', 'b'], platform: false }]);
  });
});

describe('what is evaluated', () => {
  const op = (legs: GovernedOperation['legs']): GovernedOperation => ({
    activity: 'transfer',
    operationId: '01900000-0000-7000-8000-000000000001',
    tenantId: 't1',
    legs,
  });
  const leg = { userId: 'u1', walletId: 'w1', assetId: 'eth', amount: '1.5' };

  it('takes 1 to MAX_EVALUATED_OPERATIONS operations, each with a uuid and legs', () => {
    expect(() => checkBatch([op([leg])])).not.toThrow();
    expectRefusal(() => checkBatch([]), 400, 'invalid_operations');
    expectRefusal(
      () => checkBatch(Array.from({ length: MAX_EVALUATED_OPERATIONS + 1 }, () => op([leg]))),
      400,
      'invalid_operations',
    );
    expectRefusal(() => checkBatch([op([])]), 400, 'invalid_operations');
    expectRefusal(
      () => checkBatch([{ ...op([leg]), operationId: 'not-a-uuid' }]),
      400,
      'invalid_operations',
    );
  });

  it("summarises an approval by its first leg, with totals only where they're one asset's", () => {
    const two = op([leg, { ...leg, walletId: 'w2', amount: '2', destination: '0xdead' }]);
    expect(summaryOf(two, ['10', '20'])).toMatchObject({
      walletId: 'w1',
      amount: '3.5',
      fiatAmount: '30',
      destination: null,
      legs: two.legs,
    });
    const mixed = op([leg, { ...leg, assetId: 'btc' }]);
    expect(summaryOf(mixed, ['10', undefined])).toMatchObject({ amount: null, fiatAmount: null });
    expect(summaryOf(op([leg]), undefined)).not.toHaveProperty('legs');
  });
});
