import type { ApproverCredential, ApproverKeyView, AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as repo from './approver-keys.repository';
import { approverKeyView, approverTenantOf, credentialOf } from './approver-keys.rules';

/** Reads of approvers' keys: a client's own, and the active ones the policy service verifies with. */
export class ApproverKeysService {
  constructor(private readonly db: Database) {}

  async list(auth: AuthContext | undefined): Promise<ApproverKeyView[]> {
    const caller = requireAuth(auth);
    const rows = await repo.clientCredentials(this.db, caller.clientId);
    const counts = await repo.endorsementCounts(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => approverKeyView(r, counts.get(r.id) ?? 0));
  }

  /** One key of the caller's side (its tenant's, or for an admin the platform's): to endorse it. */
  async get(auth: AuthContext | undefined, id: string): Promise<ApproverKeyView> {
    const caller = requireAuth(auth);
    const row = await repo.findCredential(this.db, id);
    if (!row || row.tenantId !== approverTenantOf(caller)) throw Errors.notFound('approver key');
    const counts = await repo.endorsementCounts(this.db, [row.id]);
    return approverKeyView(row, counts.get(row.id) ?? 0);
  }

  /** A client's active credentials (policy only: it verifies that client's approvals). */
  async active(clientId: string): Promise<{ credentials: ApproverCredential[] }> {
    if (!isUuid(clientId)) return { credentials: [] };
    const rows = await repo.clientCredentials(this.db, clientId, 'active');
    return { credentials: rows.map(credentialOf) };
  }
}
