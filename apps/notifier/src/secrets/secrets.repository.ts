import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '@custody/persistence';
import { signingSecrets } from '../schema';

// A client's signing secret is its own: every statement names the client, except the reseal
// sweep at start, which reads every client's.

export type SigningSecretRow = typeof signingSecrets.$inferSelect;

/** Read once per delivery: built once, a named prepared statement (`execute({ clientId })`). */
export function findSecretStatement(db: Database) {
  return db
    .select()
    .from(signingSecrets)
    .where(eq(signingSecrets.clientId, sql.placeholder('clientId')))
    .prepare('notifier_find_signing_secret');
}

export async function findSecret(
  db: Executor,
  clientId: string,
): Promise<SigningSecretRow | undefined> {
  const [row] = await db.select().from(signingSecrets).where(eq(signingSecrets.clientId, clientId));
  return row;
}

/** The client's first secret, unless it has one already. */
export async function insertSecretIfAbsent(
  db: Executor,
  clientId: string,
  secretCiphertext: string,
): Promise<void> {
  await db.insert(signingSecrets).values({ clientId, secretCiphertext }).onConflictDoNothing();
}

/** Every client's secrets sealed in the earlier format (`v1`), current or previous. */
export async function legacySealed(db: Executor): Promise<SigningSecretRow[]> {
  return db
    .select()
    .from(signingSecrets)
    .where(
      or(
        like(signingSecrets.secretCiphertext, 'v1.%'),
        like(signingSecrets.previousCiphertext, 'v1.%'),
      ),
    );
}

/** Writes a row's values sealed anew, unless a rotation wrote the row since it was read. */
export async function resealSecret(
  db: Executor,
  row: Pick<SigningSecretRow, 'clientId' | 'secretCiphertext'>,
  sealed: { secretCiphertext: string; previousCiphertext?: string },
): Promise<void> {
  await db
    .update(signingSecrets)
    .set(sealed)
    .where(
      and(
        eq(signingSecrets.clientId, row.clientId),
        eq(signingSecrets.secretCiphertext, row.secretCiphertext),
      ),
    );
}

/** The client's new secret; the current one stays valid `overlapHours` as the previous. */
export async function rotateSecret(
  db: Executor,
  clientId: string,
  secretCiphertext: string,
  previousCiphertext: string,
  overlapHours: number,
): Promise<SigningSecretRow | undefined> {
  const [row] = await db
    .update(signingSecrets)
    .set({
      secretCiphertext,
      previousCiphertext,
      previousExpiresAt: sql`now() + make_interval(hours => ${overlapHours})`,
      updatedAt: new Date(),
    })
    .where(eq(signingSecrets.clientId, clientId))
    .returning();
  return row;
}
