import { type Request, type Response, Router } from 'express';
import type { AuthContext, ListQuery } from '@custody/contracts';
import { setHttpRoute, tracingEnabled } from '@custody/telemetry';
import { setPaginationHeaders } from './pagination';
import type { RouteDef, RouteGuard, RouteObserver, RouteRequest } from './route';
import { parseRequest } from './validation';

/**
 * Mounts route definitions on a router: guard (auth, rate limit) → validate → handler →
 * response (and list headers). Routes are grouped by their first path segment, one sub-router
 * each, so a request is matched against its group's routes only (Express tries every route in
 * order; /v1 has over 80).
 */
export function registerRoutes(
  router: Router,
  routes: readonly RouteDef<RouteRequest>[],
  guard?: RouteGuard,
  observer?: RouteObserver,
): void {
  const groups = new Map<string, RouteDef<RouteRequest>[]>();
  for (const route of routes) {
    const first = route.path.split('/')[1] ?? '';
    // Only a plain first segment can prefix a group (not a parameter or a pattern).
    const key = /^[A-Za-z0-9._-]+$/.test(first) ? first : '';
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  for (const [first, group] of groups) {
    const target = first ? Router({ mergeParams: true }) : router;
    for (const route of group) {
      const path = first ? route.path.slice(first.length + 1) || '/' : route.path;
      mountRoute(target, path, route, guard, observer);
    }
    if (first) router.use(`/${first}`, target);
  }
}

function mountRoute(
  router: Router,
  path: string,
  route: RouteDef<RouteRequest>,
  guard?: RouteGuard,
  observer?: RouteObserver,
): void {
  if (route.auth !== 'public' && !guard) {
    throw new Error(`Route ${route.operationId} needs authentication but no guard was given`);
  }
  router[route.method](path, async (req: Request, res: Response) => {
    // The request's span is named by its route's pattern, not its path (docs/tracing.md).
    if (tracingEnabled()) setHttpRoute(path === '/' ? req.baseUrl : `${req.baseUrl}${path}`);
    // Filled in as the request progresses; the observer reads it when the response is sent.
    const seen: { auth?: AuthContext; body?: unknown } = {};
    if (observer) {
      res.on('finish', () =>
        observer({
          route,
          req,
          status: res.statusCode,
          auth: seen.auth,
          responseBody: seen.body,
        }),
      );
    }
    const caller = guard ? await guard(req, res, route) : {};
    seen.auth = caller.auth;
    const input = parseRequest(route.request, req);
    const result = await route.handler(input, { requestId: req.requestId, req, ...caller });
    seen.body = result.body;
    if (result.total !== undefined) {
      const list = (input.query as { list?: ListQuery }).list;
      setPaginationHeaders(
        req,
        res,
        {
          total: result.total,
          ...(result.totalIsLowerBound ? { totalIsLowerBound: true } : {}),
          ...(result.next ? { next: result.next } : {}),
        },
        list?.page ?? 1,
        list?.limit ?? 0,
      );
    }
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
    if (result.jsonLines) await streamArray(res, result.status, result.jsonLines, JSON_LINES);
    else if (result.pages) await streamArray(res, result.status, result.pages);
    else if (result.body === undefined) res.status(result.status).end();
    else res.status(result.status).json(result.body);
  });
}

/** How a stream's items are written: as one JSON array, or as JSON Lines. */
interface StreamFormat {
  type: string;
  open: string;
  separator: string;
  close: string;
}

const JSON_ARRAY: StreamFormat = {
  type: 'application/json',
  open: '[',
  separator: ',',
  close: ']',
};
const JSON_LINES: StreamFormat = { type: 'application/jsonl', open: '', separator: '', close: '' };

/**
 * Writes pages as one JSON array (or as JSON Lines, each item followed by a newline), waiting
 * for the socket to drain between pages: memory holds a page at a time, whatever the list's
 * size. A client that goes away stops the fetching; an error after the first byte can no longer
 * become a problem answer, so it cuts the response short (the client sees an incomplete body,
 * not a valid shorter list).
 */
async function streamArray(
  res: Response,
  status: number,
  pages: (signal: AbortSignal) => AsyncIterable<unknown[]>,
  format: StreamFormat = JSON_ARRAY,
): Promise<void> {
  const lines = format === JSON_LINES;
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.on('close', onClose);
  let started = false;
  let first = true;
  try {
    for await (const page of pages(gone.signal)) {
      if (gone.signal.aborted) return;
      if (!started) {
        res.status(status).type(format.type);
        if (format.open) res.write(format.open);
        started = true;
      }
      let chunk = '';
      for (const item of page) {
        chunk += lines
          ? `${JSON.stringify(item)}\n`
          : (first ? '' : format.separator) + JSON.stringify(item);
        first = false;
      }
      if (chunk && !res.write(chunk)) await drained(res, gone.signal);
    }
    if (gone.signal.aborted) return;
    if (!started) res.status(status).type(format.type).end(`${format.open}${format.close}`);
    else res.end(format.close);
  } catch (error) {
    if (!started) throw error;
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    res.off('close', onClose);
  }
}

function drained(res: Response, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      res.off('drain', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    res.on('drain', done);
    signal.addEventListener('abort', done);
  });
}
