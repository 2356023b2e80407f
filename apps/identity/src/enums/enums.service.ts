import type { EnumEntry, EnumQuery, ListResult } from '@custody/contracts';
import { cnaeClasses, ID_TYPES } from '@custody/reference-data';

function entries(kind: EnumQuery['kind']): EnumEntry[] {
  if (kind === 'id-type') return ID_TYPES.map((t) => ({ id: t.id, name: t.name }));
  return cnaeClasses().map((c) => ({ id: c.code, code: c.code, group: c.group, name: c.name }));
}

/** Reference enumerations for legal persons: filtered, sorted and paged in memory (≤ 629 rows). */
export function listEnum(query: EnumQuery): ListResult<EnumEntry> {
  const { filters, list } = query;
  const name = filters.name?.toLocaleLowerCase('es');
  const matching = entries(query.kind).filter(
    (e) =>
      (filters.id === undefined || e.id === filters.id) &&
      (filters.code === undefined || e.code === filters.code) &&
      (filters.group === undefined || e.group === filters.group) &&
      (name === undefined || e.name.toLocaleLowerCase('es').includes(name)),
  );
  const field = list.sort.field as keyof EnumEntry;
  const sign = list.sort.direction === 'asc' ? 1 : -1;
  // Numeric-aware so that id-type 99 sorts after 4, and CNAE codes keep their order.
  matching.sort(
    (a, b) =>
      sign * String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'es', { numeric: true }),
  );
  const page =
    list.limit === 0
      ? matching
      : matching.slice((list.page - 1) * list.limit, list.page * list.limit);
  return { items: page, total: matching.length };
}
