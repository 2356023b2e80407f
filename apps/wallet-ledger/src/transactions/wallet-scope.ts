import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Executor } from '@custody/persistence';
import { checkWalletPath, tenantScope } from '@custody/tenancy';
import { findWallet } from '../wallets/wallets.repository';

/**
 * The rows a wallet-scoped list may show: the caller's tenant (admin: all), the path's user and
 * wallet — or every user / wallet with `*`, which only the admin audience may use
 * (docs/decisions/identity-and-authentication.md). A named wallet that the caller cannot see is
 * 404.
 */
export async function walletScope(
  db: Executor,
  auth: AuthContext | undefined,
  path: { userId: string; walletId: string },
  columns: { tenantId: PgColumn; userId: PgColumn; walletId: PgColumn },
): Promise<SQL | undefined> {
  const { caller, named } = checkWalletPath(auth, path);
  if (named) {
    if (!(await findWallet(db, tenantScope(caller), path.userId, path.walletId)))
      throw Errors.notFound('wallet');
  }
  // A named wallet was found in the caller's tenant, under the path's user: its rows are its
  // own, and the list reads them by wallet alone (an index on (wallet_id, …) then answers the
  // page and its count without reading the table).
  if (named) return eq(columns.walletId, path.walletId);
  const scope = tenantScope(caller);
  return and(
    scope.kind === 'tenant' ? eq(columns.tenantId, scope.tenantId) : undefined,
    path.userId !== '*' ? eq(columns.userId, path.userId) : undefined,
    path.walletId !== '*' ? eq(columns.walletId, path.walletId) : undefined,
  );
}
