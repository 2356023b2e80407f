import { refusalOf } from '@custody/testing';
import {
  canDecide,
  changeGovernedBy,
  checkAuditorAudience,
  creationGovernedBy,
  checkMembership,
  duplicateEmail,
  effectiveAudience,
} from './clients.rules';

describe('effectiveAudience', () => {
  it('is admin for a client that has the admin audience, general otherwise', () => {
    expect(effectiveAudience({ audience: ['general', 'admin'] })).toBe('admin');
    expect(effectiveAudience({ audience: ['general'] })).toBe('general');
  });

  it('is auditor for an auditor', () => {
    expect(effectiveAudience({ audience: ['auditor'] })).toBe('auditor');
  });
});

describe('checkAuditorAudience', () => {
  it('takes an auditor alone, and any audience without one', () => {
    expect(() => checkAuditorAudience(['auditor'])).not.toThrow();
    expect(() => checkAuditorAudience(['general', 'admin'])).not.toThrow();
    expect(() => checkAuditorAudience(undefined)).not.toThrow();
  });

  it.each([[['auditor', 'general']], [['admin', 'auditor']]] as const)(
    'refuses %j with 400 auditor_audience_invalid',
    (audience) => {
      expect(refusalOf(() => checkAuditorAudience(audience))).toMatchObject({
        status: 400,
        code: 'auditor_audience_invalid',
      });
    },
  );
});

describe('checkMembership', () => {
  const generalTenant = { tenantId: null, audience: ['general' as const] };

  it('lets a general member join a live general client that is no member itself', () => {
    expect(() => checkMembership(generalTenant, {})).not.toThrow();
    expect(() => checkMembership(generalTenant, { audience: ['general'] })).not.toThrow();
  });

  it.each([
    ['no such client', undefined],
    [
      'a member',
      { tenantId: '01900000-0000-7000-8000-000000000001', audience: ['general' as const] },
    ],
    ['an admin', { tenantId: null, audience: ['general' as const, 'admin' as const] }],
  ])('refuses %s as tenant with 400 tenant_not_found', (_what, tenant) => {
    expect(() => checkMembership(tenant, {})).toThrow(
      expect.objectContaining({ status: 400, code: 'tenant_not_found' }),
    );
  });

  it('refuses an admin member with 400 member_audience_invalid', () => {
    expect(() => checkMembership(generalTenant, { audience: ['general', 'admin'] })).toThrow(
      expect.objectContaining({ status: 400, code: 'member_audience_invalid' }),
    );
  });
});

describe('canDecide', () => {
  it('is true without scopes (everything the audience allows) or with approvals:decide', () => {
    expect(canDecide([])).toBe(true);
    expect(canDecide([['approvals', 'decide']])).toBe(true);
    expect(canDecide([['approvals', '*']])).toBe(true);
    expect(canDecide([['*', 'decide']])).toBe(true);
    expect(
      canDecide([
        ['users', 'read'],
        ['approvals', 'read', 'decide'],
      ]),
    ).toBe(true);
  });

  it('is false for scopes that grant no decision', () => {
    expect(canDecide([['approvals', 'read']])).toBe(false);
    expect(canDecide([['users', 'decide']])).toBe(false);
  });
});

describe('duplicateEmail', () => {
  it('answers a unique violation with 409, and rethrows anything else', () => {
    expect(() => duplicateEmail(Object.assign(new Error('dup'), { code: '23505' }))).toThrow(
      expect.objectContaining({ status: 409, message: 'A client with this email already exists.' }),
    );
    const other = new Error('other');
    expect(() => duplicateEmail(other)).toThrow(other);
  });
});

describe('whose policy-change policies govern a change of a client', () => {
  const member = { id: 'm1', tenantId: 't1', audience: ['general' as const] };
  const tenant = { id: 't1', tenantId: null, audience: ['general' as const] };
  const anAdmin = { id: 'a1', tenantId: null, audience: ['admin' as const] };

  it("governs a member's creation by its tenant, a new admin's by the platform, a new tenant's by none", () => {
    expect(creationGovernedBy({ tenantId: 't1' })).toBe('t1');
    expect(creationGovernedBy({ audience: ['admin'] })).toBeNull();
    expect(creationGovernedBy({})).toBeUndefined();
    expect(creationGovernedBy({ audience: ['auditor'] })).toBeUndefined();
  });

  it("governs a new password, audience or scope set by the client's tenant", () => {
    expect(changeGovernedBy(member, { password: 'x' })).toBe('t1');
    expect(changeGovernedBy(member, { scopes: [['users', 'read']] })).toBe('t1');
    expect(changeGovernedBy(tenant, { audience: ['general'] })).toBe('t1');
  });

  it("governs an admin's change, or one that makes an admin, by the platform", () => {
    expect(changeGovernedBy(anAdmin, { password: 'x' })).toBeNull();
    expect(changeGovernedBy(tenant, { audience: ['admin'] })).toBeNull();
  });

  it('never holds a new name or e-mail alone', () => {
    expect(changeGovernedBy(member, {})).toBeUndefined();
  });
});
