import { RPC_METHODS, SERVICES } from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import type { ReadinessCheck } from '@custody/service-kit';

/** What the gateway's readiness checks: the broker, Redis and each backend service's RPC ping. */
export const READINESS_CHECKS = ['broker', 'redis', ...SERVICES] as const;
export type ReadinessCheckName = (typeof READINESS_CHECKS)[number];

export interface ReadinessDeps {
  broker: { readonly isConnected: boolean };
  redis: { ping(): Promise<unknown> };
  rpc: RpcClient;
  /** How long a service's ping may take (READINESS_TIMEOUT_MS). */
  pingTimeoutMs: number;
}

/**
 * The checks behind the internal /readyz, the public one (which answers only their sum) and the
 * admin route GET /v1/system/health: one list, so the three cannot disagree.
 */
export function readinessChecks(deps: ReadinessDeps): (ReadinessCheck & {
  name: ReadinessCheckName;
})[] {
  return [
    {
      name: 'broker',
      check: async () => {
        if (!deps.broker.isConnected) throw new Error('not connected');
      },
    },
    { name: 'redis', check: () => deps.redis.ping() },
    ...SERVICES.map((service) => ({
      name: service,
      check: () =>
        deps.rpc.call(
          service,
          RPC_METHODS.common.ping,
          {},
          { idempotent: true, timeoutMs: deps.pingTimeoutMs },
        ),
    })),
  ];
}
