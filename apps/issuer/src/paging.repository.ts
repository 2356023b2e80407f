import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { V2Paging } from '@custody/contracts';
import { type Executor, type Page, selectPage } from '@custody/persistence';

/**
 * One page of a version 2 list: `take` rows from the 1-based `page`, ordered by the allow-listed
 * `sortColumn` (then by id, so that pages never overlap), with the count before paging.
 */
export async function selectV2Page<T extends PgTable>(
  db: Executor,
  table: T,
  options: {
    where: SQL | undefined;
    /** API name → column (or expression, e.g. a case-insensitive name). */
    sortable: Record<string, PgColumn | SQL>;
    id: PgColumn;
    paging: V2Paging;
  },
): Promise<Page<T['$inferSelect']>> {
  const { page, take, sortColumn, sortOrder } = options.paging;
  const column = options.sortable[sortColumn];
  // The gateway validated the name against the same allow-list.
  if (!column) throw new Error(`Sort column not allow-listed: ${sortColumn}`);
  const direction = sortOrder === 'ASC' ? asc : desc;
  return selectPage(db, table, {
    where: options.where,
    orderBy: [direction(column), direction(options.id)],
    limit: take,
    offset: (page - 1) * take,
  });
}

/** Names sort alphabetically whatever their letter case (and the database's collation). */
export function byName(column: PgColumn): SQL {
  return sql`lower(${column})`;
}
