import type { AuthContext } from '@custody/contracts';
import { AppError } from '@custody/errors';
import {
  assertUserAccess,
  checkWalletPath,
  hasScope,
  requireAdmin,
  readsAllTenants,
  requireAdminRead,
  requireAuth,
  requireIssuer,
  tenantScope,
} from './index';

const general: AuthContext = { clientId: 'c1', tenantId: 'c1', audience: 'general' };
const admin: AuthContext = { clientId: 'a1', tenantId: 'a1', audience: 'admin' };

const tenantAuditor: AuthContext = {
  clientId: 'd1',
  tenantId: 'c1',
  audience: 'auditor',
  auditScope: 'tenant',
};
const platformAuditor: AuthContext = {
  clientId: 'd2',
  tenantId: 'd2',
  audience: 'auditor',
  auditScope: 'platform',
};

describe('auditors', () => {
  it('scope a tenant auditor to its tenant and let a platform auditor read every tenant', () => {
    expect(tenantScope(tenantAuditor)).toEqual({ kind: 'tenant', tenantId: 'c1' });
    expect(tenantScope(platformAuditor)).toEqual({ kind: 'all' });
    expect(readsAllTenants(tenantAuditor)).toBe(false);
    expect(readsAllTenants({ ...platformAuditor, auditScope: undefined })).toBe(false);
  });

  it("let a platform auditor make an admin's reads, never an admin's changes", () => {
    expect(requireAdminRead(platformAuditor)).toBe(platformAuditor);
    expect(requireAdminRead(admin)).toBe(admin);
    for (const caller of [tenantAuditor, general])
      expect(() => requireAdminRead(caller)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => requireAdmin(platformAuditor)).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('let a platform auditor use * for user and wallet, not a tenant auditor', () => {
    expect(checkWalletPath(platformAuditor, { userId: '*', walletId: '*' }).named).toBe(false);
    expect(() => checkWalletPath(tenantAuditor, { userId: '*', walletId: '*' })).toThrow(
      expect.objectContaining({ status: 403, code: 'wildcard_forbidden' }),
    );
  });
});

describe('tenancy', () => {
  it('requires an authenticated caller', () => {
    expect(() => requireAuth(undefined)).toThrow(expect.objectContaining({ status: 401 }));
  });

  it('scopes a general client to its tenant and lets an admin read all', () => {
    expect(tenantScope(general)).toEqual({ kind: 'tenant', tenantId: 'c1' });
    expect(tenantScope(admin)).toEqual({ kind: 'all' });
  });

  it('checks wallet-scoped list paths: * for admins only, bound users, ids that cannot exist', () => {
    const user = '0190a0a0-0000-7000-8000-000000000001';
    const wallet = '0190a0a0-0000-7000-8000-000000000002';
    expect(checkWalletPath(general, { userId: user, walletId: wallet })).toEqual({
      caller: general,
      named: true,
    });
    expect(checkWalletPath(admin, { userId: '*', walletId: '*' }).named).toBe(false);
    expect(() => checkWalletPath(general, { userId: '*', walletId: wallet })).toThrow(
      expect.objectContaining({ status: 403, code: 'wildcard_forbidden' }),
    );
    const bound = { ...general, userId: wallet };
    expect(() => checkWalletPath(bound, { userId: user, walletId: wallet })).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    expect(() => checkWalletPath(general, { userId: 'nope', walletId: wallet })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });

  it('forbids admin operations to a general client', () => {
    expect(() => requireAdmin(general)).toThrow(AppError);
    expect(requireAdmin(admin)).toBe(admin);
  });

  it('limits a user-bound token to its user', () => {
    const bound = { ...general, userId: 'u1' };
    expect(() => assertUserAccess(bound, 'u1')).not.toThrow();
    expect(() => assertUserAccess(bound, 'u2')).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertUserAccess(general, 'u2')).not.toThrow();
  });

  it('keeps issuer tokens to their own issuer and out of every v1 check', () => {
    const issuer: AuthContext = {
      clientId: 'issuer:i1',
      tenantId: 'a1',
      audience: 'issuer',
      issuer: { id: 'i1', version: 1 },
    };
    expect(requireIssuer(issuer, 'i1')).toBe(issuer);
    expect(() => requireIssuer(issuer, 'i2')).toThrow(expect.objectContaining({ status: 403 }));
    for (const other of [general, admin, undefined]) {
      expect(() => requireIssuer(other, 'i1')).toThrow(expect.objectContaining({ status: 401 }));
    }
    expect(() => requireAuth(issuer)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => tenantScope(issuer)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => requireAdmin(issuer)).toThrow(expect.objectContaining({ status: 401 }));
  });

  it('grants everything without scopes and only listed actions with them', () => {
    expect(hasScope(general, 'wallets', 'write')).toBe(true);
    const scoped = {
      ...general,
      scopes: [
        ['wallets', 'read'],
        ['users', '*'],
      ],
    };
    expect(hasScope(scoped, 'wallets', 'read')).toBe(true);
    expect(hasScope(scoped, 'wallets', 'write')).toBe(false);
    expect(hasScope(scoped, 'users', 'write')).toBe(true);
    expect(hasScope(scoped, 'transfers', 'read')).toBe(false);
  });
});
