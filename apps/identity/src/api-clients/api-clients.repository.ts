import { and, eq, isNull, like } from 'drizzle-orm';
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

/** Secrets sealed in the earlier format (`v1`: the master key alone), deleted clients' too. */
export async function legacySealedApiClientSecrets(
  db: Executor,
): Promise<{ id: string; sealed: string }[]> {
  return db
    .select({ id: apiClients.id, sealed: apiClients.secretCiphertext })
    .from(apiClients)
    .where(like(apiClients.secretCiphertext, 'v1.%'));
}

/** Replaces a client's sealed secret, unless it is no longer `sealed`. */
export async function resealApiClientSecret(
  db: Executor,
  id: string,
  sealed: string,
  resealed: string,
): Promise<void> {
  await db
    .update(apiClients)
    .set({ secretCiphertext: resealed })
    // Unless the secret was changed meanwhile (then it is sealed anew already).
    .where(and(eq(apiClients.id, id), eq(apiClients.secretCiphertext, sealed)));
}
