import { gt } from 'drizzle-orm';
import type { Executor } from '@custody/persistence';
import { clients, revokedTokens } from '../schema';

// The record behind what the gateway checks on every request: every tenant's, read whole to
// seed Redis, so no tenant argument here.

/** Every client's token version, deleted ones included (their tokens must stop working). */
export async function clientTokenVersions(
  db: Executor,
): Promise<{ id: string; version: number; deletedAt: Date | null }[]> {
  return db
    .select({ id: clients.id, version: clients.tokenVersion, deletedAt: clients.deletedAt })
    .from(clients);
}

/** Records a revoked access token until it expires (a second revocation changes nothing). */
export async function insertRevokedToken(
  db: Executor,
  token: { jti: string; clientId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(revokedTokens).values(token).onConflictDoNothing();
}

/** The revoked access tokens that have not expired yet. */
export async function unexpiredRevokedTokens(
  db: Executor,
): Promise<{ jti: string; expiresAt: Date }[]> {
  return db.select().from(revokedTokens).where(gt(revokedTokens.expiresAt, new Date()));
}
