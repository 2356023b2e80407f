import { eq } from 'drizzle-orm';
import type { V2Paging } from '@custody/contracts';
import { type Executor, one, type Page } from '@custody/persistence';
import { byName, selectV2Page } from '../paging.repository';
import { type HolderRow, holders } from '../schema';

// Holders belong to an issue (of one issuer): every read takes the issue's id.

/** Fails with unique violation 23505 when the address is a holder of the issue already. */
export async function insertHolder(
  db: Executor,
  row: typeof holders.$inferInsert,
): Promise<HolderRow> {
  return one(await db.insert(holders).values(row).returning());
}

export async function listHolders(
  db: Executor,
  issueId: string,
  paging: V2Paging,
): Promise<Page<HolderRow>> {
  return selectV2Page(db, holders, {
    where: eq(holders.issueId, issueId),
    sortable: {
      createdAt: holders.createdAt,
      updatedAt: holders.updatedAt,
      name: byName(holders.name),
    },
    id: holders.id,
    paging,
  });
}
