import { z } from 'zod';
import {
  APPROVAL_STATUSES,
  type ApprovalView,
  MAX_CITED_POLICIES,
  MAX_GOVERNED_LEGS,
  MAX_QUORUM,
  POLICY_RPC,
} from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  amountString,
  assetIdString,
  codes,
  decimalString,
  evmAddress,
  idParam,
  idResponse,
  idString,
  isoDateTime,
  timestamps,
} from '../schemas';
import { policyFields } from '../policies/policies.schemas';
import { defineRoute } from '../route';

const ACTIVITIES = [
  'withdrawal',
  'transfer',
  'sign-tx',
  'sign-message',
  'sign-typed-data',
  'policy-change',
] as const;

const reason = z.string().trim().min(1).max(500);

const approvalSchema = contractSchema<ApprovalView>()(
  z.object({
    ...{},
    ...timestamps,
    status: z.enum(APPROVAL_STATUSES),
    activity: z.enum(ACTIVITIES),
    operationId: idString.describe(
      'The withdrawal, transfer or signature it holds; for a policy change, the change',
    ),
    initiator: z.object({ clientId: idString }),
    policyIds: z
      .array(idString)
      .max(MAX_CITED_POLICIES)
      .describe(
        `The policies that held it: the governing one (largest quorum) and the other matching ones, at most ${MAX_CITED_POLICIES}`,
      ),
    quorum: z
      .number()
      .int()
      .min(1)
      .max(MAX_QUORUM)
      .describe('The largest quorum among the requirements'),
    requirements: z
      .array(
        z.object({
          policyId: idString,
          quorum: z.number().int().min(1).max(MAX_QUORUM),
          approverIds: z.array(idString).max(100).nullable(),
          platform: z.boolean().describe('A platform policy: admins decide'),
        }),
      )
      .max(MAX_CITED_POLICIES)
      .describe("Each holding policy's quorum and approvers: the approval needs them all"),
    decisions: z
      .array(
        z.object({
          clientId: idString,
          decision: z.enum(['approve', 'reject']),
          reason: reason.nullable(),
          createdAt: isoDateTime,
        }),
      )
      .max(MAX_QUORUM * MAX_CITED_POLICIES + 1)
      .describe(
        'An approval counts only where a quorum is still missing, and the first rejection ends it',
      ),
    expiresAt: isoDateTime,
    summary: z.object({
      userId: idString.nullable(),
      walletId: idString.nullable(),
      assetId: assetIdString.nullable(),
      amount: amountString.nullable(),
      fiatAmount: decimalString.nullable(),
      // The withdrawal's receiver address, as its request takes it.
      destination: z.string().max(200).nullable(),
      legs: z
        .array(
          z.object({
            userId: idString,
            walletId: idString,
            assetId: assetIdString,
            amount: amountString,
            // A transfer leg's receiver wallet; a token authorization's spender.
            destination: idString.optional(),
            tokenAuthorization: z
              .object({
                token: evmAddress
                  .nullable()
                  .describe("The token's contract (null: the typed data names none)"),
                bounded: z
                  .boolean()
                  .describe(
                    "The amount bounds what may be taken, in the asset's units; false: unlimited, unreadable or a token outside the catalog (`unknown`, its amount in base units)",
                  ),
              })
              .optional()
              .describe('Typed data that lets the spender (`destination`) take the amount'),
          }),
        )
        .max(MAX_GOVERNED_LEGS)
        .optional()
        .describe(
          "An operation of more than one leg: each leg's wallet, asset, amount and receiver (a transfer's wallet, or a token authorization's spender)",
        ),
      policyChange: z
        .object({
          kind: z.enum(['create', 'update', 'delete']),
          policyId: idString,
          name: z.string().max(200),
          before: z
            .object(policyFields)
            .nullable()
            .describe('The policy as it is (null: a new one)'),
          after: z
            .object(policyFields)
            .nullable()
            .describe('The policy as the change makes it (null: deleted)'),
        })
        .optional()
        .describe('For a policy change: what it does, to which policy (named as after the change)'),
    }),
  }),
);

const decisionBody = z
  .object({
    decision: codes(['approve', 'reject'] as const, 'decision'),
    reason: reason.optional(),
  })
  .strict();

/**
 * Approvals (extension, docs/decisions/policies-and-approvals.md): the operations policies
 * held, and the approvers' decisions on them.
 */
export function approvalRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/approvals',
      operationId: 'listApprovals',
      summary: "List the tenant's approvals (admins: every tenant's)",
      description:
        "Lists the approvals of the caller's tenant (an admin: of every tenant): the operations policies held (withdrawals, transfers, signatures, policy changes), what each would do, the policies that held it, the quorums and the decisions so far; filter by `status` and activity. " +
        'Changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      tags: ['approvals'],
      auth: 'client',
      scope: ['approvals', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['createdAt', 'updatedAt', 'expiresAt'],
          filters: {
            status: codes(APPROVAL_STATUSES, 'status').optional(),
            activity: codes(ACTIVITIES, 'activity').optional(),
          },
        }),
      },
      responses: { 200: { description: 'Approvals', schema: z.array(approvalSchema) } },
      errorStatuses: [401, 403],
      handler: forwardList(rpc, 'policy', POLICY_RPC.listApprovals),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/approvals/:approval',
      operationId: 'getApproval',
      summary: 'Read an approval with its decisions so far',
      description:
        'Reads one approval with the operation it holds, its requirements and the decisions so far. ' +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 404 `not_found` for an unknown approval or another tenant's.",
      tags: ['approvals'],
      auth: 'client',
      scope: ['approvals', 'read'],
      request: { params: idParam('approval') },
      responses: { 200: { description: 'The approval', schema: approvalSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'policy', POLICY_RPC.getApproval, {
        read: true,
        params: ({ params }) => ({ id: params['approval'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/approvals/:approval/decisions',
      operationId: 'decideApproval',
      summary: 'Approve or reject a held operation (not one the caller started)',
      description:
        "Records the caller's decision on a pending approval: `approve` counts toward each requirement the caller is an approver of, `reject` ends it at once. " +
        "When the quorum is reached (or on a rejection) the approval settles and the held operation follows: a withdrawal becomes `prepared` or is cancelled, a transfer is booked or its hold released, a signature is signed (with the policy service's decision naming it) or rejected, a policy change is applied or dropped. " +
        'Not idempotent: a second decision of the same client answers 409 `already_decided` (with an Idempotency-Key, a retry replays the first answer). ' +
        'Errors: 404 `not_found`; 403 `self_approval_forbidden` (the client that started the operation) or `approver_forbidden` (not one of its approvers); 409 `approval_finished` (no longer pending or past its expiry), `already_decided` or `approval_not_needed` (its requirements have their quorum).',
      tags: ['approvals'],
      auth: 'client',
      scope: ['approvals', 'decide'],
      request: { params: idParam('approval'), body: decisionBody },
      responses: { 201: { description: 'The decision', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'policy', POLICY_RPC.decide, {
        status: 201,
        params: ({ params, body }) => ({ id: params['approval'], input: body }),
      }),
    }),
  ];
}
