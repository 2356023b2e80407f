import type { Request, Response } from 'express';

/**
 * `X-Total-Count` and an RFC 8288 `Link` header (first, prev, next, last) for a page of a list.
 * Links keep the request's other query parameters.
 */
export function setPaginationHeaders(
  req: Request,
  res: Response,
  total: number,
  page: number,
  limit: number,
): void {
  res.setHeader('X-Total-Count', String(total));
  if (limit === 0) return;
  const last = Math.max(1, Math.ceil(total / limit));
  const link = (target: number, rel: string) => {
    const url = new URL(req.originalUrl, 'http://placeholder');
    url.searchParams.set('page', String(target));
    url.searchParams.set('limit', String(limit));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) links.push(link(page + 1, 'next'));
  links.push(link(last, 'last'));
  res.setHeader('Link', links.join(', '));
}
