import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { ListQuery, RpcErrorBody } from '@custody/contracts';
import {
  earlyOutcomes,
  type Executor,
  listClauses,
  one,
  type Page,
  selectPage,
} from '@custody/persistence';
import type { TenantScope } from '@custody/tenancy';
import { type PurchaseRow, purchases } from '../schema';

/**
 * Idempotency-Keys live 24 hours (docs/decisions/ledger-and-money-movement.md); an older purchase
 * no longer claims its key.
 */
const KEY_LIFETIME = "interval '24 hours'";

export type NewPurchase = typeof purchases.$inferInsert;

function scopeClause(scope: TenantScope) {
  return scope.kind === 'tenant' ? eq(purchases.tenantId, scope.tenantId) : undefined;
}

/** The purchase holding this client's Idempotency-Key, while the key lives. */
export async function findByKey(
  db: Executor,
  clientId: string,
  key: string,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.clientId, clientId),
        eq(purchases.idempotencyKey, key),
        sql`${purchases.createdAt} >= now() - ${sql.raw(KEY_LIFETIME)}`,
      ),
    );
  return row;
}

/** An expired key may be used again: the old purchase that held it lets go of it. */
export async function releaseExpiredKey(
  db: Executor,
  clientId: string,
  key: string,
): Promise<void> {
  await db
    .update(purchases)
    .set({ idempotencyKey: null })
    .where(
      and(
        eq(purchases.clientId, clientId),
        eq(purchases.idempotencyKey, key),
        sql`${purchases.createdAt} < now() - ${sql.raw(KEY_LIFETIME)}`,
      ),
    );
}

/** The new purchase; none when a live purchase of the client holds its key already. */
export async function insertPurchase(
  db: Executor,
  values: NewPurchase,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .insert(purchases)
    .values(values)
    .onConflictDoNothing({
      target: [purchases.clientId, purchases.idempotencyKey],
      where: sql`idempotency_key IS NOT NULL`,
    })
    .returning();
  return row;
}

/** pending → `status`; none when the purchase is no longer pending. */
export async function finishPending(
  db: Executor,
  id: string,
  status: 'approved' | 'rejected',
  failure: RpcErrorBody | null,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .update(purchases)
    .set({ status, failure, updatedAt: new Date() })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'pending')))
    .returning();
  return row;
}

/**
 * A held purchase's approval outcome applied: approved, `pending` (settled next); otherwise
 * `rejected` with its failure. None when the purchase no longer waits for that approval.
 */
export async function leaveApproval(
  db: Executor,
  id: string,
  approvalId: string,
  next: { status: 'pending' } | { status: 'rejected'; failure: RpcErrorBody },
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .update(purchases)
    .set({
      status: next.status,
      failure: next.status === 'rejected' ? next.failure : null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(purchases.id, id),
        eq(purchases.status, 'pending_approval'),
        eq(purchases.approvalId, approvalId),
      ),
    )
    .returning();
  return row;
}

/** The purchase, locked for the transaction; none when it does not exist (yet). */
export async function lockPurchase(db: Executor, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id)).for('update');
  return row;
}

// Outcomes that arrive before their operation: the shared statements over trading's table.
export const { lockApproval, keepOutcome, takeOutcome } = earlyOutcomes('trading');

/** A purchase the caller already holds the id of (from its own row): it must exist. */
export async function purchaseById(db: Executor, id: string): Promise<PurchaseRow> {
  return one(await db.select().from(purchases).where(eq(purchases.id, id)));
}

/** Pending purchases created before `before`, oldest first, at most `limit` (every tenant's). */
export async function pendingBefore(
  db: Executor,
  before: Date,
  limit: number,
): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.status, 'pending'), lt(purchases.createdAt, before)))
    .orderBy(purchases.createdAt)
    .limit(limit);
}

/** A page of the purchases in the scope, of one user's wallet (`*`: any, for admins). */
export async function listPurchases(
  db: Executor,
  scope: TenantScope,
  path: { userId: string; walletId: string },
  query: ListQuery,
  filters: { assetId?: string },
): Promise<Page<PurchaseRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: { createdAt: purchases.createdAt, amount: purchases.amount },
      createdAt: purchases.createdAt,
      id: purchases.id,
      externalReference: purchases.externalReference,
    },
    [
      scopeClause(scope),
      path.userId !== '*' ? eq(purchases.userId, path.userId) : undefined,
      path.walletId !== '*' ? eq(purchases.walletId, path.walletId) : undefined,
      filters.assetId !== undefined ? eq(purchases.assetId, filters.assetId) : undefined,
    ],
  );
  return selectPage(db, purchases, clauses);
}

export async function findPurchase(
  db: Executor,
  scope: TenantScope,
  at: { userId: string; walletId: string; id: string },
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.id, at.id),
        eq(purchases.userId, at.userId),
        eq(purchases.walletId, at.walletId),
        scopeClause(scope),
      ),
    );
  return row;
}

/**
 * The approvals of purchases still waiting for their outcome, in id order after `after`, at most
 * `limit` (the approval outcomes' sweep, docs/decisions/sweeps.md; a partial index of its own).
 */
export async function waitingApprovals(
  db: Executor,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ approvalId: purchases.approvalId })
    .from(purchases)
    .where(and(eq(purchases.status, 'pending_approval'), gt(purchases.approvalId, after)))
    .orderBy(asc(purchases.approvalId))
    .limit(limit);
  return rows.flatMap((row) => (row.approvalId ? [row.approvalId] : []));
}
