import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@custody/contracts';
import {
  cappedCount,
  type Executor,
  finishPage,
  isUuid,
  keyColumns,
  listClauses,
  one,
  type Page,
  readCursorPage,
} from '@custody/persistence';
import type { TenantScope } from '@custody/tenancy';
import { accounts, userRefs, type UserRefRow, type WalletRow, wallets } from '../schema';

function visible(scope: TenantScope): SQL {
  const live = isNull(wallets.deletedAt);
  return scope.kind === 'all' ? live : (and(live, eq(wallets.tenantId, scope.tenantId)) as SQL);
}

export interface WalletWithRefs {
  wallet: WalletRow;
  user: UserRefRow;
  balance: string;
  availableBalance: string;
}

const refsColumns = {
  wallet: wallets,
  user: userRefs,
  balance: accounts.balance,
  availableBalance: accounts.availableBalance,
};

function withRefs(db: Executor) {
  return db
    .select(refsColumns)
    .from(wallets)
    .innerJoin(userRefs, eq(userRefs.id, wallets.userId))
    .innerJoin(accounts, eq(accounts.walletId, wallets.id));
}

export async function findWallet(
  db: Executor,
  scope: TenantScope,
  userId: string,
  walletId: string,
): Promise<WalletWithRefs | undefined> {
  if (!isUuid(walletId) || !isUuid(userId)) return undefined;
  const [row] = await withRefs(db).where(
    and(visible(scope), eq(wallets.id, walletId), eq(wallets.userId, userId)),
  );
  return row;
}

export async function listWallets(
  db: Executor,
  scope: TenantScope,
  userId: string | '*',
  query: ListQuery,
  filters: { assetIds?: string[] },
): Promise<Page<WalletWithRefs>> {
  if (userId !== '*' && !isUuid(userId)) return { rows: [], total: 0 };
  const clauses = listClauses(
    query,
    {
      sortable: { createdAt: wallets.createdAt, updatedAt: wallets.updatedAt },
      createdAt: wallets.createdAt,
      id: wallets.id,
      externalReference: wallets.externalReference,
    },
    [
      visible(scope),
      userId !== '*' ? eq(wallets.userId, userId) : undefined,
      filters.assetIds !== undefined ? inArray(wallets.assetId, filters.assetIds) : undefined,
    ],
  );
  const fetched = await readCursorPage(
    clauses,
    db
      .select({ ...{}, ...refsColumns, ...keyColumns(clauses) })
      .from(wallets)
      .innerJoin(userRefs, eq(userRefs.id, wallets.userId))
      .innerJoin(accounts, eq(accounts.walletId, wallets.id))
      .where(clauses.where)
      .orderBy(...clauses.orderBy)
      .offset(clauses.offset)
      .limit((clauses.limit ?? 0) + 1),
  );
  return finishPage(
    fetched.map(({ key, keyId, ...row }) => ({ row, key, keyId })),
    clauses,
    (where) => cappedCount(db, wallets, where, clauses.orderBy),
  );
}

export async function countLiveWallets(
  db: Executor,
  scope: TenantScope,
  userId: string,
): Promise<number> {
  if (!isUuid(userId)) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wallets)
    .where(and(visible(scope), eq(wallets.userId, userId)));
  return row?.n ?? 0;
}

export async function insertWallet(
  db: Executor,
  row: typeof wallets.$inferInsert,
): Promise<WalletRow> {
  return one(await db.insert(wallets).values(row).returning());
}

export async function insertAccount(
  db: Executor,
  row: typeof accounts.$inferInsert,
): Promise<void> {
  await db.insert(accounts).values(row);
}

export async function softDeleteWallet(db: Executor, id: string): Promise<WalletRow | undefined> {
  const [row] = await db
    .update(wallets)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(wallets.id, id), isNull(wallets.deletedAt)))
    .returning();
  return row;
}

/** Locks the wallet's account: a delete and a deposit cannot pass each other. */
export async function lockAccount(db: Executor, walletId: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.walletId, walletId))
    .for('update');
  return row;
}

/** The id of the wallet's ledger account, not locked (`lockAccounts` locks it). */
export async function walletAccountId(db: Executor, walletId: string): Promise<string | undefined> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.walletId, walletId));
  return account?.id;
}

/** Whether a deposit to the wallet still waits for its confirmation. */
export async function hasPendingIncome(db: Executor, walletId: string): Promise<boolean> {
  const pending = await db.execute(
    sql`SELECT 1 FROM ledger.incomes WHERE wallet_id = ${walletId} AND status = 'pending' LIMIT 1`,
  );
  return pending.rows.length > 0;
}

/** The address of a wallet, deleted or not (a withdrawal's sending address, its movements). */
export async function walletAddress(db: Executor, walletId: string): Promise<string | undefined> {
  const [wallet] = await db
    .select({ address: wallets.address })
    .from(wallets)
    .where(eq(wallets.id, walletId));
  return wallet?.address;
}

/** A live wallet the chain adapter watches for deposits. */
export interface WatchedWallet {
  id: string;
  tenantId: string;
  userId: string;
  assetId: string;
  address: string;
}

/** Every live wallet of the assets, any tenant: the addresses the deposit watcher scans for. */
export async function liveWalletsOfAssets(
  db: Executor,
  assetIds: string[],
): Promise<WatchedWallet[]> {
  return db
    .select({
      id: wallets.id,
      tenantId: wallets.tenantId,
      userId: wallets.userId,
      assetId: wallets.assetId,
      address: wallets.address,
    })
    .from(wallets)
    .where(and(inArray(wallets.assetId, assetIds), isNull(wallets.deletedAt)));
}
