import type { AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';

/**
 * Tenancy rules in one place, applied by every service to the auth context the gateway sends with
 * each RPC (docs/decisions/identity-and-authentication.md): a general client sees its own tenant
 * only, an admin sees all, and a token bound to one end user reaches only that user.
 */
export function requireAuth(auth: AuthContext | undefined): AuthContext {
  if (!auth) throw Errors.unauthorized();
  // An issuer (v2) token reaches only its issuer's resources, never a v1 one.
  if (auth.audience === 'issuer')
    throw Errors.unauthorized('An issuer token is not valid here.', 'token_invalid');
  return auth;
}

/** An issuer (v2) token of this very issuer: 401 for any other kind of token, 403 for another issuer. */
export function requireIssuer(
  auth: AuthContext | undefined,
  issuerId: string,
): AuthContext & { issuer: { id: string; version: number } } {
  if (!auth || auth.audience !== 'issuer' || !auth.issuer)
    throw Errors.unauthorized('An issuer access token is required.', 'token_invalid');
  if (auth.issuer.id !== issuerId)
    throw Errors.forbidden('This token is limited to another issuer.', 'issuer_forbidden');
  return auth as AuthContext & { issuer: { id: string; version: number } };
}

export function isAdmin(auth: AuthContext): boolean {
  return auth.audience === 'admin';
}

/** An auditor: reads only. */
export function isAuditor(auth: AuthContext): boolean {
  return auth.audience === 'auditor';
}

/** Who reads across tenants: an admin, or an auditor of the platform (created by an admin). */
export function readsAllTenants(auth: AuthContext): boolean {
  return isAdmin(auth) || (isAuditor(auth) && auth.auditScope === 'platform');
}

/** An admin's read: an admin, or a platform auditor (who reads what admins read, never writes). */
export function requireAdminRead(auth: AuthContext | undefined): AuthContext {
  const caller = requireAuth(auth);
  if (!readsAllTenants(caller)) throw Errors.forbidden('This operation needs the admin audience.');
  return caller;
}

export function requireAdmin(auth: AuthContext | undefined): AuthContext {
  const caller = requireAuth(auth);
  if (!isAdmin(caller)) throw Errors.forbidden('This operation needs the admin audience.');
  return caller;
}

/**
 * The tenant a query must be restricted to: the caller's own, or `undefined` for an admin, who
 * reads across tenants. Repositories take this value as a required argument.
 */
export type TenantScope = { kind: 'tenant'; tenantId: string } | { kind: 'all' };

export function tenantScope(auth: AuthContext | undefined): TenantScope {
  const caller = requireAuth(auth);
  return readsAllTenants(caller) ? { kind: 'all' } : { kind: 'tenant', tenantId: caller.tenantId };
}

/** A token bound to an end user may only touch that user (403 elsewhere). */
export function assertUserAccess(auth: AuthContext | undefined, userId: string): void {
  const caller = requireAuth(auth);
  if (caller.userId !== undefined && caller.userId !== userId) {
    throw Errors.forbidden('This token is limited to another user.', 'user_forbidden');
  }
}

/** Scope check: no scopes = everything the audience allows; otherwise `[resource, ...actions]`. */
export function hasScope(auth: AuthContext, resource: string, action: string): boolean {
  if (!auth.scopes || auth.scopes.length === 0) return true;
  return auth.scopes.some(
    ([res, ...actions]) =>
      (res === resource || res === '*') && (actions.includes(action) || actions.includes('*')),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The checks every wallet-scoped list makes on its path
 * (docs/decisions/identity-and-authentication.md): `*` for user or wallet is for the admin audience
 * only (403), a user-bound token reaches only its user (403), and an id that cannot exist reads as
 * 404. `named` says a single wallet is addressed: the caller must then check that this wallet
 * exists for this caller (404 otherwise).
 */
export function checkWalletPath(
  auth: AuthContext | undefined,
  path: { userId: string; walletId: string },
): { caller: AuthContext; named: boolean } {
  const caller = requireAuth(auth);
  const wildcard = path.userId === '*' || path.walletId === '*';
  if (wildcard && !readsAllTenants(caller)) {
    throw Errors.forbidden(
      'Only the admin audience may use * for user or wallet.',
      'wildcard_forbidden',
    );
  }
  if (path.userId !== '*') assertUserAccess(caller, path.userId);
  for (const id of [path.userId, path.walletId])
    if (id !== '*' && !UUID.test(id)) throw Errors.notFound('wallet');
  return { caller, named: path.userId !== '*' && path.walletId !== '*' };
}
