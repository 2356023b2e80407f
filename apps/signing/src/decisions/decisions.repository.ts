import { eq, sql } from 'drizzle-orm';
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
 * Takes a decision's part and logs the signature made with it, in one statement: the first use
 * records its nonce (null: not a transaction's); a later use is taken only at the nonce the first
 * one bound (a withdrawal's replacement or cancel). Answers whether it was taken (else nothing
 * is written).
 */
export async function takeDecisionAndLog(
  db: Executor,
  use: { decisionId: string; part: DecisionPart; nonce: number | null; expiresAt: Date },
  log: SignatureLogRow,
): Promise<boolean> {
  const result = await db.execute(sql`
    WITH taken AS (
      INSERT INTO signing.decision_uses (decision_id, part, nonce, expires_at)
      VALUES (${use.decisionId}, ${use.part}, ${use.nonce}, ${use.expiresAt.toISOString()})
      ON CONFLICT (decision_id, part) DO UPDATE SET nonce = signing.decision_uses.nonce
        WHERE signing.decision_uses.nonce IS NOT NULL
          AND signing.decision_uses.nonce = EXCLUDED.nonce
      RETURNING decision_id
    )
    INSERT INTO signing.signature_log
      (id, decision_id, part, caller, owner_id, tenant_id, activity, operation_id, intent_kind, signed)
    SELECT ${log.id}, decision_id, ${log.part}, ${log.caller}, ${log.ownerId}, ${log.tenantId},
      ${log.activity}, ${log.operationId}, ${log.intentKind}, ${log.signed}
    FROM taken
    RETURNING id`);
  return result.rows.length > 0;
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
