import type { Request, Response, Router } from 'express';
import type { AuthContext, ListQuery } from '@custody/contracts';
import { setPaginationHeaders } from './pagination';
import type { RouteDef, RouteGuard, RouteObserver, RouteRequest } from './route';
import { parseRequest } from './validation';

/**
 * Mounts route definitions on a router: guard (auth, rate limit) → validate → handler →
 * response (and list headers).
 */
export function registerRoutes(
  router: Router,
  routes: readonly RouteDef<RouteRequest>[],
  guard?: RouteGuard,
  observer?: RouteObserver,
): void {
  for (const route of routes) {
    if (route.auth !== 'public' && !guard) {
      throw new Error(`Route ${route.operationId} needs authentication but no guard was given`);
    }
    router[route.method](route.path, async (req: Request, res: Response) => {
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
}
