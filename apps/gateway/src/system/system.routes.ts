import { z } from 'zod';
import { type PingResult, RPC_METHODS, SERVICES } from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import type { CheckOutcome } from '@custody/service-kit';
import { contractSchema } from '../contract-schema';
import { READINESS_CHECKS } from './readiness';
import { defineRoute } from '../route';

const pingResultSchema = contractSchema<PingResult>()(
  z.object({
    service: z.enum(SERVICES),
    instanceId: z.uuid().meta({ description: 'The answering replica (a UUID made at its start)' }),
    uptimeSeconds: z.number(),
    checks: z
      .partialRecord(z.enum(['database', 'broker', 'redis']), z.enum(['ok', 'failed']))
      .meta({ description: 'Each readiness check of the service: database, broker, redis' }),
  }),
);

const checkStatus = z.enum(['ok', 'failed']);

const healthSchema = z.object({
  status: z
    .enum(['ready', 'not_ready'])
    .meta({ description: 'ready: every check is ok (the public /readyz answers 200)' }),
  checks: z.record(z.enum(READINESS_CHECKS), z.object({ status: checkStatus })).meta({
    description:
      "Every check of the gateway's readiness: its connection to the broker, Redis, and each backend service's answer to an RPC ping",
  }),
});

/** Operations routes (admin). */
export function systemRoutes(rpc: RpcClient, readiness: () => Promise<CheckOutcome>) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/system/ping/:service',
      operationId: 'pingService',
      summary: 'Round-trip an RPC ping to one backend service',
      description:
        'Sends one RPC ping to a backend service through the broker and answers the replica that answered, its uptime and its readiness checks (admin only). ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 503 `broker_unavailable` or `service_unavailable` (no replica consumes its queue); 504 `upstream_timeout` (no answer in time).',
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
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/system/health',
      operationId: 'getSystemHealth',
      summary: 'The health of the broker, Redis and every backend service, as the gateway sees it',
      description:
        "Runs the gateway's readiness checks (the broker, Redis and a ping to every backend service) and answers each outcome, as its internal /readyz sees them (admin only); the public /readyz says only ready or not. " +
        'Changes nothing; a failed check is reported with 200, not as an error. ' +
        'No errors of its own beyond the common ones.',
      tags: ['system'],
      auth: 'admin',
      scope: ['system', 'read'],
      request: {},
      responses: {
        200: {
          description:
            "The outcome of each readiness check the gateway runs, the same as its internal /readyz (the public /readyz says only ready or not, naming nothing). A failed check is reported here, still with 200; a service's check fails when it does not answer its ping within READINESS_TIMEOUT_MS.",
          schema: healthSchema,
        },
      },
      errorStatuses: [401, 403],
      handler: async () => {
        const outcome = await readiness();
        // Status only: the internal /readyz's details (error texts, replica ids) stay there.
        const checks = Object.fromEntries(
          READINESS_CHECKS.map((name) => [
            name,
            { status: outcome.checks[name]?.status ?? ('failed' as const) },
          ]),
        );
        return {
          status: 200,
          body: { status: outcome.ok ? ('ready' as const) : ('not_ready' as const), checks },
        };
      },
    }),
  ];
}
