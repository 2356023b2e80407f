import { z } from 'zod';
import { MAX_APPROVER_SIGNATURE_LENGTH } from '@custody/contracts';

/**
 * A credential's signature of a digest (a registration's, an approval's): Ed25519's 64 bytes
 * (86 base64url characters), or a passkey's WebAuthn assertion over it, its
 * `authenticatorData.clientDataJSON.signature` (each base64url).
 */
export const credentialSignature = z
  .string()
  .min(86)
  .max(MAX_APPROVER_SIGNATURE_LENGTH)
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)?$/, 'base64url, or three parts');
