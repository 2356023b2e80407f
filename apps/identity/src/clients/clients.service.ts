import type { AuthContext, ClientView, ListQuery, ListResult } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, listResult } from '@custody/persistence';
import { isAdmin, requireAdmin, requireAuth } from '@custody/tenancy';
import { clientView } from './client.view';
import * as repo from './clients.repository';
import { canDecide, effectiveAudience } from './clients.rules';

/**
 * Clients as the API and the policy service read them (creation is create-client.ts, changes
 * update-client.ts, deletion delete-client.ts).
 */
export class ClientsService {
  constructor(private readonly db: Database) {}

  /** Who may decide on the caller's approvals (its tenant's clients, or the admins). */
  async approvers(auth: AuthContext | undefined): Promise<{ clientIds: string[] }> {
    const caller = requireAuth(auth);
    const rows = isAdmin(caller)
      ? await repo.adminClients(this.db)
      : await repo.tenantClients(this.db, caller.tenantId);
    return {
      clientIds: rows
        .filter((row) => canDecide(row.scopes) && effectiveAudience(row) === caller.audience)
        .map((row) => row.id),
    };
  }

  async list(auth: AuthContext | undefined, query: ListQuery): Promise<ListResult<ClientView>> {
    requireAdmin(auth);
    const page = await repo.listClients(this.db, query);
    return listResult(page, page.rows.map(clientView));
  }

  /** Admins read any client; a client reads only itself (others are 404, not 403). */
  async get(auth: AuthContext | undefined, id: string): Promise<ClientView> {
    const caller = requireAuth(auth);
    if (!isAdmin(caller) && caller.clientId !== id) throw Errors.notFound('client');
    const row = await repo.findClient(this.db, id);
    if (!row) throw Errors.notFound('client');
    return clientView(row);
  }
}
