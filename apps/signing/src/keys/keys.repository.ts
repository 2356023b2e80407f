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

/**
 * Serializes the reservations of a chain's key indexes across processes, until the caller's
 * transaction ends (docs/decisions/wallets-and-signing.md, "Key indexes past a restore").
 */
export async function lockIndexes(tx: Executor, chain: ChainFamily): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`signing:key-index:${chain}`}))`);
}

/** The highest index the database knows issued on a chain (its keys, its sequence); −1 if none. */
export async function highestIssued(db: Executor, chain: ChainFamily): Promise<number> {
  const result = await db.execute(
    sql`SELECT greatest(
              (SELECT max(derivation_index) FROM signing.keys WHERE chain = ${chain}),
              (SELECT CASE WHEN is_called THEN last_value END FROM ${sequenceOf(chain)}),
              -1)::bigint AS highest`,
  );
  return Number((result.rows[0] as { highest: string }).highest);
}

/** The highest index a key of the database has on a chain; −1 if none. */
export async function highestKey(db: Executor, chain: ChainFamily): Promise<number> {
  const result = await db.execute(
    sql`SELECT coalesce(max(derivation_index), -1)::bigint AS highest
          FROM signing.keys WHERE chain = ${chain}`,
  );
  return Number((result.rows[0] as { highest: string }).highest);
}

/** Moves a chain's sequence so that its next value is above `index` (never back). */
export async function moveSequencePast(
  db: Executor,
  chain: ChainFamily,
  index: number,
): Promise<void> {
  await db.execute(
    sql`SELECT setval(${`signing.${chain}_index_seq`}::regclass, greatest(${index}::bigint,
          (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END
             FROM ${sequenceOf(chain)})), true)`,
  );
}

/** A chain's index sequence, as SQL (the chain checked: it names a relation). */
function sequenceOf(chain: ChainFamily) {
  if (chain !== 'evm' && chain !== 'qubic')
    throw new Error(`no index sequence for ${String(chain)}`);
  return sql.raw(`signing.${chain}_index_seq`);
}
