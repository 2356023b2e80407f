import type { V2Page, V2Paging } from '@custody/contracts';
import type { Page } from '@custody/persistence';

/** A version 2 list's answer: the page's rows as views, with the page count of the whole list. */
export function v2Page<R, V>(rows: Page<R>, paging: V2Paging, view: (row: R) => V): V2Page<V> {
  const { page, take } = paging;
  return {
    data: rows.rows.map(view),
    meta: { page, take, itemCount: rows.total, pageCount: Math.ceil(rows.total / take) },
  };
}
