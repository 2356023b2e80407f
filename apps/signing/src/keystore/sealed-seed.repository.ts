import { and, eq } from 'drizzle-orm';
import { customType, pgSchema, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { Executor } from '@custody/persistence';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export type SeedOrigin = 'generated' | 'restored' | 'imported';

export const sealedSeed = pgSchema('signing').table('sealed_seed', {
  id: smallint('id').primaryKey().default(1),
  keyLabel: text('key_label').notNull(),
  keyId: bytea('key_id').notNull(),
  iv: bytea('iv').notNull(),
  ciphertext: bytea('ciphertext').notNull(),
  fingerprint: text('fingerprint').notNull(),
  origin: text('origin').$type<SeedOrigin>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SealedSeedRow = typeof sealedSeed.$inferSelect;
export type NewSealedSeed = Omit<typeof sealedSeed.$inferInsert, 'id' | 'createdAt' | 'sealedAt'>;

export async function findSealedSeed(db: Executor): Promise<SealedSeedRow | undefined> {
  const [row] = await db.select().from(sealedSeed).where(eq(sealedSeed.id, 1));
  return row;
}

/** Stores the first sealed seed; false when one is there already. */
export async function insertSealedSeed(db: Executor, row: NewSealedSeed): Promise<boolean> {
  const created = await db
    .insert(sealedSeed)
    .values(row)
    .onConflictDoNothing({ target: sealedSeed.id })
    .returning({ id: sealedSeed.id });
  return created.length > 0;
}

/**
 * Replaces the ciphertext of the same seed (a rotation, a restore into a new token), only while
 * the row is still as the caller read it: false when another ceremony changed it meanwhile.
 */
export async function resealSeed(
  db: Executor,
  was: { keyId: Buffer; fingerprint: string },
  row: Pick<NewSealedSeed, 'keyLabel' | 'keyId' | 'iv' | 'ciphertext'> & { origin?: SeedOrigin },
): Promise<boolean> {
  const updated = await db
    .update(sealedSeed)
    .set({ ...{}, ...row, sealedAt: new Date() })
    .where(
      and(
        eq(sealedSeed.id, 1),
        eq(sealedSeed.keyId, was.keyId),
        eq(sealedSeed.fingerprint, was.fingerprint),
      ),
    )
    .returning({ id: sealedSeed.id });
  return updated.length > 0;
}
