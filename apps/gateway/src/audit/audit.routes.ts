import { z } from 'zod';
import { type AuditEventView, IDENTITY_RPC } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forwardList } from '../forward';
import { idString, isoDateTime } from '../schemas';
import { AUDIT_TEXT_MAX } from './audit-publisher';
import { defineRoute } from '../route';

/** A request value as the gateway records it (its audit publisher clips it). */
const recorded = z.string().max(AUDIT_TEXT_MAX);

const auditEventSchema = contractSchema<AuditEventView>()(
  z.object({
    id: idString,
    createdAt: isoDateTime,
    // The X-Request-Id kept or made by the gateway (a refused RPC's: clipped to 128 likewise).
    requestId: z.string().max(128),
    action: z.string().max(100).meta({ description: 'The operationId, or `rpcRefused`' }),
    method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE', 'RPC']),
    path: recorded,
    clientId: idString.nullable(),
    tenantId: idString.nullable(),
    userId: recorded.nullable(),
    targetId: recorded.nullable(),
    device: recorded.nullable(),
    ip: recorded.nullable(),
    remoteIp: recorded.nullable(),
    status: z.number().int(),
    outcome: z.enum(['success', 'failure']),
    detail: recorded
      .optional()
      .describe(
        'Extension: on an `rpcRefused` record (a request a service refused inside the stack), what it failed on and the app it came from; its target is the broker user that sent it',
      ),
  }),
);

export function auditRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/audit-events',
      operationId: 'listAuditEvents',
      summary: 'Read the audit log of mutating requests (extension)',
      description:
        'Reads the append-only audit log (admin only; extension): one record per mutating request through the gateway (who, what, outcome) and per refused call between services; filter by `userId`, `clientId`, `action` and time. ' +
        'Changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      tags: ['audit'],
      auth: 'admin',
      scope: ['audit', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['createdAt'],
          filters: {
            userId: z.string().min(1).max(128).optional(),
            action: z.string().min(1).max(100).optional(),
            clientId: z.string().min(1).max(128).optional(),
          },
        }),
      },
      responses: { 200: { description: 'Audit events', schema: z.array(auditEventSchema) } },
      errorStatuses: [401, 403],
      handler: forwardList(rpc, 'identity', IDENTITY_RPC.listAuditEvents),
    }),
  ];
}
