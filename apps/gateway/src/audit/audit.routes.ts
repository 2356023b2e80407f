import { z } from 'zod';
import { IDENTITY_RPC } from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forwardList } from '../forward';

const auditEventSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  requestId: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  clientId: z.string().nullable(),
  tenantId: z.string().nullable(),
  userId: z.string().nullable(),
  targetId: z.string().nullable(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  remoteIp: z.string().nullable(),
  status: z.number().int(),
  outcome: z.enum(['success', 'failure']),
  detail: z
    .string()
    .optional()
    .describe(
      'Extension: on an `rpcRefused` record (a request a service refused inside the stack), what it failed on and the app it came from; its target is the broker user that sent it',
    ),
});

export function auditRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/audit-events',
      operationId: 'listAuditEvents',
      summary: 'Read the audit log of mutating requests (extension)',
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
