import { sql } from 'drizzle-orm';
import type { Executor } from './database';
import { quoteIdent } from './messaging-tables';

/**
 * An approval's outcome can arrive before the operation it holds is committed (the policy
 * service commits the approval first). Both sides take the approval's lock: the operation's
 * transaction reads an outcome kept before it, or the outcome's sees the operation. One set of
 * statements for every service that holds operations for approval, over its own
 * `<schema>.approval_outcomes` (each service's migrations create it).
 */
export interface EarlyOutcomes {
  /** The approval's transaction-scoped advisory lock. */
  lockApproval(db: Executor, approvalId: string): Promise<void>;
  /** Keeps an approval's outcome that came before its operation. */
  keepOutcome(db: Executor, approvalId: string, status: string): Promise<void>;
  /** The outcome kept for an approval, taken (deleted) as it is read. */
  takeOutcome(db: Executor, approvalId: string): Promise<string | undefined>;
}

export function earlyOutcomes(schema: string): EarlyOutcomes {
  const table = sql.raw(`${quoteIdent(schema)}.approval_outcomes`);
  return {
    async lockApproval(db, approvalId) {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${schema}.approval:${approvalId}`}, 0))`,
      );
    },
    async keepOutcome(db, approvalId, status) {
      // An outcome waits seconds for its operation at most; one still here after a day belongs
      // to an operation never recorded (refused or failed after its decision): forgotten.
      await db.execute(sql`DELETE FROM ${table} WHERE created_at < now() - interval '1 day'`);
      await db.execute(
        sql`INSERT INTO ${table} (approval_id, status) VALUES (${approvalId}, ${status})
            ON CONFLICT (approval_id) DO NOTHING`,
      );
    },
    async takeOutcome(db, approvalId) {
      const { rows } = await db.execute<{ status: string }>(
        sql`DELETE FROM ${table} WHERE approval_id = ${approvalId} RETURNING status`,
      );
      return rows[0]?.status;
    },
  };
}
