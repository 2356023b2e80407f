import {
  EVENTS,
  WALLET_RPC,
  type AuthContext,
  type KycRecord as Kyc,
  type ListQuery,
  type ListResult,
  type UserRefUpdate,
  type UserRefView,
  type UserView,
} from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  enqueueEvent,
  listResult,
  sqlState,
  type Transaction,
  withTransaction,
} from '@custody/persistence';
import { assertUserAccess, requireAuth, tenantScope } from '@custody/tenancy';
import type { UserRow } from '../schema';
import * as repo from './users.repository';

export type { KycRecord as Kyc } from '@custody/contracts';

const SCHEMA = 'identity';

function str(record: Kyc, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function userView(row: UserRow): UserView {
  const kyc = row.kyc;
  return compact({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    generalConditions: row.generalConditions,
    idNumber: row.idNumber ?? undefined,
    email: row.email ?? undefined,
    individualPerson:
      row.kind === 'individual'
        ? compact({
            idNumber: str(kyc, 'idNumber'),
            name: str(kyc, 'name'),
            surname: str(kyc, 'surname'),
            middleName: str(kyc, 'middleName'),
            email: str(kyc, 'email'),
          })
        : undefined,
    legalPerson:
      row.kind === 'legal'
        ? {
            generalConditions: row.generalConditions,
            device: str(kyc, 'device') ?? '',
            ip: str(kyc, 'ip') ?? '',
            idNumber: str(kyc, 'idNumber') ?? '',
            legalName: str(kyc, 'legalName') ?? '',
          }
        : undefined,
    blocked: row.blocked,
    externalReference: row.externalReference ?? undefined,
  });
}

function duplicate(error: unknown): never {
  if (sqlState(error) === '23505') {
    throw Errors.conflict(
      'The tenant already has a user with this idNumber or email.',
      'user_exists',
    );
  }
  throw error;
}

/**
 * What a token bound to the user itself may not change: its status (a blocked user would
 * unblock itself) and what compliance decided or checked (PEP and sanctions flags, the identity
 * document, the KYC of a legal person's owners and administrators). The tenant's own backend
 * changes them, with a token not bound to a user.
 */
export const COMPLIANCE_FIELDS = [
  'status',
  'pep',
  'sanctions',
  'idNumber',
  'idType',
  'idExpireDate',
  'individualsCompany',
  'companyAdministrationCommittee',
  'adminPersonName',
  'adminPersonIdType',
  'adminPersonIdNumber',
  'representativeIdType',
  'representativeIdNumber',
  // The tenant's own reference to the user, not the user's to rewrite.
  'externalReference',
] as const;

function assertSelfServiceChange(auth: AuthContext | undefined, patch: Kyc): void {
  if (auth?.userId === undefined) return;
  const refused = COMPLIANCE_FIELDS.filter((field) => patch[field] !== undefined);
  if (refused.length > 0)
    throw Errors.forbidden(
      `A token bound to the user cannot change ${refused.join(', ')}.`,
      'field_forbidden',
    );
}

/** Columns derived from the KYC record (what reads, filters and uniqueness use). */
function columns(kyc: Kyc) {
  return {
    email: str(kyc, 'email') ?? null,
    idNumber: str(kyc, 'idNumber') ?? null,
    externalReference: str(kyc, 'externalReference') ?? null,
  };
}

export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  private async emit(
    tx: Transaction,
    name: typeof EVENTS.userCreated | typeof EVENTS.userUpdated,
    row: UserRow,
  ): Promise<void> {
    await enqueueEvent(tx, SCHEMA, { name, tenantId: row.tenantId, data: userView(row) });
  }

  async create(
    auth: AuthContext | undefined,
    kind: UserRow['kind'],
    kyc: Kyc,
  ): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    if (caller.userId !== undefined)
      throw Errors.forbidden('A user-bound token cannot create users.', 'user_forbidden');
    return withTransaction(this.db, async (tx) => {
      const row = await repo
        .insertUser(tx, {
          id: uuidv7(),
          tenantId: caller.tenantId,
          kind,
          generalConditions: String(kyc['generalConditions']),
          blocked: false,
          kyc,
          ...columns(kyc),
        })
        .catch(duplicate);
      await this.emit(tx, EVENTS.userCreated, row);
      return { id: row.id };
    });
  }

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
    return listResult(page, page.rows.map(userView));
  }

  async get(auth: AuthContext | undefined, id: string): Promise<UserView> {
    assertUserAccess(auth, id);
    const row = await repo.findUser(this.db, tenantScope(auth), id);
    if (!row) throw Errors.notFound('user');
    return userView(row);
  }

  /** For other services: the user as the caller may see it, plus the tenant it belongs to. */
  async getRef(auth: AuthContext | undefined, id: string): Promise<UserRefView> {
    assertUserAccess(auth, id);
    const row = await repo.findUser(this.db, tenantScope(auth), id);
    if (!row) throw Errors.notFound('user');
    return { ...{}, ...userView(row), tenantId: row.tenantId };
  }

  /** Merges the change into the KYC record; `status` maps to the `blocked` flag. */
  async update(
    auth: AuthContext | undefined,
    id: string,
    kind: UserRow['kind'],
    patch: Kyc,
  ): Promise<{ id: string }> {
    assertUserAccess(auth, id);
    assertSelfServiceChange(auth, patch);
    const scope = tenantScope(auth);
    return withTransaction(this.db, async (tx) => {
      const current = await repo.findUser(tx, scope, id, { forUpdate: true });
      if (!current) throw Errors.notFound('user');
      if (current.kind !== kind) {
        throw Errors.badRequest(`This user is a ${current.kind} person.`, 'person_type_mismatch');
      }
      const { status, ...changes } = patch;
      const kyc = { ...{}, ...current.kyc, ...changes };
      const row = await repo
        .updateUser(tx, scope, id, {
          kyc,
          ...columns(kyc),
          ...(typeof changes['generalConditions'] === 'string'
            ? { generalConditions: changes['generalConditions'] }
            : {}),
          ...(status !== undefined ? { blocked: status === 'blocked' } : {}),
        })
        .catch(duplicate);
      if (!row) throw Errors.notFound('user');
      await this.emit(tx, EVENTS.userUpdated, row);
      // Transfers check wallet-ledger's copy of the user: a block reaches it before it commits
      // (a failure rolls the block back), so money stops on the very next request. If this
      // commit then fails, the copy stays blocked until the user's next change: closed, not
      // open. An unblock travels by event only (until it lands, the user stays blocked).
      if (row.blocked && !current.blocked) {
        const update: UserRefUpdate = { user: userView(row), tenantId: row.tenantId };
        // In identity's own name: the block is identity's to apply, whoever asked for it.
        await this.rpc.call('wallet-ledger', WALLET_RPC.applyUserRef, update, {
          idempotent: true,
        });
      }
      return { id };
    });
  }

  /**
   * Soft delete (the record stays for compliance, reads answer 404); 403 while the user still has
   * a wallet (spec rule 1), as wallet-ledger reports.
   */
  async remove(
    auth: AuthContext | undefined,
    id: string,
    request: { device: string; ip: string },
  ): Promise<{ id: string }> {
    assertUserAccess(auth, id);
    const scope = tenantScope(auth);
    if (!(await repo.findUser(this.db, scope, id))) throw Errors.notFound('user');
    const { count } = await this.rpc.call(
      'wallet-ledger',
      WALLET_RPC.countUserWallets,
      { userId: id },
      {
        ...{},
        ...(auth ? { auth } : {}),
        idempotent: true,
      },
    );
    if (count > 0)
      throw Errors.forbidden('The user still has wallets; delete them first.', 'user_has_wallets');
    return withTransaction(this.db, async (tx) => {
      const row = await repo.updateUser(tx, scope, id, { deletedAt: new Date() });
      if (!row) throw Errors.notFound('user');
      await enqueueEvent(tx, SCHEMA, {
        name: EVENTS.userDeleted,
        tenantId: row.tenantId,
        data: { ...{}, ...userView(row), deletedBy: { device: request.device, ip: request.ip } },
      });
      return { id };
    });
  }

  /** For token issuance: the user a token is bound to must exist in the client's tenant. */
  async exists(tenantId: string, admin: boolean, id: string): Promise<boolean> {
    const scope = admin ? ({ kind: 'all' } as const) : ({ kind: 'tenant', tenantId } as const);
    return (await repo.findUser(this.db, scope, id)) !== undefined;
  }
}
