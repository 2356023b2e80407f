import {
  type AuthContext,
  type ClientAudience,
  type ClientInput,
  type ClientView,
  type ListQuery,
  type ListResult,
} from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import {
  type Database,
  type Executor,
  listResult,
  sqlState,
  withTransaction,
} from '@custody/persistence';
import { isAdmin, requireAdmin, requireAuth } from '@custody/tenancy';
import { type AuthState, DELETED } from '../auth-state/auth-state';
import { hashPassword } from '../crypto/passwords';
import type { ClientRow } from '../schema';
import { revokeClientRefreshTokens } from '../tokens/refresh-tokens.repository';
import * as repo from './clients.repository';

export type { ClientInput } from '@custody/contracts';

export function clientView(row: ClientRow): ClientView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    email: row.email,
    audience: row.audience,
    tenantId: row.tenantId ?? row.id,
  };
}

export function effectiveAudience(row: ClientRow): ClientAudience {
  return row.audience.includes('admin') ? 'admin' : 'general';
}

const MEMBER_NOT_ADMIN =
  "A tenant member acts in its tenant's general audience; it cannot be an admin.";

/**
 * A member joins a tenant of its own: a live general client that is no member itself (locked
 * until the member is in, so the tenant cannot be deleted meanwhile), and stays general.
 */
async function checkTenant(tx: Executor, input: ClientInput): Promise<void> {
  const tenant = input.tenantId ? await repo.lockClient(tx, input.tenantId) : undefined;
  if (!tenant || tenant.tenantId !== null || effectiveAudience(tenant) !== 'general')
    throw Errors.badRequest(
      'tenantId must be the id of an existing general client that is not a member itself.',
      'tenant_not_found',
    );
  if (input.audience?.includes('admin'))
    throw Errors.badRequest(MEMBER_NOT_ADMIN, 'member_audience_invalid');
}

/** No scopes (everything its audience allows), or a scope granting `approvals:decide`. */
function canDecide(scopes: string[][]): boolean {
  return (
    scopes.length === 0 ||
    scopes.some(
      ([resource, ...actions]) =>
        (resource === 'approvals' || resource === '*') &&
        (actions.includes('decide') || actions.includes('*')),
    )
  );
}

function duplicateEmail(error: unknown): never {
  if (sqlState(error) === '23505')
    throw Errors.conflict('A client with this email already exists.');
  throw error;
}

export class ClientsService {
  constructor(
    private readonly db: Database,
    private readonly authState: AuthState,
  ) {}

  async create(auth: AuthContext | undefined, input: ClientInput): Promise<ClientView> {
    requireAdmin(auth);
    return this.createUnchecked(input);
  }

  /** Also used by the bootstrap, which runs before any admin exists. */
  async createUnchecked(input: ClientInput): Promise<ClientView> {
    const passwordHash = await hashPassword(input.password);
    const row = await withTransaction(this.db, async (tx) => {
      if (input.tenantId !== undefined) await checkTenant(tx, input);
      return repo
        .insertClient(tx, {
          id: uuidv7(),
          name: input.name,
          email: input.email,
          passwordHash,
          audience: input.audience ?? ['general'],
          scopes: input.scopes ?? [],
          tokenVersion: 1,
          tenantId: input.tenantId ?? null,
        })
        .catch(duplicateEmail);
    });
    await this.authState.setClientVersion(row.id, row.tokenVersion);
    return clientView(row);
  }

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

  async update(
    auth: AuthContext | undefined,
    id: string,
    patch: Partial<ClientInput>,
  ): Promise<ClientView> {
    requireAdmin(auth);
    if (patch.audience?.includes('admin')) {
      if ((await repo.findClient(this.db, id))?.tenantId)
        throw Errors.badRequest(MEMBER_NOT_ADMIN, 'member_audience_invalid');
      // Its members act in its name: a tenant with members stays in the general audience.
      if (await repo.hasLiveMembers(this.db, id))
        throw Errors.conflict(
          'This client has tenant members; a tenant with members cannot be an admin.',
          'client_has_members',
        );
    }
    // A new password, audience or scope set invalidates every token issued before it.
    const bump =
      patch.password !== undefined || patch.audience !== undefined || patch.scopes !== undefined;
    const row = await withTransaction(this.db, async (tx) => {
      const updated = await repo
        .updateClient(
          tx,
          id,
          {
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.email !== undefined ? { email: patch.email } : {}),
            ...(patch.password !== undefined
              ? { passwordHash: await hashPassword(patch.password) }
              : {}),
            ...(patch.audience !== undefined ? { audience: patch.audience } : {}),
            ...(patch.scopes !== undefined ? { scopes: patch.scopes } : {}),
          },
          bump,
        )
        .catch(duplicateEmail);
      if (updated && bump) await revokeClientRefreshTokens(tx, id);
      return updated;
    });
    if (!row) throw Errors.notFound('client');
    if (bump) await this.authState.setClientVersion(row.id, row.tokenVersion);
    return clientView(row);
  }

  async remove(auth: AuthContext | undefined, id: string): Promise<{ id: string }> {
    requireAdmin(auth);
    const row = await withTransaction(this.db, async (tx) => {
      // Members act in their tenant's name: the tenant goes only once they have gone.
      if (await repo.hasLiveMembers(tx, id))
        throw Errors.conflict(
          'This client has tenant members; delete them first.',
          'client_has_members',
        );
      const deleted = await repo.updateClient(tx, id, { deletedAt: new Date() }, true);
      if (deleted) await revokeClientRefreshTokens(tx, id);
      return deleted;
    });
    if (!row) throw Errors.notFound('client');
    await this.authState.setClientVersion(id, DELETED);
    return { id };
  }
}
