import { and, eq } from 'drizzle-orm';
import type { V2Paging } from '@custody/contracts';
import { type Executor, isUuid, one, type Page } from '@custody/persistence';
import { byName, selectV2Page } from '../paging.repository';
import { type IssueRow, issues } from '../schema';

// Issues belong to an issuer: every read takes the issuer's id.

export async function insertIssue(
  db: Executor,
  row: typeof issues.$inferInsert,
): Promise<IssueRow> {
  return one(await db.insert(issues).values(row).returning());
}

/** The issuer's issue; another issuer's, or an id that is not a uuid, is none. */
export async function findIssue(
  db: Executor,
  issuerId: string,
  issueId: string,
): Promise<IssueRow | undefined> {
  if (!isUuid(issueId)) return undefined;
  const [row] = await db
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), eq(issues.issuerId, issuerId)));
  return row;
}

export async function listIssues(
  db: Executor,
  issuerId: string,
  paging: V2Paging,
): Promise<Page<IssueRow>> {
  return selectV2Page(db, issues, {
    where: eq(issues.issuerId, issuerId),
    sortable: {
      createdAt: issues.createdAt,
      updatedAt: issues.updatedAt,
      name: byName(issues.name),
    },
    id: issues.id,
    paging,
  });
}
