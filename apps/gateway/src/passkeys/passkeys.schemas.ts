import { z } from 'zod';
import type {
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeyView,
} from '@custody/contracts';
import { contractSchema } from '../contract-schema';
import { idString, isoDateTime } from '../schemas';

// The WebAuthn JSON serializations (docs/decisions/identity-and-authentication.md, "Passkeys"),
// bounded: a browser's answers are a few hundred bytes; an attestation with a certificate chain
// a few kilobytes.

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url');

const transport = z.string().max(32);
const transports = z.array(transport).max(8);

const descriptor = z.object({
  id: z.string().max(1400).describe('A credential id, base64url'),
  type: z.string().max(16).describe('`public-key`'),
  transports: transports.optional(),
});

export const passkeySchema = contractSchema<PasskeyView>()(
  z.object({
    id: idString,
    credentialId: z.string().max(1400).describe("The authenticator's credential id, base64url"),
    publicKey: z
      .string()
      .max(2048)
      .describe(
        'Its COSE public key, base64url: what its registration as an approver credential names (`POST /v1/clients/me/approver-keys` with `kind: webauthn`)',
      ),
    rpId: z
      .string()
      .max(253)
      .describe(
        "The relying party's id it is registered with: what a WebAuthn request for it names",
      ),
    name: z.string().max(100).describe('A name to tell the client’s passkeys apart'),
    transports: transports.describe('How a browser may reach it, as the authenticator said'),
    createdAt: isoDateTime,
    lastUsedAt: isoDateTime.nullable().describe('Its last sign-in (null: never)'),
  }),
);

export const creationOptionsSchema = contractSchema<PasskeyCreationOptions>()(
  z.object({
    rp: z.object({ id: z.string().max(253).optional(), name: z.string().max(64) }),
    user: z.object({
      id: z.string().max(128).describe("The user handle: the client's id, base64url"),
      name: z.string().max(320),
      displayName: z.string().max(200),
    }),
    challenge: z.string().max(128).describe('Used once, within the timeout'),
    pubKeyCredParams: z
      .array(z.object({ alg: z.number().int(), type: z.literal('public-key') }))
      .max(16),
    timeout: z.number().int().min(0).optional(),
    excludeCredentials: z
      .array(descriptor)
      .max(1000)
      .optional()
      .describe("The client's passkeys already registered"),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().max(32).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.string().max(32).optional(),
        userVerification: z.string().max(32).optional(),
      })
      .optional(),
    attestation: z.string().max(32).optional(),
  }),
);

export const requestOptionsSchema = contractSchema<PasskeyRequestOptions>()(
  z.object({
    challenge: z.string().max(128).describe('Used once, within the timeout'),
    timeout: z.number().int().min(0).optional(),
    rpId: z.string().max(253).optional(),
    allowCredentials: z
      .array(descriptor)
      .max(1000)
      .optional()
      .describe("The e-mail's passkeys, when one was named"),
    userVerification: z.string().max(32).optional(),
  }),
);

const credentialFields = {
  id: base64url(1400).describe('The credential id, base64url'),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.string().max(32).optional(),
  // Extensions are not used: the results a browser sends are dropped.
  clientExtensionResults: z.object({}).optional(),
};

/** `RegistrationResponseJSON` (`@simplewebauthn/browser`'s `startRegistration`). */
export const registrationResponseSchema = z
  .object({
    ...{},
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(16_384),
      authenticatorData: base64url(8192).optional(),
      transports: transports.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(2048).optional(),
    }),
  })
  .describe("The authenticator's answer to the registration options, as WebAuthn serializes it");

/** `AuthenticationResponseJSON` (`@simplewebauthn/browser`'s `startAuthentication`). */
export const authenticationResponseSchema = z
  .object({
    ...{},
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(8192),
      signature: base64url(1024),
      userHandle: base64url(128).optional(),
    }),
  })
  .describe("A passkey's assertion over the challenge, as WebAuthn serializes it");
