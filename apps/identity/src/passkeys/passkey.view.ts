import type { PasskeyView } from '@custody/contracts';
import type { PasskeyRow } from './passkeys.repository';

/** What the API answers of a passkey: never its public key (nobody needs it back). */
export function passkeyView(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    credentialId: row.credentialId,
    name: row.name,
    transports: row.transports,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
