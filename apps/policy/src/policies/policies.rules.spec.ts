import type { PolicyInput, PolicyView } from '@custody/contracts';
import { refusalOf } from '@custody/testing';
import { checkPolicy, patched } from './policies.rules';

const current: PolicyView = {
  id: '0199a3b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  tenantId: '0199a3b2-8d5e-7f90-ab1c-2d3e4f5a6b7c',
  name: 'Large ETH withdrawals',
  activity: 'withdrawal',
  rule: { kind: 'amount_above', assetId: 'eth', amount: '10' },
  action: 'require_approval',
  approvers: { quorum: 2 },
  filters: { userIds: ['0199a3b3-1a2b-7c3d-8e4f-5a6b7c8d9e0f'] },
  enabled: true,
  allowTokenAuthorizations: false,
};

describe('a policy patch', () => {
  it('keeps the filters when the patch leaves them out', () => {
    expect(patched(current, { name: 'Renamed' })).toMatchObject({
      name: 'Renamed',
      filters: current.filters,
    });
  });

  it('removes the filters when the patch says null', () => {
    const next = patched(current, { filters: null });
    expect(next).not.toHaveProperty('filters');
    expect(next).toMatchObject({ name: current.name, approvers: { quorum: 2 } });
  });

  it('replaces the filters with the ones given', () => {
    expect(patched(current, { filters: { assetIds: ['usdc'] } }).filters).toEqual({
      assetIds: ['usdc'],
    });
  });
});

describe('a policy of purchases or issuer activities', () => {
  const of = (activity: PolicyInput['activity'], rule: PolicyInput['rule']) =>
    refusalOf(() => checkPolicy({ activity, rule, action: 'block' }, []));
  const passes = (activity: PolicyInput['activity'], rule: PolicyInput['rule']) => {
    checkPolicy({ activity, rule, action: 'block' }, []);
    return true;
  };

  it('weighs amounts, fiat amounts and velocity windows', () => {
    for (const activity of ['purchase', 'issuer-activity'] as const) {
      expect(passes(activity, { kind: 'amount_above', assetId: 'eth', amount: '1' })).toBe(true);
      expect(passes(activity, { kind: 'fiat_amount_above', amount: '1000' })).toBe(true);
      expect(
        passes(activity, {
          kind: 'velocity',
          window: '24h',
          per: 'user',
          assetId: 'eth',
          maxAmount: '5',
        }),
      ).toBe(true);
    }
  });

  it('has no destination to whitelist, nor token authorizations to allow', () => {
    for (const activity of ['purchase', 'issuer-activity'] as const) {
      expect(of(activity, { kind: 'destination_not_whitelisted' })).toMatchObject({
        status: 400,
        code: 'rule_not_applicable',
      });
      expect(
        refusalOf(() =>
          checkPolicy(
            { activity, rule: { kind: 'always' }, action: 'block', allowTokenAuthorizations: true },
            [],
          ),
        ),
      ).toMatchObject({ status: 400, code: 'rule_not_applicable' });
    }
  });
});
