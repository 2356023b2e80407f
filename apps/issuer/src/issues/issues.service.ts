import { v7 as uuidv7 } from 'uuid';
import type { AuthContext, IssueView, V2Page, V2Paging } from '@custody/contracts';
import type { Database } from '@custody/persistence';
import { callingIssuer } from '../access';
import { v2Page } from '../paging';
import type { IssueRow } from '../schema';
import { insertIssue, listIssues } from './issues.repository';

export function issueView(row: IssueRow): IssueView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An issuer's issues (extension): what its activities and holders belong to. */
export class IssuesService {
  constructor(private readonly db: Database) {}

  async create(
    auth: AuthContext | undefined,
    issuerId: string,
    input: { name: string; description?: string },
  ): Promise<IssueView> {
    const issuer = await callingIssuer(this.db, auth, issuerId);
    const row = await insertIssue(this.db, {
      id: uuidv7(),
      issuerId: issuer.id,
      name: input.name,
      description: input.description ?? null,
    });
    return issueView(row);
  }

  async list(
    auth: AuthContext | undefined,
    issuerId: string,
    paging: V2Paging,
  ): Promise<V2Page<IssueView>> {
    const issuer = await callingIssuer(this.db, auth, issuerId);
    return v2Page(await listIssues(this.db, issuer.id, paging), paging, issueView);
  }
}
