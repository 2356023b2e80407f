import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, one } from '@custody/persistence';
import { type RefreshTokenRow, refreshTokens } from '../schema';

export async function insertRefreshToken(
  db: Executor,
  row: typeof refreshTokens.$inferInsert,
): Promise<RefreshTokenRow> {
  return one(await db.insert(refreshTokens).values(row).returning());
}

/** Locks the row: two concurrent refreshes with one token cannot both rotate it. */
export async function findRefreshTokenForUpdate(
  db: Executor,
  hash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash))
    .for('update');
  return row;
}

export async function markUsed(db: Executor, id: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ usedAt: new Date(), updatedAt: new Date() })
    .where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, now())`, updatedAt: new Date() })
    .where(eq(refreshTokens.familyId, familyId));
}

export async function revokeClientRefreshTokens(db: Executor, clientId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(refreshTokens.clientId, clientId), isNull(refreshTokens.revokedAt)));
}
