import { and, asc, desc, gt, lt, eq, or, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type ListQuery,
  type ListResult,
  MAX_LIST_PAGE,
  TOTAL_COUNT_CAP,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Executor, sqlState } from './database';

export interface ListColumns {
  /** The allow-listed sort fields (API name → column); the gateway validated the name already. */
  sortable: Record<string, PgColumn>;
  createdAt: PgColumn;
  /** Tie-breaker so that pages never overlap or skip rows with equal sort keys. */
  id: PgColumn;
  externalReference?: PgColumn;
}

/** The keyset of a list: the sort column, then the id, in one direction. */
export interface ListKeyset {
  /** `field:direction`, written into each cursor so that it is not read under another sort. */
  sort: string;
  column: PgColumn;
  id: PgColumn;
}

export interface ListClauses {
  /** Filters and, for an `after` page, the keyset condition. */
  where: SQL | undefined;
  /** The filters alone: what the total counts. */
  filtered?: SQL | undefined;
  orderBy: SQL[];
  limit: number | undefined;
  offset: number;
  /** Present for keyset lists: pages answer a `next` cursor. */
  keyset?: ListKeyset;
  /** Whether this page continues a cursor (its total is not the page's rows plus offset). */
  after?: boolean;
  /** Count nothing: the caller has the total (ListQuery.withoutTotal). */
  withoutTotal?: boolean;
}

/** One page of rows, with what the list answer says about the rest. */
export interface Page<R> {
  rows: R[];
  total: number;
  totalIsLowerBound?: true;
  next?: string;
}

/** What a cursor holds: the sort it was made under, the last row's sort value and id, as text. */
type CursorContent = [sort: string, value: string | null, id: string];

function encodeCursor(content: CursorContent): string {
  return Buffer.from(JSON.stringify(content), 'utf8').toString('base64url');
}

const invalidCursor = () =>
  Errors.badRequest(
    'The `after` cursor is not one this list gave under this sort; start again without it.',
    'invalid_cursor',
  );

/** Data exceptions (SQLSTATE class 22): a cursor's value the column's type does not read. */
const CURSOR_VALUE_REFUSED = /^22/;

/**
 * Runs a cursor page's query: a value that its column's type refuses (a cursor not made by
 * this list) is 400 `invalid_cursor`, not a database error.
 */
export async function readCursorPage<T>(clauses: ListClauses, query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if (clauses.after && CURSOR_VALUE_REFUSED.test(sqlState(error) ?? '')) throw invalidCursor();
    throw error;
  }
}

function decodeCursor(cursor: string, sort: string): CursorContent {
  const invalid = invalidCursor;
  let content: unknown;
  try {
    content = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(content) ||
    content.length !== 3 ||
    content[0] !== sort ||
    !(typeof content[1] === 'string' || content[1] === null) ||
    typeof content[2] !== 'string' ||
    (content[1]?.length ?? 0) > 512 ||
    content[2].length > 128
  ) {
    throw invalid();
  }
  return content as CursorContent;
}

/**
 * The cursor of a list kept in memory (a fixed catalog: the enumerations, the notification
 * types): the position of the next row under the sort. Such a list does not change between
 * pages, so a position is as good as a key.
 */
export function offsetCursor(sort: { field: string; direction: string }, offset: number): string {
  return encodeCursor([`${sort.field}:${sort.direction}`, String(offset), 'offset']);
}

/** The position an `offsetCursor` holds; any other cursor is 400 `invalid_cursor`. */
export function readOffsetCursor(
  cursor: string,
  sort: { field: string; direction: string },
): number {
  const [, value, kind] = decodeCursor(cursor, `${sort.field}:${sort.direction}`);
  if (kind !== 'offset' || value === null || !/^\d{1,9}$/.test(value)) throw invalidCursor();
  return Number(value);
}

/** A cursor's text value as the column's type: the comparison then uses the column's index. */
function typed(value: string, column: PgColumn): SQL {
  return sql`CAST(${value} AS ${sql.raw(column.getSQLType())})`;
}

/**
 * The rows after a cursor's row in the list's order. Postgres sorts NULL last ascending and first
 * descending; a NOT NULL column compares as one row value, which an index on (column, id) serves.
 */
function afterRow(keyset: ListKeyset, direction: 'asc' | 'desc', content: CursorContent): SQL {
  const [, value, id] = content;
  const { column, id: idColumn } = keyset;
  const beyond = direction === 'asc' ? gt : lt;
  const idBeyond = beyond(idColumn, typed(id, idColumn));
  if (value === null) {
    const sameNull = and(isNull(column), idBeyond) as SQL;
    return direction === 'asc' ? sameNull : (or(sameNull, isNotNull(column)) as SQL);
  }
  const key = typed(value, column);
  if (column.notNull) {
    const op = sql.raw(direction === 'asc' ? '>' : '<');
    return sql`(${column}, ${idColumn}) ${op} (${key}, ${typed(id, idColumn)})`;
  }
  const further = or(beyond(column, key), and(eq(column, key), idBeyond)) as SQL;
  return direction === 'asc' ? (or(further, isNull(column)) as SQL) : further;
}

/**
 * Turns the shared list query (page or `after` cursor, limit, sort, dates, externalReference)
 * into SQL clauses. A limit above `MAX_LIST_PAGE` (or the API's 0) answers pages of that size.
 */
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
  const keyset: ListKeyset = {
    sort: `${query.sort.field}:${query.sort.direction}`,
    column: sortColumn,
    id: columns.id,
  };
  const filtered = and(...filters.filter((f): f is SQL => f !== undefined));
  const limit = query.limit > 0 && query.limit <= MAX_LIST_PAGE ? query.limit : MAX_LIST_PAGE;
  const after =
    query.after === undefined
      ? undefined
      : afterRow(keyset, query.sort.direction, decodeCursor(query.after, keyset.sort));
  return {
    where: after ? and(filtered, after) : filtered,
    filtered,
    orderBy: [direction(sortColumn), direction(columns.id)],
    limit,
    offset: after ? 0 : (query.page - 1) * limit,
    keyset,
    after: after !== undefined,
    ...(query.withoutTotal ? { withoutTotal: true } : {}),
  };
}

/** The columns a keyset page selects beside its rows: the sort value and the id, as text. */
export function keyColumns(clauses: ListClauses) {
  const keyset = clauses.keyset;
  return {
    key: keyset ? sql<string | null>`${keyset.column}::text` : sql<null>`NULL`,
    keyId: keyset ? sql<string>`${keyset.id}::text` : sql<string>`''`,
  };
}

/**
 * How many rows match, counted up to `TOTAL_COUNT_CAP` and one more. In the list's order: the
 * count then reads the page's index. Unordered, the planner would take a sequential scan that
 * it expects to stop after a thousand matches, and read a whole table when the matches lie at
 * its end.
 */
export async function cappedCount(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  orderBy: SQL[],
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(TOTAL_COUNT_CAP + 1)
    .as('capped');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return counted?.n ?? 0;
}

/**
 * A page from rows fetched with `keyColumns` and one row more than the limit: the extra row says
 * whether a next page exists. The total is the rows themselves when the page shows them all;
 * otherwise `count` (of the filters alone) up to the cap.
 */
export async function finishPage<R>(
  fetched: { row: R; key: string | null; keyId: string }[],
  clauses: ListClauses,
  count: (where: SQL | undefined) => Promise<number>,
): Promise<Page<R>> {
  const limit = clauses.limit;
  const more = limit !== undefined && fetched.length > limit;
  const shown = more ? fetched.slice(0, limit) : fetched;
  const last = shown.at(-1);
  const next =
    more && clauses.keyset && last
      ? encodeCursor([clauses.keyset.sort, last.key, last.keyId])
      : undefined;
  const rows = shown.map((f) => f.row);
  let total: number;
  if (clauses.withoutTotal) {
    total = 0;
  } else if (!more && !clauses.after && (shown.length > 0 || clauses.offset === 0)) {
    total = clauses.offset + shown.length;
  } else {
    total = await count('filtered' in clauses ? clauses.filtered : clauses.where);
  }
  return {
    rows,
    ...(total > TOTAL_COUNT_CAP
      ? { total: TOTAL_COUNT_CAP, totalIsLowerBound: true as const }
      : { total }),
    ...(next ? { next } : {}),
  };
}

/** One page of a table under the given clauses, with the total count before paging. */
export async function selectPage<T extends PgTable>(
  db: Executor,
  table: T,
  clauses: ListClauses,
): Promise<Page<T['$inferSelect']>> {
  let select = db
    .select({ row: table as PgTable, ...keyColumns(clauses) })
    .from(table as PgTable)
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .offset(clauses.offset)
    .$dynamic();
  if (clauses.limit !== undefined) select = select.limit(clauses.limit + 1);
  const fetched = (await readCursorPage(clauses, select)) as {
    row: T['$inferSelect'];
    key: string | null;
    keyId: string;
  }[];
  return finishPage(fetched, clauses, (where) =>
    cappedCount(db, table as PgTable, where, clauses.orderBy),
  );
}

/** A service's list answer from a page: its rows as views, with the total and the cursor. */
export function listResult<R, V>(page: Page<R>, items: V[]): ListResult<V> {
  return {
    items,
    total: page.total,
    ...(page.totalIsLowerBound ? { totalIsLowerBound: true as const } : {}),
    ...(page.next ? { next: page.next } : {}),
  };
}
