import { eq, and } from 'drizzle-orm';
import { bigint, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type Executor, expiredRows, type RetentionRule } from '@custody/persistence';

const signing = pgSchema('signing');

export const decisionUses = signing.table(
  'decision_uses',
  {
    decisionId: uuid('decision_id').notNull(),
    part: text('part').$type<DecisionPart>().notNull(),
    nonce: bigint('nonce', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.decisionId, t.part] })],
);

export const signatureLog = signing.table('signature_log', {
  id: uuid('id').primaryKey(),
  decisionId: uuid('decision_id').notNull(),
  part: text('part').notNull(),
  caller: text('caller').notNull(),
  ownerId: text('owner_id').notNull(),
  tenantId: text('tenant_id').notNull(),
  activity: text('activity').notNull(),
  operationId: text('operation_id').notNull(),
  intentKind: text('intent_kind').notNull(),
  signed: text('signed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The key a decision names, or the gas station's top-up it allows. */
export type DecisionPart = 'key' | 'top-up';

export type SignatureLogRow = typeof signatureLog.$inferInsert;

/**
 * Takes a decision's part: the first use records its nonce (null: not a transaction's); a later
 * use returns the nonce the first one bound, for the caller to compare (`fresh` false).
 */
export async function takeDecision(
  db: Executor,
  use: { decisionId: string; part: DecisionPart; nonce: number | null; expiresAt: Date },
): Promise<{ fresh: true } | { fresh: false; nonce: number | null }> {
  const [taken] = await db
    .insert(decisionUses)
    .values(use)
    .onConflictDoNothing()
    .returning({ decisionId: decisionUses.decisionId });
  if (taken) return { fresh: true };
  const [first] = await db
    .select({ nonce: decisionUses.nonce })
    .from(decisionUses)
    .where(and(eq(decisionUses.decisionId, use.decisionId), eq(decisionUses.part, use.part)));
  return { fresh: false, nonce: first?.nonce ?? null };
}

export async function logSignature(db: Executor, row: SignatureLogRow): Promise<void> {
  await db.insert(signatureLog).values(row);
}

export async function signaturesOfDecision(db: Executor, decisionId: string) {
  return db.select().from(signatureLog).where(eq(signatureLog.decisionId, decisionId));
}

/** Used decisions a day past their expiry: no decision can be presented again by then. */
export const decisionUsesRetention: RetentionRule = expiredRows({
  name: 'decision_uses',
  table: 'signing.decision_uses',
  expired: `expires_at < now() - interval '1 day'`,
  order: 'expires_at',
});
