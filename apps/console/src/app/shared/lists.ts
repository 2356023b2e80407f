import {
  CustodyError,
  type CustodyClient,
  type ListItem,
  type ListPath,
  linkUrl,
} from '@custody/sdk';
import type { V1Paths } from '@custody/sdk';

/** One page of a list, with what its headers say about the rest. */
export interface Page<T> {
  items: T[];
  /** `X-Total-Count`; a lower bound when `totalIsLowerBound` (the API caps exact counts). */
  total: number | null;
  totalIsLowerBound: boolean;
  /** The `after` cursor of the next page (the `Link` rel="next"); null on the last page. */
  next: string | null;
}

export type Query = Record<string, string | undefined>;

type LooseGet = (
  path: string,
  init: { params: { path: Record<string, string>; query: Record<string, string> } },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** A query without its empty values (an empty filter field means no filter). */
export function cleanQuery(query: Query): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value) clean[key] = value;
  return clean;
}

/** One page of a v1 list through the SDK's client (its tokens, retries and errors). */
export async function fetchPage<P extends ListPath<V1Paths>>(
  client: CustodyClient,
  path: P,
  pathParams: Record<string, string>,
  query: Query,
): Promise<Page<ListItem<V1Paths, P>>> {
  // The typed client wants each path's own parameter types; a list page takes the same shape
  // on every path, checked by the path type above and by the API's validators.
  const get = client.raw.GET as unknown as LooseGet;
  const { data, error, response } = await get(path, {
    params: { path: pathParams, query: cleanQuery(query) },
  });
  if (!response.ok || error !== undefined) throw CustodyError.fromResponse(response, error);
  const total = response.headers.get('x-total-count');
  const next = linkUrl(response.headers.get('link'), 'next', response.url || window.location.href);
  return {
    items: (Array.isArray(data) ? data : []) as ListItem<V1Paths, P>[],
    total: total === null ? null : Number(total),
    totalIsLowerBound: response.headers.get('x-total-count-lower-bound') === 'true',
    next: next?.searchParams.get('after') ?? null,
  };
}
