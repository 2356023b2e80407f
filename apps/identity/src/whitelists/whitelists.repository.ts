import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, WhitelistView } from '@custody/contracts';
import { type Executor, listClauses, one, selectPage, type Page } from '@custody/persistence';
import type { TenantScope } from '@custody/tenancy';
import { type WhitelistRow, whitelists } from '../schema';

/** A wallet's path; `*` matches every user (or wallet). */
export type WalletPath = { userId: string; walletId: string };

/** The records of the path's wallet within the scope's tenant. */
function scoped(scope: TenantScope, path: WalletPath): SQL | undefined {
  return and(
    path.userId === '*' ? undefined : eq(whitelists.userId, path.userId),
    path.walletId === '*' ? undefined : eq(whitelists.walletId, path.walletId),
    scope.kind === 'tenant' ? eq(whitelists.tenantId, scope.tenantId) : undefined,
  );
}

/** Fails with unique violation 23505 when the address is on the wallet's whitelist already. */
export async function insertWhitelist(
  db: Executor,
  row: typeof whitelists.$inferInsert,
): Promise<WhitelistRow> {
  return one(await db.insert(whitelists).values(row).returning());
}

export async function listWhitelists(
  db: Executor,
  scope: TenantScope,
  path: WalletPath,
  query: ListQuery,
): Promise<Page<WhitelistRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: { createdAt: whitelists.createdAt, updatedAt: whitelists.updatedAt },
      createdAt: whitelists.createdAt,
      id: whitelists.id,
    },
    [scoped(scope, path)],
  );
  return selectPage(db, whitelists, clauses);
}

export async function findWhitelist(
  db: Executor,
  scope: TenantScope,
  path: WalletPath & { id: string },
): Promise<WhitelistRow | undefined> {
  const [row] = await db
    .select()
    .from(whitelists)
    .where(and(scoped(scope, path), eq(whitelists.id, path.id)));
  return row;
}

/** Whether the wallet has `address` with its travel rule verified, in any letter case. */
export async function hasVerifiedAddress(
  db: Executor,
  scope: TenantScope,
  path: WalletPath,
  address: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: whitelists.id })
    .from(whitelists)
    .where(
      and(
        scoped(scope, path),
        sql`lower(${whitelists.address}) = lower(${address})`,
        eq(whitelists.travelRuleStatus, 'verified'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function setWhitelistStatus(
  db: Executor,
  scope: TenantScope,
  path: WalletPath & { id: string },
  status: WhitelistView['travelRuleStatus'],
): Promise<WhitelistRow | undefined> {
  const [row] = await db
    .update(whitelists)
    .set({ travelRuleStatus: status, updatedAt: new Date() })
    .where(and(scoped(scope, path), eq(whitelists.id, path.id)))
    .returning();
  return row;
}
