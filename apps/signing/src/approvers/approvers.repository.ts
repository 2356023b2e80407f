import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApproverCredentialKind } from '@custody/contracts';
import type { Executor } from '@custody/persistence';

const signing = pgSchema('signing');

/** An endorsement that admitted a credential, kept with it. */
export interface KeptEndorsement {
  credentialId: string;
  clientId: string;
  signature: string;
}

/** The signer's registry of approver credentials (migration 0004). */
export const approverCredentials = signing.table('approver_credentials', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  clientId: text('client_id').notNull(),
  kind: text('kind').$type<ApproverCredentialKind>().notNull(),
  publicKey: text('public_key').notNull(),
  admittedAs: text('admitted_as').$type<'first' | 'endorsed'>().notNull(),
  endorsements: jsonb('endorsements').$type<KeptEndorsement[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export type RegisteredCredential = typeof approverCredentials.$inferSelect;

/**
 * Takes the tenant's registry lock until the transaction ends: two admissions of one tenant are
 * judged one after the other (two "first" credentials cannot both be first).
 */
export async function lockTenant(db: Executor, tenantId: string): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`signing.approvers:${tenantId}`}, 0))`,
  );
}

/** Every credential the tenant ever had here, revoked ones too. */
export async function tenantCredentials(
  db: Executor,
  tenantId: string,
): Promise<RegisteredCredential[]> {
  return db.select().from(approverCredentials).where(eq(approverCredentials.tenantId, tenantId));
}

export async function findCredential(
  db: Executor,
  id: string,
): Promise<RegisteredCredential | undefined> {
  const [row] = await db.select().from(approverCredentials).where(eq(approverCredentials.id, id));
  return row;
}

export async function findByPublicKey(
  db: Executor,
  publicKey: string,
): Promise<RegisteredCredential | undefined> {
  const [row] = await db
    .select()
    .from(approverCredentials)
    .where(eq(approverCredentials.publicKey, publicKey));
  return row;
}

export async function insertCredential(
  db: Executor,
  row: typeof approverCredentials.$inferInsert,
): Promise<void> {
  await db.insert(approverCredentials).values(row);
}

/** Revokes a credential; answers whether it was live. */
export async function revokeCredential(db: Executor, id: string): Promise<boolean> {
  const revoked = await db
    .update(approverCredentials)
    .set({ revokedAt: new Date() })
    .where(and(eq(approverCredentials.id, id), isNull(approverCredentials.revokedAt)))
    .returning({ id: approverCredentials.id });
  return revoked.length > 0;
}

/** The credentials of these ids (the ones a decision's votes name). */
export async function credentialsByIds(
  db: Executor,
  ids: readonly string[],
): Promise<RegisteredCredential[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(approverCredentials)
    .where(inArray(approverCredentials.id, [...ids]));
}
