import { z } from 'zod';
import {
  type HeldChange,
  POLICY_ACTIVITIES,
  POLICY_RPC,
  type PolicyView,
} from '@custody/contracts';
import { booleanParam, defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import { codes, idParam, idResponse, idString } from '../schemas';
import { filtersSchema, policyFields, policySchema } from './policies.schemas';

const HELD = 'Held for approval by a policy-change policy: it takes effect at the quorum';
const approvalId = idString.describe('The approval the change waits for');
// The 202 answers: `forward`'s `held` answers 202 exactly when the result has an `approvalId`.
const heldResponse = contractSchema<Required<HeldChange>>()(z.object({ id: idString, approvalId }));
const heldPolicy = contractSchema<PolicyView & { approvalId: string }>()(
  policySchema.extend({ approvalId }),
);

const createBody = z.object(policyFields).strict();
const updateBody = z
  .object({
    ...{},
    ...policyFields,
    filters: filtersSchema.nullable().describe('The filters to keep; null removes them'),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one field to change');

/**
 * Transaction-authorization policies (extension, docs/decisions/policies-and-approvals.md): a
 * general client manages its tenant's, an admin the platform's.
 */
export function policyRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/policies',
      operationId: 'createPolicy',
      summary: "Create a policy (a tenant's; an admin's applies to every tenant)",
      tags: ['policies'],
      auth: 'client',
      scope: ['policies', 'write'],
      request: { body: createBody },
      responses: {
        201: { description: 'Created', schema: idResponse },
        202: { description: HELD, schema: heldResponse },
      },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'policy', POLICY_RPC.createPolicy, { status: 201, held: true }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/policies',
      operationId: 'listPolicies',
      summary: "List the policies that apply: the tenant's and the platform's",
      tags: ['policies'],
      auth: 'client',
      scope: ['policies', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['createdAt', 'updatedAt', 'name'],
          filters: {
            activity: codes(POLICY_ACTIVITIES, 'activity').optional(),
            enabled: booleanParam.optional(),
          },
        }),
      },
      responses: { 200: { description: 'Policies', schema: z.array(policySchema) } },
      errorStatuses: [401, 403],
      handler: forwardList(rpc, 'policy', POLICY_RPC.listPolicies),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/policies/:policy',
      operationId: 'getPolicy',
      summary: 'Read a policy',
      tags: ['policies'],
      auth: 'client',
      scope: ['policies', 'read'],
      request: { params: idParam('policy') },
      responses: { 200: { description: 'The policy', schema: policySchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'policy', POLICY_RPC.getPolicy, {
        read: true,
        params: ({ params }) => ({ id: params['policy'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: '/policies/:policy',
      operationId: 'updatePolicy',
      summary: 'Change a policy (a platform policy: admins only)',
      tags: ['policies'],
      auth: 'client',
      scope: ['policies', 'write'],
      request: { params: idParam('policy'), body: updateBody },
      responses: {
        200: { description: 'The changed policy', schema: policySchema },
        202: { description: `${HELD} (the policy as it still is)`, schema: heldPolicy },
      },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'policy', POLICY_RPC.updatePolicy, {
        held: true,
        params: ({ params, body }) => ({ id: params['policy'], patch: body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/policies/:policy',
      operationId: 'deletePolicy',
      summary: 'Delete a policy (a platform policy: admins only)',
      tags: ['policies'],
      auth: 'client',
      scope: ['policies', 'write'],
      request: { params: idParam('policy') },
      responses: {
        200: { description: 'Deleted', schema: idResponse },
        202: { description: HELD, schema: heldResponse },
      },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'policy', POLICY_RPC.deletePolicy, {
        held: true,
        params: ({ params }) => ({ id: params['policy'] }),
      }),
    }),
  ];
}
