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
import { credentialSignature } from '../approver-keys/approver-keys.schemas';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  amountString,
  assetIdString,
  clientAudienceValue,
  codes,
  decimalString,
  evmAddress,
  idParam,
  idResponse,
  idString,
  isoDateTime,
  scopesSchema,
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
  'purchase',
  'issuer-activity',
  'policy-change',
  'member-change',
  'treasury-change',
] as const;

const reason = z.string().trim().min(1).max(500);

const approvalSchema = contractSchema<ApprovalView>()(
  z.object({
    ...{},
    ...timestamps,
    status: z.enum(APPROVAL_STATUSES),
    activity: z.enum(ACTIVITIES),
    operationId: idString.describe(
      'The withdrawal, transfer or signature it holds; for a change of a policy, a client or the treasury, the change',
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
          signed: z
            .boolean()
            .optional()
            .describe("An approval counts for it only as the approver's signature"),
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
          credentialId: idString
            .nullable()
            .describe('The approver key whose signature approved (null: not signed)'),
          createdAt: isoDateTime,
        }),
      )
      .max(MAX_QUORUM * MAX_CITED_POLICIES + 1)
      .describe(
        'An approval counts only where a quorum is still missing, and the first rejection ends it',
      ),
    expiresAt: isoDateTime,
    signing: z
      .object({
        required: z
          .boolean()
          .describe(
            'A holding policy counts approvals only as signatures: an approve carries `signature`',
          ),
        statement: z
          .object({
            v: z.literal(1),
            approvalId: idString,
            tenantId: idString,
            activity: z.enum(ACTIVITIES),
            operation: z
              .record(z.string().max(64), z.unknown())
              .describe(
                "What runs once approved: `{kind: 'signature', owner, intent}` (a signature's exact intent: its digest, or a transaction's facts), `{kind: 'movement', legs: [{walletId, assetId, amount, destination}]}` (amounts canonical, EVM addresses lower-case) or `{kind: 'change', change}`",
              ),
            decision: z.literal('approve'),
            policyVersion: z
              .string()
              .max(128)
              .describe("The digest of the approval's requirements when it was held"),
          })
          .describe(
            "What an approver signs to approve: the SHA-256 of its canonical JSON (keys sorted, no whitespace) is the digest an Ed25519 approver key signs (the SDK's `approvalDigest` and `signApproval`), and its 32 bytes the WebAuthn challenge a passkey answers (`approvalChallenge`)",
          ),
      })
      .optional()
      .describe('What an approver signs, and whether an approval must be signed (on reads)'),
    summary: z.object({
      userId: idString.nullable().describe("The operation's user (an issuer activity: the issuer)"),
      walletId: idString
        .nullable()
        .describe("The operation's wallet (an issuer activity: the issue)"),
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
            fiatAmount: decimalString
              .optional()
              .describe("A purchase's fiat side, at the rate it was quoted"),
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
      memberChange: z
        .object({
          kind: z.enum(['create', 'update']),
          clientId: idString.describe('The client changed (for `create`, the id it will have)'),
          tenantId: idString
            .nullable()
            .describe("The client's tenant (null: an admin, whose changes the platform governs)"),
          name: z.string().max(200),
          email: z.string().max(320),
          audience: z
            .array(clientAudienceValue)
            .max(3)
            .optional()
            .describe('The audiences it sets'),
          scopes: scopesSchema.optional().describe('The scopes it sets'),
          personId: z.string().max(100).optional(),
          passwordSet: z.boolean().describe('Whether it sets a password (never shown)'),
          passkeysReset: z
            .boolean()
            .optional()
            .describe('Whether it removes every passkey of the client (recovery of a lost one)'),
          passkeyRequired: z
            .boolean()
            .optional()
            .describe("What it sets of a tenant's passkey requirement"),
        })
        .optional()
        .describe(
          "For a member change: a client's creation, or its new password, audience or scopes (name and e-mail as after the change)",
        ),
      treasuryChange: z
        .object({
          assetId: assetIdString,
          before: amountString.nullable().describe('The bound as it is (null: none)'),
          after: amountString.nullable().describe('The bound as the change sets it (null: none)'),
        })
        .optional()
        .describe(
          'For a treasury change: the most the house may owe in the asset, before and after',
        ),
    }),
  }),
);

const decisionBody = z
  .object({
    decision: codes(['approve', 'reject'] as const, 'decision'),
    reason: reason.optional(),
    signature: z
      .object({
        credentialId: idString.describe("One of the caller's active approver keys"),
        signature: credentialSignature.describe(
          "The credential's signature of the digest of the approval's `signing.statement`: an Ed25519 key's (base64url), or a passkey's WebAuthn assertion whose challenge is the digest's 32 bytes (the person verified), as `authenticatorData.clientDataJSON.signature`, each base64url (the SDK's `passkeySignature`)",
        ),
      })
      .strict()
      .optional()
      .describe(
        'An approve signed with an approver key or passkey: required where a holding policy says `signed`; a rejection needs none',
      ),
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
        "Lists the approvals of the caller's tenant (an admin: of every tenant): the operations policies held (withdrawals, transfers, signatures, purchases, issuer activities, policy changes), what each would do, the policies that held it, the quorums and the decisions so far; filter by `status` and activity. " +
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
        "When the quorum is reached (or on a rejection) the approval settles and the held operation follows: a withdrawal becomes `prepared` or is cancelled, a transfer is booked or its hold released, a signature or an issuer's REQUEST activity is signed (with the policy service's decision naming it) or rejected, a purchase is settled or rejected, a policy change is applied or dropped. " +
        'Not idempotent: a second decision of the same client answers 409 `already_decided` (with an Idempotency-Key, a retry replays the first answer). ' +
        "Where a holding policy says `approvers.signed`, an approve counts only with `signature`: an approver credential of the caller (`POST /v1/clients/me/approver-keys`) signs the digest of the approval's `signing.statement` — an Ed25519 key (the SDK's `signApproval`), or a passkey answering a WebAuthn request with the digest as challenge (the SDK's `approvalChallenge` and `passkeySignature`); the signature is kept with the decision and carried to the signer, which verifies it against its own registry. " +
        "Errors: 404 `not_found`; 400 `approval_signature_required` (an approve without a signature where one is required); 403 `self_approval_forbidden` (the client that started the operation), `approver_forbidden` (not one of its approvers) or `approval_signature_invalid` (not the caller's active credential's signature of this approval's statement: another approval's or operation's, another client's key, a revoked or pending one, a passkey's assertion of another origin or relying party or without user verification); 409 `approval_finished` (no longer pending or past its expiry), `already_decided` or `approval_not_needed` (its requirements have their quorum). Nothing is counted when it is refused.",
      tags: ['approvals'],
      auth: 'client',
      scope: ['approvals', 'decide'],
      request: { params: idParam('approval'), body: decisionBody },
      responses: { 201: { description: 'The decision', schema: idResponse } },
      errorStatuses: [400, 401, 403, 404, 409],
      handler: forward(rpc, 'policy', POLICY_RPC.decide, {
        status: 201,
        params: ({ params, body }) => ({ id: params['approval'], input: body }),
      }),
    }),
  ];
}
