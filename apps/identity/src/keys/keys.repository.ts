import { and, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { KeyPurpose, PublicJwk } from '@custody/contracts';
import { type Executor, one } from '@custody/persistence';
import { type SigningKeyRow, signingKeys } from '../schema';

// Token signing keys are the platform's, not tenant data: no tenant argument here.

/**
 * A retired key stays published this long: the longest an access token lives (an api client's
 * `accessTokenExpiresIn` is at most a day; issuer tokens live 15 minutes), plus the longest a
 * replica may still sign with it after its retirement (`SIGNING_KEY_RELOAD_MS`, at most an hour)
 * and a margin for clocks.
 */
const RETIRED_KEYS_PUBLISHED_FOR = "interval '1 day 1 hour 5 minutes'";

/** Holds the purpose's lock until the transaction ends: one creation or rotation at a time. */
export async function lockPurpose(tx: Executor, purpose: KeyPurpose): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`identity:signing-key:${purpose}`}))`,
  );
}

export async function newestActiveKey(
  tx: Executor,
  purpose: KeyPurpose,
): Promise<SigningKeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(signingKeys)
    .where(and(eq(signingKeys.purpose, purpose), isNull(signingKeys.retiredAt)))
    .orderBy(desc(signingKeys.createdAt))
    .limit(1);
  return row;
}

export async function insertSigningKey(
  tx: Executor,
  row: typeof signingKeys.$inferInsert,
): Promise<SigningKeyRow> {
  return one(await tx.insert(signingKeys).values(row).returning());
}

/** Retires the purpose's active keys; returns their kids. */
export async function retireActiveKeys(tx: Executor, purpose: KeyPurpose): Promise<string[]> {
  const retired = await tx
    .update(signingKeys)
    // The database's clock, the one publishedKeys compares with.
    .set({ retiredAt: sql`now()` })
    .where(and(eq(signingKeys.purpose, purpose), isNull(signingKeys.retiredAt)))
    .returning({ kid: signingKeys.kid });
  return retired.map((r) => r.kid);
}

/** The active keys and those retired recently enough that tokens they signed may still live. */
export async function publishedKeys(
  db: Executor,
): Promise<{ jwk: PublicJwk; purpose: KeyPurpose }[]> {
  return db
    .select({ jwk: signingKeys.publicJwk, purpose: signingKeys.purpose })
    .from(signingKeys)
    .where(
      sql`${signingKeys.retiredAt} IS NULL OR ${signingKeys.retiredAt} > now() - ${sql.raw(RETIRED_KEYS_PUBLISHED_FOR)}`,
    );
}

/** Private keys sealed in the earlier format (`v1`: the master key alone). */
export async function legacySealedSigningKeys(
  db: Executor,
): Promise<{ kid: string; sealed: string }[]> {
  return db
    .select({ kid: signingKeys.kid, sealed: signingKeys.privateKeyCiphertext })
    .from(signingKeys)
    .where(like(signingKeys.privateKeyCiphertext, 'v1.%'));
}

/** Replaces a key's sealed private part, unless it is no longer `sealed`. */
export async function resealSigningKey(
  db: Executor,
  kid: string,
  sealed: string,
  resealed: string,
): Promise<void> {
  await db
    .update(signingKeys)
    .set({ privateKeyCiphertext: resealed })
    .where(and(eq(signingKeys.kid, kid), eq(signingKeys.privateKeyCiphertext, sealed)));
}
