import { z } from 'zod';
import { RPC_METHODS, SERVICES } from '@custody/contracts';
import { defineRoute } from '@custody/http';
import type { RpcClient } from '@custody/messaging';

const pingResultSchema = z.object({
  service: z.enum(SERVICES),
  instanceId: z.uuid().meta({ description: 'The answering replica (a UUID made at its start)' }),
  uptimeSeconds: z.number(),
  checks: z
    .partialRecord(z.enum(['database', 'broker', 'redis']), z.enum(['ok', 'failed']))
    .meta({ description: 'Each readiness check of the service: database, broker, redis' }),
});

/** Operations routes (admin). */
export function systemRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/system/ping/:service',
      operationId: 'pingService',
      summary: 'Round-trip an RPC ping to one backend service',
      tags: ['system'],
      auth: 'admin',
      scope: ['system', 'read'],
      request: { params: z.object({ service: z.enum(SERVICES) }) },
      responses: { 200: { description: 'The service answered', schema: pingResultSchema } },
      errorStatuses: [401, 403, 503, 504],
      handler: async ({ params }) => ({
        status: 200,
        body: await rpc.call(params.service, RPC_METHODS.common.ping, {}, { idempotent: true }),
      }),
    }),
  ];
}
