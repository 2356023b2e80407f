import { and, asc, count, desc, gt, lt, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database';
import type { ListQuery } from '@custody/contracts';

export interface ListColumns {
  /** The allow-listed sort fields (API name → column); the gateway validated the name already. */
  sortable: Record<string, PgColumn>;
  createdAt: PgColumn;
  /** Tie-breaker so that pages never overlap or skip rows with equal sort keys. */
  id: PgColumn;
  externalReference?: PgColumn;
}

export interface ListClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | undefined;
  offset: number;
}

/** Turns the shared list query (page, limit, sort, dates, externalReference) into SQL clauses. */
export function listClauses(
  query: ListQuery,
  columns: ListColumns,
  extra: (SQL | undefined)[] = [],
): ListClauses {
  const sortColumn = columns.sortable[query.sort.field];
  if (!sortColumn) throw new Error(`Sort field not allow-listed: ${query.sort.field}`);
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const filters: (SQL | undefined)[] = [
    ...extra,
    query.createdAfter ? gt(columns.createdAt, new Date(query.createdAfter)) : undefined,
    query.createdBefore ? lt(columns.createdAt, new Date(query.createdBefore)) : undefined,
    query.externalReference !== undefined && columns.externalReference
      ? eq(columns.externalReference, query.externalReference)
      : undefined,
  ];
  return {
    where: and(...filters.filter((f): f is SQL => f !== undefined)),
    orderBy: [direction(sortColumn), direction(columns.id)],
    limit: query.limit === 0 ? undefined : query.limit,
    offset: query.limit === 0 ? 0 : (query.page - 1) * query.limit,
  };
}

/** One page of a table under the given clauses, with the total count before paging. */
export async function selectPage<T extends PgTable>(
  db: Executor,
  table: T,
  clauses: ListClauses,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  let select = db
    .select()
    .from(table as PgTable)
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .offset(clauses.offset)
    .$dynamic();
  if (clauses.limit !== undefined) select = select.limit(clauses.limit);
  const [rows, counted] = await Promise.all([
    select,
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(clauses.where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: counted[0]?.total ?? 0 };
}
