import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { bigint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type Executor, isUuid } from '@custody/persistence';
import { identity } from '../schema';

/** A client's passkeys (migration 0012). */
export const passkeys = identity.table('passkeys', {
  id: uuid('id').primaryKey(),
  clientId: uuid('client_id').notNull(),
  credentialId: text('credential_id').notNull(),
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull(),
  transports: text('transports').array().notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

export type PasskeyRow = typeof passkeys.$inferSelect;

/** One-time enrollment codes, hashed (migration 0012). */
export const enrollmentCodes = identity.table('enrollment_codes', {
  id: uuid('id').primaryKey(),
  clientId: uuid('client_id').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export async function insertPasskey(
  db: Executor,
  row: typeof passkeys.$inferInsert,
): Promise<PasskeyRow> {
  const [inserted] = await db.insert(passkeys).values(row).returning();
  if (!inserted) throw new Error('passkey insert returned no row');
  return inserted;
}

/** A client's passkeys, oldest first. */
export function listPasskeys(db: Executor, clientId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.clientId, clientId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Executor, clientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.clientId, clientId));
  return row?.n ?? 0;
}

export async function findByCredentialId(
  db: Executor,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** One of the client's passkeys (another client's: undefined). */
export async function findClientPasskey(
  db: Executor,
  clientId: string,
  id: string,
): Promise<PasskeyRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.clientId, clientId)));
  return row;
}

/** The client's passkeys, locked (a removal counts what is left). */
export function lockClientPasskeys(db: Executor, clientId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.clientId, clientId)).for('update');
}

export async function deletePasskey(db: Executor, clientId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.clientId, clientId)))
    .returning({ id: passkeys.id });
  return deleted.length > 0;
}

/** Every passkey of a client (the recovery of a lost one, a deleted client). */
export async function deleteClientPasskeys(db: Executor, clientId: string): Promise<number> {
  const deleted = await db
    .delete(passkeys)
    .where(eq(passkeys.clientId, clientId))
    .returning({ id: passkeys.id });
  return deleted.length;
}

/**
 * Records a use: the counter the authenticator signed, only forward (a concurrent sign-in with
 * the same counter loses: false), and when.
 */
export async function recordUse(
  db: Executor,
  id: string,
  previousCounter: number,
  counter: number,
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: new Date() })
    .where(
      and(
        eq(passkeys.id, id),
        // A counter of 0 (authenticators that keep none) stays 0.
        counter === 0 ? eq(passkeys.counter, 0) : sql`${passkeys.counter} = ${previousCounter}`,
      ),
    )
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

export async function insertEnrollmentCode(
  db: Executor,
  row: typeof enrollmentCodes.$inferInsert,
): Promise<void> {
  await db.insert(enrollmentCodes).values(row);
}

/** Whether the client has an enrollment code never used (bootstrap prints one only once). */
export async function hasEnrollmentCode(db: Executor, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollmentCodes.id })
    .from(enrollmentCodes)
    .where(eq(enrollmentCodes.clientId, clientId))
    .limit(1);
  return row !== undefined;
}

/**
 * Uses an enrollment code of this client, once: answers whether it was unused and unexpired (a
 * second use, or a concurrent one, finds it used).
 */
export async function useEnrollmentCode(
  db: Executor,
  clientId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(enrollmentCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(enrollmentCodes.clientId, clientId),
        eq(enrollmentCodes.codeHash, codeHash),
        isNull(enrollmentCodes.usedAt),
        gt(enrollmentCodes.expiresAt, now),
      ),
    )
    .returning({ id: enrollmentCodes.id });
  return used.length > 0;
}
