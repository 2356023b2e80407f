import type { AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Executor } from '@custody/persistence';
import { requireIssuer } from '@custody/tenancy';
import { findIssuer } from './issuers/issuers.repository';
import { findIssue } from './issues/issues.repository';
import type { IssueRow, IssuerRow } from './schema';

/**
 * The issuer an issuer token reaches: its own (403 for another one), still existing, and with the
 * secret version the token was issued under (a rotated secret revokes older tokens: 401).
 */
export async function callingIssuer(
  db: Executor,
  auth: AuthContext | undefined,
  issuerId: string,
): Promise<IssuerRow> {
  const caller = requireIssuer(auth, issuerId);
  const row = await findIssuer(db, issuerId);
  if (!row) throw Errors.unauthorized('The access token is not valid.', 'token_invalid');
  if (row.secretVersion !== caller.issuer.version)
    throw Errors.unauthorized('The access token has been revoked.', 'token_revoked');
  return row;
}

/** An issue of the calling issuer; another issuer's issue or an unknown one is 404. */
export async function issueOf(
  db: Executor,
  auth: AuthContext | undefined,
  path: { issuerId: string; issueId: string },
): Promise<{ issuer: IssuerRow; issue: IssueRow }> {
  const issuer = await callingIssuer(db, auth, path.issuerId);
  const issue = await findIssue(db, issuer.id, path.issueId);
  if (!issue) throw Errors.notFound('issue');
  return { issuer, issue };
}
