import { z } from 'zod';
import { APPROVER_CREDENTIAL_KINDS, type ApproverKeyView, IDENTITY_RPC } from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { credentialSignature } from './approver-keys.schemas';
import { forward } from '../forward';
import { codes, idParam, idString, isoDateTime } from '../schemas';
import { defineRoute } from '../route';

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url');

const approverKeySchema = contractSchema<ApproverKeyView>()(
  z.object({
    id: idString,
    clientId: idString.describe('The client that holds it'),
    kind: z.enum(APPROVER_CREDENTIAL_KINDS),
    publicKey: z
      .string()
      .max(2048)
      .describe("The raw 32-byte Ed25519 public key, or a passkey's COSE public key; base64url"),
    status: z
      .enum(['pending', 'active', 'revoked'])
      .describe(
        "`pending` until the signer's own registry holds it (the tenant's first at once; any other once endorsed by enough of the tenant's keys), `active` then: only an active key signs approvals",
      ),
    tenantId: idString.describe(
      "The tenant whose approvals it signs, or `platform` (an admin's: the platform policies')",
    ),
    endorsements: z
      .number()
      .int()
      .min(0)
      .describe('Distinct clients whose keys endorsed it so far'),
    passkey: z
      .object({
        id: idString.describe('The passkey (`/v1/clients/me/passkeys`)'),
        credentialId: z
          .string()
          .max(1400)
          .describe('Its WebAuthn credential id, base64url: what `allowCredentials` names'),
      })
      .nullable()
      .describe("A passkey's credential: which passkey signs with it (null: an Ed25519 key)"),
    createdAt: isoDateTime,
    activatedAt: isoDateTime.nullable(),
    revokedAt: isoDateTime.nullable(),
  }),
);

const registerBody = z
  .object({
    kind: codes(APPROVER_CREDENTIAL_KINDS, 'kind')
      .optional()
      .describe(
        '`ed25519` (the default: `publicKey`) or `webauthn` (one of the caller’s passkeys: `passkeyId`)',
      ),
    publicKey: base64url(43, 43)
      .optional()
      .describe('`ed25519`: the raw 32-byte Ed25519 public key, base64url'),
    passkeyId: idString
      .optional()
      .describe(
        "`webauthn`: one of the caller's passkeys (`GET /v1/clients/me/passkeys`), whose public key the credential takes",
      ),
    proof: credentialSignature.describe(
      "The credential's signature of its registration digest, the SHA-256 of the canonical JSON {v: 1, purpose: 'custody approver credential', tenantId, clientId, kind, publicKey} (the SDK's `approverRegistrationDigest`): Ed25519's signature (base64url), or the passkey's WebAuthn assertion whose challenge is the digest's 32 bytes, as `authenticatorData.clientDataJSON.signature` (the SDK's `passkeySignature`)",
    ),
  })
  .strict();

const endorseBody = z
  .object({
    credentialId: idString.describe("One of the caller's active approver keys, of the same tenant"),
    signature: credentialSignature.describe(
      "That credential's signature of the endorsement digest, the SHA-256 of the canonical JSON {v: 1, purpose: 'custody approver endorsement', tenantId, clientId, kind, publicKey, endorserCredentialId} (the endorsed key's facts and `credentialId`; the SDK's `approverEndorsementDigest`), never its registration digest: Ed25519's (base64url), or a passkey's assertion over it (`authenticatorData.clientDataJSON.signature`)",
    ),
  })
  .strict();

const ERRORS_OF_REGISTER =
  'Errors: 400 `approver_key_invalid` (`ed25519` without a raw Ed25519 `publicKey`, `webauthn` without `passkeyId`, or both given); 403 `approver_proof_invalid` (`proof` is not its signature of its registration digest: for a passkey, an assertion of another challenge, origin or relying party, or without user verification), `approver_forbidden` (an auditor); 404 `not_found` (`passkeyId` is not one of the caller’s passkeys); 409 `approver_key_exists` (the key is registered already, by another client or revoked).';

/**
 * Approver keys (docs/decisions/policies-and-approvals.md): the credentials whose signatures
 * approve held operations, checked by the policy service and again by the signer's own registry.
 */
export function approverKeyRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/clients/me/approver-keys',
      operationId: 'registerApproverKey',
      summary: 'Register an approver key of the caller (an Ed25519 key or a passkey)',
      description:
        "Registers a credential with which the caller signs its approvals (where a policy says `approvers.signed`, an approve counts only signed): an Ed25519 public key, or one of the caller's registered passkeys (`kind: webauthn`, `passkeyId`; it signs with a WebAuthn assertion, the person verified on the device). `proof` shows the caller holds the private key. The key is sent to the signer's own registry: the tenant's first key (an admin's: the platform's first) is admitted at once (trust on first use, at setup), any later one only once other keys of the tenant endorsed it (`POST /v1/approver-keys/{key}/endorsements`) — from min(2, the clients with keys) distinct clients — and is `pending` until then. " +
        'Asked again with the same key while it is pending, it is offered to the signer again (no second key). ' +
        ERRORS_OF_REGISTER,
      tags: ['approvals'],
      auth: 'client',
      scope: ['approvals', 'decide'],
      request: { body: registerBody },
      responses: { 201: { description: 'The key, active or pending', schema: approverKeySchema } },
      errorStatuses: [400, 401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.registerApproverKey, { status: 201 }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/clients/me/approver-keys',
      operationId: 'listApproverKeys',
      summary: "List the caller's approver keys",
      description:
        "Lists the caller's approver keys, oldest first, with their status (pending, active, revoked) and how many clients endorsed each. " +
        'Changes nothing and is safe to repeat. No errors of its own beyond the common ones.',
      tags: ['approvals'],
      auth: 'client',
      scope: ['approvals', 'read'],
      request: {},
      responses: { 200: { description: 'Approver keys', schema: z.array(approverKeySchema) } },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'identity', IDENTITY_RPC.listApproverKeys, {
        read: true,
        params: () => ({}),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/clients/me/approver-keys/:key',
      operationId: 'revokeApproverKey',
      summary: 'Revoke one of the caller’s approver keys',
      description:
        "Revokes one of the caller's approver keys, for good: the policy service no longer counts its signatures, and the signer's registry drops it (a revocation needs no endorsement: it only removes power). Approvals it signed that are not yet used lose its signature at the signer. " +
        'Idempotent: revoking a revoked key answers it again (and tells the signer again). ' +
        "Errors: 404 `not_found` (an unknown key, or another client's).",
      tags: ['approvals'],
      auth: 'client',
      scope: ['approvals', 'decide'],
      request: { params: idParam('key') },
      responses: { 200: { description: 'The revoked key', schema: approverKeySchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.revokeApproverKey, {
        params: ({ params }) => ({ id: params['key'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/approver-keys/:key',
      operationId: 'getApproverKey',
      summary: "Read an approver key of the caller's tenant (to endorse it)",
      description:
        "Reads one approver key of the caller's tenant (an admin: of the admins), with its client, public key and status: what an endorser checks and signs (the endorsement digest is computed from its tenantId, clientId, kind and publicKey and the endorser's credential id). " +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 404 `not_found` (an unknown key, or another tenant's).",
      tags: ['approvals'],
      auth: 'client',
      scope: ['approvals', 'read'],
      request: { params: idParam('key') },
      responses: { 200: { description: 'The approver key', schema: approverKeySchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'identity', IDENTITY_RPC.getApproverKey, {
        read: true,
        params: ({ params }) => ({ id: params['key'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/approver-keys/:key/endorsements',
      operationId: 'endorseApproverKey',
      summary: 'Endorse a pending approver key of the tenant with one of the caller’s',
      description:
        "Endorses a pending approver key of the caller's tenant (an admin: another admin's) with one of the caller's active keys: `signature` is that key's signature of the endorsement digest (the pending key's facts and the endorsing credential's id, under another purpose than a registration proof's: a proof never endorses; a passkey's: its assertion over it). The key is offered to the signer's registry with every endorsement so far, and becomes `active` once min(2, the clients with keys) distinct clients endorsed it (the key's own client may be one: a single-client tenant rotates its key so). " +
        'Endorsing again with the same key changes nothing. ' +
        "Errors: 404 `not_found` (an unknown key, or another tenant's); 403 `endorsement_invalid` (`credentialId` is not the caller's active key of this tenant, or `signature` does not verify); 409 `approver_key_not_pending` (active or revoked already).",
      tags: ['approvals'],
      auth: 'client',
      scope: ['approvals', 'decide'],
      request: { params: idParam('key'), body: endorseBody },
      responses: {
        201: {
          description: 'The endorsed key, active or still pending',
          schema: approverKeySchema,
        },
      },
      errorStatuses: [400, 401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.endorseApproverKey, {
        status: 201,
        params: ({ params, body }) => ({ id: params['key'], input: body }),
      }),
    }),
  ];
}
