import type { ClientView } from '@custody/contracts';
import type { ClientRow } from '../schema';

/** A client as the API shows it; a tenant is its own tenant, a member names its tenant. */
export function clientView(row: ClientRow): ClientView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    email: row.email,
    audience: row.audience,
    tenantId: row.tenantId ?? row.id,
    ...(row.personId !== null ? { personId: row.personId } : {}),
    ...(row.passkeyRequired ? { passkeyRequired: true as const } : {}),
  };
}
