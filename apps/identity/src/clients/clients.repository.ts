import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ListQuery } from '@custody/contracts';
import {
  type Executor,
  isUuid,
  listClauses,
  selectPage,
  one,
  type Page,
} from '@custody/persistence';
import { type ClientRow, clients } from '../schema';

// Clients are the tenants themselves (a client's tenant id is its own id): admin resources.
const live = isNull(clients.deletedAt);

/** Ids are uuids: anything else names no client (and must not reach a uuid column). */
export async function findClient(db: Executor, id: string): Promise<ClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), live));
  return row;
}

export async function findClientByEmail(
  db: Executor,
  email: string,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.email}) = lower(${email})`, live));
  return row;
}

/** A tenant's live clients: the tenant itself and its members. */
export async function tenantClients(db: Executor, tenantId: string): Promise<ClientRow[]> {
  if (!isUuid(tenantId)) return [];
  return db
    .select()
    .from(clients)
    .where(and(or(eq(clients.id, tenantId), eq(clients.tenantId, tenantId)), live))
    .orderBy(clients.id);
}

/** The live clients of the admin audience. */
export async function adminClients(db: Executor): Promise<ClientRow[]> {
  return db
    .select()
    .from(clients)
    .where(and(sql`'admin' = ANY(${clients.audience})`, live))
    .orderBy(clients.id);
}

export async function findAnyAdmin(db: Executor): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(sql`'admin' = ANY(${clients.audience})`, live))
    .limit(1);
  return row;
}

/** A live client, locked against deletion until the transaction ends. */
export async function lockClient(db: Executor, id: string): Promise<ClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), live))
    .for('share');
  return row;
}

/** Whether live clients are members of this one's tenant (locked: no member joins meanwhile). */
export async function hasLiveMembers(db: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).for('update');
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.tenantId, id), live))
    .limit(1);
  return row !== undefined;
}

export async function insertClient(
  db: Executor,
  row: typeof clients.$inferInsert,
): Promise<ClientRow> {
  return one(await db.insert(clients).values(row).returning());
}

export async function updateClient(
  db: Executor,
  id: string,
  patch: Partial<typeof clients.$inferInsert>,
  bumpVersion: boolean,
): Promise<ClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(clients)
    .set({
      ...patch,
      updatedAt: new Date(),
      ...(bumpVersion ? { tokenVersion: sql`${clients.tokenVersion} + 1` } : {}),
    })
    .where(and(eq(clients.id, id), live))
    .returning();
  return row;
}

export async function listClients(db: Executor, query: ListQuery): Promise<Page<ClientRow>> {
  const clauses = listClauses(
    query,
    {
      sortable: {
        createdAt: clients.createdAt,
        updatedAt: clients.updatedAt,
        name: clients.name,
        email: clients.email,
      },
      createdAt: clients.createdAt,
      id: clients.id,
    },
    [live],
  );
  return selectPage(db, clients, clauses);
}
