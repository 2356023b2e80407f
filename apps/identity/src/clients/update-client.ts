import type { AuthContext, ClientInput, ClientView, MemberChangeSummary } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import type { AuthState } from '../auth-state/auth-state';
import { hashPassword } from '../crypto/passwords';
import type { ClientRow, HeldClientInput } from '../schema';
import { changeClient, checkChange } from './apply-client-change';
import type { ChangedBy } from './client-events';
import { clientView } from './client.view';
import * as repo from './clients.repository';
import { changeGovernedBy } from './clients.rules';
import { endHeldChange } from './held-client-changes.repository';
import type { HoldClientChange } from './hold-client-change';

/**
 * A change of a client (admin only). A new password, audience or scope set invalidates every
 * token issued before it: the token version goes up and its refresh tokens are revoked. Such a
 * change is held when a `policy-change` policy governs the client's tenant (an admin's: the
 * platform's), so that one administrator cannot take over a tenant's approver.
 */
export class UpdateClient {
  constructor(
    private readonly db: Database,
    private readonly authState: AuthState,
    private readonly gate: HoldClientChange,
  ) {}

  async update(
    auth: AuthContext | undefined,
    id: string,
    patch: Partial<ClientInput>,
  ): Promise<ClientView & { approvalId?: string }> {
    const admin = requireAdmin(auth);
    const { password, tenantId: _tenant, personId: _person, ...fields } = patch;
    await checkChange(this.db, id, fields);
    const current = await repo.findClient(this.db, id);
    if (!current) throw Errors.notFound('client');
    const passwordHash = password !== undefined ? await hashPassword(password) : null;
    const owner = changeGovernedBy(current, patch);
    const by = { changedBy: admin.clientId, approvalId: null };
    if (owner === undefined) return this.apply(id, fields, passwordHash, by);
    const { heldId, approvalId } = await this.gate.hold(
      admin,
      owner,
      { kind: 'update', clientId: id, input: fields, passwordHash },
      changeSummary(current, owner, fields, passwordHash !== null),
    );
    if (approvalId !== null) return { ...clientView(current), approvalId };
    try {
      return await this.apply(id, fields, passwordHash, by, heldId);
    } catch (error) {
      await this.gate.end(heldId, 'failed');
      throw error;
    }
  }

  private async apply(
    id: string,
    fields: HeldClientInput,
    passwordHash: string | null,
    by: ChangedBy,
    heldId?: string,
  ): Promise<ClientView> {
    const changed = await withTransaction(this.db, async (tx) => {
      const result = await changeClient(tx, id, fields, passwordHash, by);
      if (heldId) await endHeldChange(tx, heldId, result ? 'applied' : 'failed');
      return result;
    });
    if (!changed) throw Errors.notFound('client');
    if (changed.bumped) await this.authState.setClientVersion(id, changed.row.tokenVersion);
    return clientView(changed.row);
  }
}

/** What the approvers see of a change: the client's name and e-mail after it, never a password. */
export function changeSummary(
  current: ClientRow,
  tenantId: string | null,
  fields: HeldClientInput,
  passwordSet: boolean,
): MemberChangeSummary {
  return {
    kind: 'update',
    clientId: current.id,
    tenantId,
    name: fields.name ?? current.name,
    email: fields.email ?? current.email,
    ...(fields.audience !== undefined ? { audience: fields.audience } : {}),
    ...(fields.scopes !== undefined ? { scopes: fields.scopes } : {}),
    ...(fields.passkeysReset === true ? { passkeysReset: true } : {}),
    ...(fields.passkeyRequired !== undefined ? { passkeyRequired: fields.passkeyRequired } : {}),
    passwordSet,
  };
}
