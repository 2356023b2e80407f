import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@custody/contracts';
import { type Executor, isUuid, listClauses, one, selectPage } from '@custody/persistence';
import type { TenantScope } from '@custody/tenancy';
import { type UserRow, users } from '../schema';

/** Every query here takes the tenant scope: a read without one does not compile. */
function visible(scope: TenantScope): SQL {
  const live = isNull(users.deletedAt);
  return scope.kind === 'all' ? live : (and(live, eq(users.tenantId, scope.tenantId)) as SQL);
}

/** A live user visible in the scope; `forUpdate` locks the row for a read-modify-write. */
export async function findUser(
  db: Executor,
  scope: TenantScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
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
    .set({ ...patch, updatedAt: new Date() })
    .where(and(visible(scope), eq(users.id, id)))
    .returning();
  return row;
}

export interface UserFilters {
  email?: string;
  idNumber?: string;
}

export async function listUsers(
  db: Executor,
  scope: TenantScope,
  query: ListQuery,
  filters: UserFilters,
): Promise<{ rows: UserRow[]; total: number }> {
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
