import { z } from 'zod';
import { IDENTITY_RPC } from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import { forward } from '../forward';
import { idParam, idString } from '../schemas';
import { defineRoute } from '../route';
import {
  creationOptionsSchema,
  passkeySchema,
  registrationResponseSchema,
} from './passkeys.schemas';

/**
 * A client's passkeys (docs/decisions/identity-and-authentication.md, "Passkeys"): WebAuthn
 * registration and removal; sign-in with one is `POST /v1/tokens` (grant `urn:custody:webauthn`).
 * Every client manages its own; a client with scopes needs `passkeys` among them.
 */
export function passkeyRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/clients/me/passkeys/registration-options',
      operationId: 'createPasskeyRegistrationOptions',
      summary: 'Start registering a passkey of the caller (WebAuthn creation options)',
      description:
        "Answers the options of a WebAuthn registration for the caller (`navigator.credentials.create`, or `startRegistration` of `@simplewebauthn/browser`): the relying party (WEBAUTHN_RP_ID), the caller as the user (its id as the user handle), a discoverable credential with user verification required, and the caller's passkeys to exclude. " +
        'It keeps the challenge for five minutes, for one registration: every call makes a new one (not idempotent; Idempotency-Key is not used). ' +
        'A login that may only enroll a passkey (passkeys required of the client, none registered yet) may call it. ' +
        'No errors of its own beyond the common ones.',
      tags: ['passkeys'],
      auth: 'client',
      scope: ['passkeys', 'write'],
      request: {},
      responses: { 200: { description: 'The creation options', schema: creationOptionsSchema } },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'identity', IDENTITY_RPC.passkeyRegistrationOptions, {
        params: () => ({}),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/clients/me/passkeys',
      operationId: 'registerPasskey',
      summary: 'Register a passkey of the caller (the WebAuthn attestation)',
      description:
        "Registers the passkey an authenticator made for the options of `POST /v1/clients/me/passkeys/registration-options`: the answer is verified against that challenge (used up by this call, whatever its outcome), the relying party's id and origins, with the user verified; the passkey is kept with its public key, counter and transports, under `name` (default `Passkey n`). " +
        'A client has several passkeys; each signs it in (`POST /v1/tokens`, grant `urn:custody:webauthn`). Not idempotent: the same answer again finds its challenge used. ' +
        'Errors: 400 `webauthn_challenge_invalid` (unknown, expired or used challenge, or another client’s) or `passkey_registration_invalid` (the attestation does not verify: origin, relying party, user verification, signature); 409 `passkey_exists` (the credential is registered already).',
      tags: ['passkeys'],
      auth: 'client',
      scope: ['passkeys', 'write'],
      request: {
        body: z
          .object({
            response: registrationResponseSchema,
            name: z
              .string()
              .trim()
              .min(1)
              .max(100)
              .optional()
              .describe('A name to tell the passkeys apart (a device, say)'),
          })
          .strict(),
      },
      responses: { 201: { description: 'The passkey', schema: passkeySchema } },
      errorStatuses: [400, 401, 403, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.registerPasskey, { status: 201 }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/clients/me/passkeys',
      operationId: 'listPasskeys',
      summary: "List the caller's passkeys",
      description:
        "Lists the caller's passkeys, oldest first, with their names, transports, public keys, and when each was registered and last signed in. A passkey's public key is what its registration as an approver credential names (`POST /v1/clients/me/approver-keys` with `kind: webauthn`). " +
        'Changes nothing and is safe to repeat. No errors of its own beyond the common ones.',
      tags: ['passkeys'],
      auth: 'client',
      scope: ['passkeys', 'read'],
      request: {},
      responses: { 200: { description: 'Passkeys', schema: z.array(passkeySchema).max(1000) } },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'identity', IDENTITY_RPC.listPasskeys, {
        read: true,
        params: () => ({}),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/clients/me/passkeys/:passkey',
      operationId: 'deletePasskey',
      summary: 'Remove one of the caller’s passkeys',
      description:
        'Removes one of the caller’s passkeys: it no longer signs in (sessions it opened go on until they end), and its approver credential, if it signs approvals, is revoked here and in the signer’s registry. ' +
        'Not its last one while passkeys are required of the caller (an admin in production, a member of a tenant that requires them): a lost last passkey is recovered by an admin’s reset (`PATCH /v1/clients/{client}` with `passkeysReset`, held by the tenant’s policy-change policies). ' +
        'Deleting it again answers 404. ' +
        "Errors: 404 `not_found` (an unknown passkey, or another client's); 409 `passkey_last_required`.",
      tags: ['passkeys'],
      auth: 'client',
      scope: ['passkeys', 'write'],
      request: { params: idParam('passkey') },
      responses: {
        200: { description: 'Removed', schema: z.object({ id: idString }) },
      },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'identity', IDENTITY_RPC.deletePasskey, {
        params: ({ params }) => ({ id: params['passkey'] }),
      }),
    }),
  ];
}
