import type { Request, Response } from 'express';

/** What a list answer says about the whole list, beside its page. */
export interface ListMeta {
  total: number;
  /** The list holds at least `total` rows (the count stopped at its cap). */
  totalIsLowerBound?: boolean;
  /** The keyset cursor of the next page. */
  next?: string;
}

/**
 * `X-Total-Count` (with `X-Total-Count-Lower-Bound: true` when the count stopped at its cap) and
 * an RFC 8288 `Link` header: `first`, `prev` (page mode), `next` (with the `after` cursor when the
 * service gave one, else the next page) and `last` (when the total is exact). Links keep the
 * request's other query parameters.
 */
export function setPaginationHeaders(
  req: Request,
  res: Response,
  meta: ListMeta,
  page: number,
  limit: number,
): void {
  res.setHeader('X-Total-Count', String(meta.total));
  if (meta.totalIsLowerBound) res.setHeader('X-Total-Count-Lower-Bound', 'true');
  if (limit === 0) return;
  const cursorMode = typeof req.query['after'] === 'string';
  const last = Math.max(1, Math.ceil(meta.total / limit));
  const link = (rel: string, target: { page: number } | { after: string }) => {
    const url = new URL(req.originalUrl, 'http://placeholder');
    // `set` keeps a parameter where the request had it.
    if ('page' in target) {
      url.searchParams.delete('after');
      url.searchParams.set('page', String(target.page));
    } else {
      url.searchParams.delete('page');
      url.searchParams.set('after', target.after);
    }
    url.searchParams.set('limit', String(limit));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link('first', { page: 1 })];
  if (!cursorMode && page > 1) links.push(link('prev', { page: Math.min(page - 1, last) }));
  if (meta.next) links.push(link('next', { after: meta.next }));
  else if (!cursorMode && (page < last || meta.totalIsLowerBound)) {
    links.push(link('next', { page: page + 1 }));
  }
  if (!meta.totalIsLowerBound) links.push(link('last', { page: last }));
  res.setHeader('Link', links.join(', '));
}
