import { type ListQuery, type UserFilters } from '@custody/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  type Executor,
  isUuid,
  listClauses,
  one,
  selectPage,
  type Page,
} from '@custody/persistence';
import type { TenantScope } from '@custody/tenancy';
import { type UserRow, users } from '../schema';

/** Every query here takes the tenant scope: a read without one does not compile. */
function visible(scope: TenantScope): SQL {
  const live = isNull(users.deletedAt);
  return scope.kind === 'all' ? live : (and(live, eq(users.tenantId, scope.tenantId)) as SQL);
}

function buildFinds(db: Executor) {
  const live = isNull(users.deletedAt);
  const byId = eq(users.id, sql.placeholder('id'));
  return {
    inTenant: db
      .select()
      .from(users)
      .where(and(live, eq(users.tenantId, sql.placeholder('tenantId')), byId))
      .prepare('identity_find_user_in_tenant'),
    anywhere: db.select().from(users).where(and(live, byId)).prepare('identity_find_user'),
  };
}

// Building the query was most of identity's CPU for a user read, the gateway's hottest path:
// the plain lookups by id are built once per executor, as named prepared statements.
const prepared = new WeakMap<Executor, ReturnType<typeof buildFinds>>();

function preparedFinds(db: Executor) {
  let finds = prepared.get(db);
  if (!finds) {
    finds = buildFinds(db);
    prepared.set(db, finds);
  }
  return finds;
}

/** A live user visible in the scope; `forUpdate` locks the row for a read-modify-write. */
export async function findUser(
  db: Executor,
  scope: TenantScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  if (!options.forUpdate) {
    const finds = preparedFinds(db);
    const [row] =
      scope.kind === 'all'
        ? await finds.anywhere.execute({ id })
        : await finds.inTenant.execute({ id, tenantId: scope.tenantId });
    return row;
  }
  const query = db
    .select()
    .from(users)
    .where(and(visible(scope), eq(users.id, id)))
    .$dynamic();
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function insertUser(db: Executor, row: typeof users.$inferInsert): Promise<UserRow> {
  return one(await db.insert(users).values(row).returning());
}

export async function updateUser(
  db: Executor,
  scope: TenantScope,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...{}, ...patch, updatedAt: new Date() })
    .where(and(visible(scope), eq(users.id, id)))
    .returning();
  return row;
}

export type { UserFilters } from '@custody/contracts';

export async function listUsers(
  db: Executor,
  scope: TenantScope,
  query: ListQuery,
  filters: UserFilters,
): Promise<Page<UserRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: {
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
        email: users.email,
        idNumber: users.idNumber,
      },
      createdAt: users.createdAt,
      id: users.id,
      externalReference: users.externalReference,
    },
    [
      visible(scope),
      filters.email !== undefined
        ? sql`lower(${users.email}) = lower(${filters.email})`
        : undefined,
      filters.idNumber !== undefined ? eq(users.idNumber, filters.idNumber) : undefined,
    ],
  );
  return selectPage(db, users, clauses);
}
