import { asc, eq, inArray } from 'drizzle-orm';
import { MAX_VELOCITY_WINDOW_MS } from '@custody/contracts';
import { type Executor, expiredRows, type RetentionRule } from '@custody/persistence';
import {
  type AdmissionBinding,
  type AdmissionRow,
  admissions,
  approvals,
  decisions,
} from '../schema';

export async function admit(db: Executor, rows: (typeof admissions.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(admissions).values(rows).onConflictDoNothing();
}

/** The admission of an operation, locked (its binding is set under the lock). */
export async function lockAdmission(
  db: Executor,
  operationId: string,
): Promise<AdmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(admissions)
    .where(eq(admissions.operationId, operationId))
    .for('update');
  return row;
}

export async function bind(
  db: Executor,
  operationId: string,
  bound: AdmissionBinding,
): Promise<void> {
  await db.update(admissions).set({ bound }).where(eq(admissions.operationId, operationId));
}

/** A signed decision was given for the operation: it may have run, so it is never released. */
export async function markAuthorized(db: Executor, operationId: string): Promise<void> {
  await db
    .update(admissions)
    .set({ authorizedAt: new Date() })
    .where(eq(admissions.operationId, operationId));
}

/**
 * The admissions of operations about to be released, locked in id order (Authorize locks each
 * one too: a release and a decision of the same operation take turns).
 */
export async function lockAdmissions(
  db: Executor,
  operationIds: string[],
): Promise<Pick<AdmissionRow, 'operationId' | 'activity' | 'authorizedAt'>[]> {
  if (operationIds.length === 0) return [];
  return db
    .select({
      operationId: admissions.operationId,
      activity: admissions.activity,
      authorizedAt: admissions.authorizedAt,
    })
    .from(admissions)
    .where(inArray(admissions.operationId, operationIds))
    .orderBy(asc(admissions.operationId))
    .for('update');
}

/** Operations not created after all: nothing may be signed for them. */
export async function forget(db: Executor, operationIds: string[]): Promise<void> {
  if (operationIds.length > 0)
    await db.delete(admissions).where(inArray(admissions.operationId, operationIds));
}

/**
 * Admissions past the longest velocity window: their operations ended long before (a withdrawal
 * is sent in minutes), but an authorized one's `authorized_at` must outlive its count, or it could
 * be released once its admission was gone.
 */
export const admissionsRetention: RetentionRule = expiredRows({
  name: 'admissions',
  table: 'policy.admissions',
  expired: `created_at < now() - interval '${MAX_VELOCITY_WINDOW_MS / 86_400_000} days'`,
  order: 'created_at',
});

/** An approval's status, quorum, requirements and votes with their signatures (what a decision carries). */
export async function approvalWithVotes(db: Executor, approvalId: string) {
  const [approval] = await db
    .select({
      id: approvals.id,
      status: approvals.status,
      quorum: approvals.quorum,
      requirements: approvals.requirements,
      policyIds: approvals.policyIds,
      approverIds: approvals.approverIds,
      platform: approvals.platform,
      policyVersion: approvals.policyVersion,
    })
    .from(approvals)
    .where(eq(approvals.id, approvalId));
  if (!approval) return undefined;
  const votes = await db
    .select({
      clientId: decisions.clientId,
      decision: decisions.decision,
      credentialId: decisions.credentialId,
      signature: decisions.signature,
    })
    .from(decisions)
    .where(eq(decisions.approvalId, approvalId))
    .orderBy(decisions.createdAt);
  return { ...approval, votes };
}

export type ApprovalWithVotes = NonNullable<Awaited<ReturnType<typeof approvalWithVotes>>>;
