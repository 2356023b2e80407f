import { z } from 'zod';
import {
  type AuditChainRecordView,
  type AuditEventView,
  type AuditExportPage,
  IDENTITY_RPC,
} from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forwardList } from '../forward';
import { idString, isoDateTime } from '../schemas';
import type { RouteContext } from '@custody/http';
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

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** A record of the export: the list's record with its chain, position and hashes. */
const chainRecordSchema = contractSchema<AuditChainRecordView>()(
  z.object({
    chain: idString.meta({ description: 'The tenant of the record, or `platform`' }),
    seq: z.number().int().min(1).meta({ description: 'Its position in its chain, from 1' }),
    id: idString,
    occurredAt: isoDateTime,
    requestId: z.string().max(128),
    action: z.string().max(100),
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
    detail: recorded.nullable(),
    prevHash: sha256Hex.meta({ description: 'The hash of the record before it in its chain' }),
    hash: sha256Hex.meta({
      description: "SHA-256 of the record's canonical form (docs/decisions/audit.md)",
    }),
  }),
);

const exportHeaderSchema = z.object({
  type: z.literal('header'),
  format: z.literal('custody.audit.export.v1'),
  exportedAt: isoDateTime,
  chain: idString
    .optional()
    .meta({ description: "The chain exported (a client's: its own); absent: every chain" }),
  keys: z
    .array(
      z.object({
        keyId: z.string().max(64),
        publicKey: z.string().length(43).meta({ description: 'Raw Ed25519 key, base64url' }),
      }),
    )
    .max(16)
    .meta({
      description: "The keys that sign the checkpoints (event 'audit-checkpoint.is-created')",
    }),
});

const exportEndSchema = z.object({
  type: z.literal('end'),
  records: z.number().int().min(0).meta({ description: 'The records written before it' }),
});

/** Records per page asked of identity: a reply the size of a streamed list's page. */
const EXPORT_PAGE = 100;

/** The export as JSON Lines: a header, the records in chain order, an end line. */
function exportAudit(rpc: RpcClient) {
  return async (input: { query: { chain?: string | undefined } }, ctx: RouteContext) => {
    const call = (after: string | undefined) =>
      rpc.call(
        'identity',
        IDENTITY_RPC.exportAudit,
        {
          ...{},
          ...(input.query.chain !== undefined ? { chain: input.query.chain } : {}),
          ...(after !== undefined ? { after } : {}),
          limit: EXPORT_PAGE,
        },
        { ...{}, ...(ctx.auth ? { auth: ctx.auth } : {}), idempotent: true },
      );
    // The first page before the first byte: a refusal is still a problem answer.
    const first: AuditExportPage = await call(undefined);
    const header = {
      type: 'header',
      format: 'custody.audit.export.v1',
      exportedAt: new Date().toISOString(),
      // The chain the caller reads (a client: its own), so that a verifier leaves the others'
      // checkpoints aside.
      ...(first.chain !== undefined ? { chain: first.chain } : {}),
      keys: first.keys,
    };
    return {
      status: 200,
      jsonLines: async function* (signal: AbortSignal) {
        yield [header];
        let page = first;
        let records = page.records.length;
        yield page.records;
        while (page.next !== undefined) {
          if (signal.aborted) return;
          page = await call(page.next);
          records += page.records.length;
          yield page.records;
        }
        yield [{ type: 'end', records }];
      },
    };
  };
}

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
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/audit/export',
      operationId: 'exportAudit',
      summary: 'Export the audit log with its hash chains, as JSON Lines (extension)',
      description:
        "Streams the audit log as JSON Lines (extension; docs/decisions/audit.md): a header line with the keys that sign the checkpoints, then every record of a chain (one per tenant, `platform` for records without one) in chain order with its position `seq`, `prevHash` and `hash`, then an end line with the count; an admin exports every chain or the `chain` named, any other client its own tenant's chain. " +
        "Verify it offline against the `audit-checkpoint.is-created` events of the feed and the webhooks (`custody audit verify`, the SDK's `verifyAuditExport`): a record changed, removed or moved in the database no longer verifies. " +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 403 `forbidden` (a client naming another tenant's chain). A failure after the first line cuts the stream short: an export without its end line is incomplete.",
      tags: ['audit'],
      auth: 'client',
      scope: ['audit', 'read'],
      request: {
        query: z
          .object({
            chain: z
              .string()
              .min(1)
              .max(128)
              .regex(/^[A-Za-z0-9._-]+$/)
              .optional()
              .meta({
                description:
                  "One chain: a tenant's id, or `platform` (admins); absent: every chain the caller reads",
              }),
          })
          .strict(),
      },
      responses: {
        200: {
          description:
            'The export: a header line, one line per record in chain order, an end line (JSON Lines)',
          contentType: 'application/jsonl',
          schema: z.union([exportHeaderSchema, chainRecordSchema, exportEndSchema]),
        },
      },
      errorStatuses: [401, 403],
      handler: exportAudit(rpc),
    }),
  ];
}
