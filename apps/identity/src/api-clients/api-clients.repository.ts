import { and, eq, isNull } from 'drizzle-orm';
import type { ListQuery } from '@custody/contracts';
import { type Executor, listClauses, selectPage, one, type Page } from '@custody/persistence';
import { type ApiClientRow, apiClients } from '../schema';

// Api clients are operator (admin) resources, not tenant data: no tenant argument here.
const live = isNull(apiClients.deletedAt);

export async function findApiClient(db: Executor, id: string): Promise<ApiClientRow | undefined> {
  const [row] = await db
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.id, id), live));
  return row;
}

export async function insertApiClient(
  db: Executor,
  row: typeof apiClients.$inferInsert,
): Promise<ApiClientRow> {
  return one(await db.insert(apiClients).values(row).returning());
}

export async function updateApiClient(
  db: Executor,
  id: string,
  patch: Partial<typeof apiClients.$inferInsert>,
): Promise<ApiClientRow | undefined> {
  const [row] = await db
    .update(apiClients)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(apiClients.id, id), live))
    .returning();
  return row;
}

export async function listApiClients(db: Executor, query: ListQuery): Promise<Page<ApiClientRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: {
        createdAt: apiClients.createdAt,
        updatedAt: apiClients.updatedAt,
        name: apiClients.name,
        id: apiClients.id,
      },
      createdAt: apiClients.createdAt,
      id: apiClients.id,
    },
    [live],
  );
  return selectPage(db, apiClients, clauses);
}
