import { and, eq, sql } from 'drizzle-orm';
import { integer, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChainFamily } from '@custody/contracts';
import type { Executor } from '@custody/persistence';

export const keys = pgSchema('signing').table(
  'keys',
  {
    ownerId: text('owner_id').notNull(),
    chain: text('chain').$type<ChainFamily>().notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    derivationPath: text('derivation_path').notNull(),
    address: text('address').notNull(),
    /** Named at the first derivation (null: a system key, or one derived before tenants were). */
    tenantId: text('tenant_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.chain] })],
);

export type KeyRow = typeof keys.$inferSelect;

export async function findKey(
  db: Executor,
  ownerId: string,
  chain: ChainFamily,
): Promise<KeyRow | undefined> {
  const [row] = await db
    .select()
    .from(keys)
    .where(and(eq(keys.ownerId, ownerId), eq(keys.chain, chain)));
  return row;
}

/** The next unused index of a chain (a sequence: concurrent callers never share one). */
export async function nextIndex(db: Executor, chain: ChainFamily): Promise<number> {
  const result = await db.execute(
    sql`SELECT nextval(${`signing.${chain}_index_seq`}::regclass) AS n`,
  );
  return Number((result.rows[0] as { n: string }).n);
}

/** Inserts the key unless the owner already has one on the chain; returns the stored key. */
export async function insertKey(
  db: Executor,
  row: typeof keys.$inferInsert,
): Promise<KeyRow | undefined> {
  const [created] = await db
    .insert(keys)
    .values(row)
    .onConflictDoNothing({ target: [keys.ownerId, keys.chain] })
    .returning();
  return created ?? (await findKey(db, row.ownerId, row.chain));
}
