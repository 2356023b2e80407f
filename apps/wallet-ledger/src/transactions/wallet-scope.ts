import type { AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Executor } from '@custody/persistence';
import { checkWalletPath, tenantScope } from '@custody/tenancy';
import { findWallet } from '../wallets/wallets.repository';
import {
  type ScopeCondition,
  type WalletScopeColumns,
  walletScopeCondition,
} from './transactions.repository';

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
  columns: WalletScopeColumns,
): Promise<ScopeCondition> {
  const { caller, named } = checkWalletPath(auth, path);
  const scope = tenantScope(caller);
  if (named) {
    if (!(await findWallet(db, scope, path.userId, path.walletId))) throw Errors.notFound('wallet');
  }
  return walletScopeCondition(columns, { scope, path, named });
}
