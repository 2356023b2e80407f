import type { PolicyView } from '@custody/contracts';
import { patched } from './policies.rules';

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
