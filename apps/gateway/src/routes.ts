import type { RouteDef, RouteRequest } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { apiClientRoutes } from './api-clients/api-clients.routes';
import { clientRoutes } from './clients/clients.routes';
import { enumRoutes } from './enums/enums.routes';
import { systemRoutes } from './system/system.routes';
import { tokenRoutes } from './tokens/tokens.routes';

export interface RouteDeps {
  rpc: RpcClient;
}

/** Every API route of the gateway, both versions. Feature folders add theirs here. */
export function allRoutes(deps: RouteDeps): RouteDef<RouteRequest>[] {
  return [
    ...tokenRoutes(deps.rpc),
    ...clientRoutes(deps.rpc),
    ...apiClientRoutes(deps.rpc),
    ...enumRoutes(deps.rpc),
    ...systemRoutes(deps.rpc),
  ] as RouteDef<RouteRequest>[];
}
