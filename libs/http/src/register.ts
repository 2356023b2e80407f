import { type Request, type Response, Router } from 'express';
import type { AuthContext, ListQuery } from '@custody/contracts';
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
      setPaginationHeaders(req, res, result.total, list?.page ?? 1, list?.limit ?? 0);
    }
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
    if (result.body === undefined) res.status(result.status).end();
    else res.status(result.status).json(result.body);
  });
}
