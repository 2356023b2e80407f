import type { EnumEntry, EnumKind, EnumQuery, ListResult } from '@custody/contracts';
import { offsetCursor, readOffsetCursor } from '@custody/persistence';
import { type CodeListKind, cnaeClasses, ID_TYPES, loadCodeList } from '@custody/reference-data';

export type EnumLists = Record<EnumKind, readonly EnumEntry[]>;

/**
 * Every reference enumeration, read and checked once at start. The company types and purposes
 * come from the operator's files when configured: a file that does not hold exactly the
 * contract's codes stops the start with a message naming the file, the line and the fault.
 */
export function loadEnumLists(files: Partial<Record<CodeListKind, string>>): EnumLists {
  const codeList = (kind: CodeListKind): EnumEntry[] =>
    loadCodeList(kind, files[kind]).map((e) => ({
      id: e.code,
      name: e.name,
      ...(e.localName === undefined ? {} : { localName: e.localName }),
    }));
  return {
    'id-type': ID_TYPES.map((t) => ({ id: t.id, name: t.name })),
    cnae: cnaeClasses().map((c) => ({ id: c.code, code: c.code, group: c.group, name: c.name })),
    'company-type': codeList('company-type'),
    'purpose-business-relationship': codeList('purpose-business-relationship'),
  };
}

/** Reference enumerations for legal persons: filtered, sorted and paged in memory (≤ 629 rows). */
export function listEnum(lists: EnumLists, query: EnumQuery): ListResult<EnumEntry> {
  const { filters, list } = query;
  const name = filters.name?.toLocaleLowerCase('es');
  const matching = lists[query.kind].filter(
    (e) =>
      (filters.id === undefined || e.id === filters.id) &&
      (filters.code === undefined || e.code === filters.code) &&
      (filters.group === undefined || e.group === filters.group) &&
      (name === undefined || e.name.toLocaleLowerCase('es').includes(name)),
  );
  const field = list.sort.field as keyof EnumEntry;
  const sign = list.sort.direction === 'asc' ? 1 : -1;
  // Numeric-aware so that id-type 99 sorts after 4, company type 10 after 9, and CNAE codes keep
  // their order.
  matching.sort(
    (a, b) =>
      sign * String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'es', { numeric: true }),
  );
  const size = list.limit === 0 ? matching.length : list.limit;
  const start = list.after ? readOffsetCursor(list.after, list.sort) : (list.page - 1) * size;
  const page = matching.slice(start, start + size);
  const end = start + page.length;
  return {
    items: page,
    total: matching.length,
    ...(page.length > 0 && end < matching.length ? { next: offsetCursor(list.sort, end) } : {}),
  };
}
