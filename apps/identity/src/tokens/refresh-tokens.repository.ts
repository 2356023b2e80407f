import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, expiredRows, one, type RetentionRule } from '@custody/persistence';
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

/**
 * Refresh tokens of families that are over: every token of the family expired `days` ago or
 * more. A family with a live token keeps its every row, so a used token presented again is still
 * recognised and still revokes its family (reuse detection).
 */
export function deadFamiliesRetention(days: number): RetentionRule {
  return expiredRows({
    name: 'refresh_tokens',
    table: 'identity.refresh_tokens',
    expired: `expires_at < now() - make_interval(days => ${days})
      AND NOT EXISTS (SELECT 1 FROM identity.refresh_tokens AS live
        WHERE live.family_id = refresh_tokens.family_id AND live.expires_at >= now())`,
    order: 'expires_at',
  });
}
