import { z } from 'zod';
import {
  type HeldChange,
  POLICY_ACTIVITIES,
  POLICY_RPC,
  type PolicyView,
} from '@custody/contracts';
import { booleanParam, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import { codes, idParam, idResponse, idString } from '../schemas';
import { filtersSchema, policyFields, policySchema } from './policies.schemas';
import { defineRoute } from '../route';

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
      description:
        "Creates a policy of the caller's tenant (an admin's: a platform policy, applied to every tenant): for an activity (withdrawal, transfer, a kind of signature, `purchase`, `issuer-activity` — an issuer's REQUEST activities, governed by its tenant's and the platform's policies —, `policy-change` or `any`: every operation on a wallet, purchases included), a rule (`always`, an amount, a fiat amount, a velocity window, or a destination not whitelisted) and an action, `block` (403 `policy_blocked`) or `require_approval` by its approvers' quorum. " +
        "When a `policy-change` policy governs the tenant's policies, the creation is held: 202 with the `approvalId`, and the policy exists once the approval has its quorum. " +
        'A `sign-typed-data` policy with `allowTokenAuthorizations` lets token authorizations (permits) be signed where it applies, which are refused otherwise; its rule may then weigh their amount or spender. ' +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        'Errors: 400 `approvers_required`, `approvers_not_allowed`, `approver_not_eligible`, `quorum_unreachable`, `rule_not_applicable` (such as `destination_not_whitelisted` for a purchase or an issuer activity, which have no outside destination), `action_not_applicable`, `velocity_limit_required` or `asset_required` (a policy that could never work as written).',
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
      description:
        "Lists the policies that apply to the caller: its tenant's and the platform's (an admin: every policy); filter by `activity` and `enabled`. " +
        'Changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
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
      description:
        "Reads one policy of the caller's tenant, or a platform policy. " +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 404 `not_found` for an unknown or deleted policy, or another tenant's.",
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
      description:
        "Changes a policy: the fields sent replace theirs (`filters: null` removes the filters) and the result is checked as a whole; a tenant changes its own policies, an admin the platform's. " +
        'When a `policy-change` policy governs them, the change is held: 202 with the policy as it still is and the `approvalId`, and it applies at the quorum if the policy has not changed meanwhile. ' +
        'PATCH takes no Idempotency-Key; the same change again leaves the same policy. ' +
        "Errors: 404 `not_found`; 403 `policy_read_only` (a platform policy for a tenant, or a tenant's for an admin) or `policy_blocked`; 409 `policy_changed` (changed or deleted meanwhile: read it again); 400 as on creation.",
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
      description:
        "Deletes a policy (soft): it no longer applies from then on; a tenant deletes its own policies, an admin the platform's. " +
        'When a `policy-change` policy governs them, the deletion is held: 202 with the `approvalId`, applied at the quorum. ' +
        'DELETE takes no Idempotency-Key; repeating it answers 404 once the policy is gone. ' +
        'Errors: 404 `not_found`; 403 `policy_read_only` or `policy_blocked`; 409 `policy_changed` (changed or deleted meanwhile).',
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
