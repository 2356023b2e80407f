import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@custody/persistence';
import { accounts, userRefs, wallets } from '../schema';

/**
 * The purchase settlement's SQL. The entry itself is ledger.repository.ts; every read here runs
 * in the settlement's transaction.
 */

/** Whether the purchase's journal entry exists (the journal is forever, idempotency keys not). */
export async function purchasePosted(db: Executor, purchaseId: string): Promise<boolean> {
  const posted = await db.execute(
    sql`SELECT 1 FROM ledger.journal_entries WHERE operation_type = 'purchase' AND operation_id = ${purchaseId}`,
  );
  return posted.rows.length > 0;
}

/** The balance of the wallet's account, if it has one. */
export async function walletBalance(db: Executor, walletId: string): Promise<string | undefined> {
  const [account] = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.walletId, walletId));
  return account?.balance;
}

/** The wallet a purchase settles on, with its account: the user's, in the tenant, any state. */
export async function findSettlingWallet(
  db: Executor,
  request: { walletId: string; userId: string; tenantId: string },
): Promise<
  | {
      id: string;
      userId: string;
      tenantId: string;
      assetId: string;
      address: string;
      accountId: string;
    }
  | undefined
> {
  const [wallet] = await db
    .select({
      id: wallets.id,
      userId: wallets.userId,
      tenantId: wallets.tenantId,
      assetId: wallets.assetId,
      address: wallets.address,
      accountId: accounts.id,
    })
    .from(wallets)
    .innerJoin(accounts, eq(accounts.walletId, wallets.id))
    .innerJoin(userRefs, eq(userRefs.id, wallets.userId))
    .where(
      and(
        eq(wallets.id, request.walletId),
        eq(wallets.userId, request.userId),
        eq(wallets.tenantId, request.tenantId),
      ),
    );
  return wallet;
}

/** Whether the wallet was deleted (read after its account's lock: a delete waits or shows). */
export async function walletDeleted(db: Executor, walletId: string): Promise<boolean> {
  const [live] = await db
    .select({ deletedAt: wallets.deletedAt })
    .from(wallets)
    .where(eq(wallets.id, walletId));
  return Boolean(live?.deletedAt);
}
