import { eq, sql } from 'drizzle-orm';
import type { V2Paging } from '@custody/contracts';
import { type Executor, isUuid, one, type Page } from '@custody/persistence';
import { byName, selectV2Page } from '../paging.repository';
import { type IssuerRow, issuers } from '../schema';

// Issuers are provisioned and listed by an admin across tenants, and each is its own scope: no
// tenant argument here.

/** Ids are uuids: anything else names no issuer (and must not reach a uuid column). */
export async function findIssuer(db: Executor, id: string): Promise<IssuerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(issuers).where(eq(issuers.id, id));
  return row;
}

export async function insertIssuer(
  db: Executor,
  row: typeof issuers.$inferInsert,
): Promise<IssuerRow> {
  return one(await db.insert(issuers).values(row).returning());
}

/** The new secret's hash, under the next version (tokens of the earlier ones stop working). */
export async function replaceIssuerSecret(
  db: Executor,
  id: string,
  secretHash: string,
): Promise<IssuerRow | undefined> {
  const [row] = await db
    .update(issuers)
    .set({
      secretHash,
      secretVersion: sql`${issuers.secretVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(issuers.id, id))
    .returning();
  return row;
}

export async function listIssuers(db: Executor, paging: V2Paging): Promise<Page<IssuerRow>> {
  return selectV2Page(db, issuers, {
    where: undefined,
    sortable: {
      createdAt: issuers.createdAt,
      updatedAt: issuers.updatedAt,
      name: byName(issuers.name),
    },
    id: issuers.id,
    paging,
  });
}
