import type { AuthContext, ListQuery, ListResult, UserRefView, UserView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, listResult } from '@custody/persistence';
import { assertUserAccess, isAuditor, requireAuth, tenantScope } from '@custody/tenancy';
import { maskedUserView, userView } from './user.view';
import type { UserRow } from '../schema';
import * as repo from './users.repository';

/**
 * Users as the API, other services and token issuance read them (creation is create-user.ts,
 * changes update-user.ts, deletion delete-user.ts).
 */
export class UsersService {
  constructor(private readonly db: Database) {}

  async list(
    auth: AuthContext | undefined,
    query: ListQuery,
    filters: repo.UserFilters,
  ): Promise<ListResult<UserView>> {
    // An admin lists every tenant's users; a client (extension) its own tenant's; a token bound
    // to one end user, none.
    const caller = requireAuth(auth);
    if (caller.userId !== undefined)
      throw Errors.forbidden('A token bound to a user cannot list users.', 'user_token_forbidden');
    const page = await repo.listUsers(this.db, tenantScope(caller), query, filters);
    const view = isAuditor(caller) ? (row: UserRow) => maskedUserView(userView(row)) : userView;
    return listResult(page, page.rows.map(view));
  }

  async get(auth: AuthContext | undefined, id: string): Promise<UserView> {
    assertUserAccess(auth, id);
    const row = await repo.findUser(this.db, tenantScope(auth), id);
    if (!row) throw Errors.notFound('user');
    // requireAuth passed in assertUserAccess: an auditor reads personal fields masked.
    return auth && isAuditor(auth) ? maskedUserView(userView(row)) : userView(row);
  }

  /** For other services: the user as the caller may see it, plus the tenant it belongs to. */
  async getRef(auth: AuthContext | undefined, id: string): Promise<UserRefView> {
    assertUserAccess(auth, id);
    const row = await repo.findUser(this.db, tenantScope(auth), id);
    if (!row) throw Errors.notFound('user');
    return { ...{}, ...userView(row), tenantId: row.tenantId };
  }

  /** For token issuance: the user a token is bound to must exist in the client's tenant. */
  async exists(tenantId: string, admin: boolean, id: string): Promise<boolean> {
    const scope = admin ? ({ kind: 'all' } as const) : ({ kind: 'tenant', tenantId } as const);
    return (await repo.findUser(this.db, scope, id)) !== undefined;
  }
}
