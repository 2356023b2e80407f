import { eq, inArray } from 'drizzle-orm';
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

/** Operations not created after all: nothing may be signed for them. */
export async function forget(db: Executor, operationIds: string[]): Promise<void> {
  if (operationIds.length > 0)
    await db.delete(admissions).where(inArray(admissions.operationId, operationIds));
}

/** Admissions past 30 days: their operations ended long before (a withdrawal is sent in minutes). */
export const admissionsRetention: RetentionRule = expiredRows({
  name: 'admissions',
  table: 'policy.admissions',
  expired: `created_at < now() - interval '30 days'`,
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
