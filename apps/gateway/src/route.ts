import type { DocumentedRoute } from '@custody/api-docs';
import type { RouteRequest } from '@custody/http';

/**
 * One endpoint of the gateway, declared once: `@custody/http`'s route definition with the
 * `description` of its operation required, so a route without one does not compile (and
 * `allRoutes` holds the table to it). The OpenAPI documents carry it; Spectral's
 * `operation-description` fails a document with an operation without one (openapi-lint.spec.ts).
 */
export function defineRoute<R extends RouteRequest>(route: DocumentedRoute<R>): DocumentedRoute<R> {
  return route;
}
