import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Executor, isUuid } from '@custody/persistence';
import { assertUserAccess, isAdmin, requireAuth, tenantScope } from '@custody/tenancy';
import { findWallet } from '../wallets/wallets.repository';

/**
 * The rows a wallet-scoped list may show: the caller's tenant (admin: all), the path's user and
 * wallet — or every user / wallet with `*`, which only the admin audience may use (DESIGN §4).
 * A named wallet that the caller cannot see is 404.
 */
export async function walletScope(
  db: Executor,
  auth: AuthContext | undefined,
  path: { userId: string; walletId: string },
  columns: { tenantId: PgColumn; userId: PgColumn; walletId: PgColumn },
): Promise<SQL | undefined> {
  const caller = requireAuth(auth);
  const wildcard = path.userId === '*' || path.walletId === '*';
  if (wildcard && !isAdmin(caller)) {
    throw Errors.forbidden(
      'Only the admin audience may use * for user or wallet.',
      'wildcard_forbidden',
    );
  }
  if (path.userId !== '*') assertUserAccess(caller, path.userId);
  for (const id of [path.userId, path.walletId])
    if (id !== '*' && !isUuid(id)) throw Errors.notFound('wallet');
  if (path.userId !== '*' && path.walletId !== '*') {
    if (!(await findWallet(db, tenantScope(caller), path.userId, path.walletId)))
      throw Errors.notFound('wallet');
  }
  const scope = tenantScope(caller);
  return and(
    scope.kind === 'tenant' ? eq(columns.tenantId, scope.tenantId) : undefined,
    path.userId !== '*' ? eq(columns.userId, path.userId) : undefined,
    path.walletId !== '*' ? eq(columns.walletId, path.walletId) : undefined,
  );
}
