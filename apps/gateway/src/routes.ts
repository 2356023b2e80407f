import type { RouteDef, RouteRequest } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { systemRoutes } from './system/system.routes';

export interface RouteDeps {
  rpc: RpcClient;
}

/** Every API route of the gateway, both versions. Feature folders add theirs here. */
export function allRoutes(deps: RouteDeps): RouteDef<RouteRequest>[] {
  return [...systemRoutes(deps.rpc)] as RouteDef<RouteRequest>[];
}
