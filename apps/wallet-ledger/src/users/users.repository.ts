import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { type Executor, isUuid } from '@custody/persistence';
import type { TenantScope } from '@custody/tenancy';
import { type UserRefRow, userRefs } from '../schema';

/** wallet-ledger's copy of identity's users (`ledger.user_refs`): its reads and writes. */

/**
 * The advisory lock on a user's copy, as a bigint expression of a uuid expression. Transfers
 * take it shared for their senders before reading the copy; identity's block takes it
 * exclusively (`applyBlock`). The lock manager queues fairly: a block waits for the transfers
 * that read the sender unblocked, and no later transfer overtakes it (row share locks let new
 * sharers in ahead of a waiting update, which could starve a block under steady traffic).
 */
export function userRefLockKey(userId: SQL): SQL {
  return sql`hashtextextended('ledger.user_ref:' || (${userId})::text, 0)`;
}

/** Takes a user's lock exclusively, until the transaction ends (a block; see userRefLockKey). */
export async function lockUserRef(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${userRefLockKey(sql`${userId}::uuid`)})`);
}

/**
 * Takes a user's lock shared, then reads whether the copy says blocked. The read is a statement
 * of its own: its snapshot is taken after the lock was granted.
 */
export async function lockAndReadBlocked(tx: Executor, userId: string): Promise<boolean> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock_shared(${userRefLockKey(sql`${userId}::uuid`)})`,
  );
  const { rows } = await tx.execute(
    sql`SELECT blocked FROM ledger.user_refs WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  return (rows[0] as { blocked?: boolean } | undefined)?.blocked === true;
}

/** The local copy of a user, when it exists and the scope may see it (live users only). */
export async function findUserRef(
  db: Executor,
  scope: TenantScope,
  userId: string,
): Promise<UserRefRow | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select()
    .from(userRefs)
    .where(
      and(
        eq(userRefs.id, userId),
        isNull(userRefs.deletedAt),
        scope.kind === 'tenant' ? eq(userRefs.tenantId, scope.tenantId) : undefined,
      ),
    );
  return row;
}

export async function upsertUserRef(
  db: Executor,
  row: typeof userRefs.$inferInsert,
): Promise<void> {
  await db
    .insert(userRefs)
    .values(row)
    .onConflictDoUpdate({
      target: userRefs.id,
      set: {
        generalConditions: row.generalConditions,
        idNumber: row.idNumber,
        blocked: row.blocked,
        updatedAt: row.updatedAt,
        deletedAt: row.deletedAt ?? null,
      },
      // Events can arrive out of order: never let an older version overwrite a newer one.
      setWhere: sql`${userRefs.updatedAt} <= excluded.updated_at`,
    });
}

/** Marks the copy of a user blocked whatever its version (the newer stamp is kept). */
export async function blockUserRef(db: Executor, row: typeof userRefs.$inferInsert): Promise<void> {
  await db
    .insert(userRefs)
    .values(row)
    .onConflictDoUpdate({
      target: userRefs.id,
      set: {
        blocked: true,
        updatedAt: sql`GREATEST(${userRefs.updatedAt}, excluded.updated_at)`,
      },
    });
}
