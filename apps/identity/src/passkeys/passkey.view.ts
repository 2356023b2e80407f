import type { PasskeyView } from '@custody/contracts';
import type { PasskeyRow } from './passkeys.repository';

/**
 * What the API answers of a passkey: its public key too, which its registration as an approver
 * credential names (its registration digest is computed from it), and the relying party's id a
 * WebAuthn request for it names (WEBAUTHN_RP_ID: a console under a subdomain must name it).
 */
export function passkeyView(row: PasskeyRow, rpId: string): PasskeyView {
  return {
    id: row.id,
    credentialId: row.credentialId,
    publicKey: row.publicKey,
    rpId,
    name: row.name,
    transports: row.transports,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
