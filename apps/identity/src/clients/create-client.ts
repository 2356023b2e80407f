import type {
  AuthContext,
  ClientInput,
  ClientView,
  HeldClientCreation,
  MemberChangeSummary,
} from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { type Database, withTransaction } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import type { AuthState } from '../auth-state/auth-state';
import { hashPassword } from '../crypto/passwords';
import { checkCreation, insertNewClient, type NewClientFields } from './apply-client-change';
import type { ChangedBy } from './client-events';
import { clientView } from './client.view';
import * as repo from './clients.repository';
import { creationGovernedBy, emailTaken } from './clients.rules';
import { endHeldChange } from './held-client-changes.repository';
import type { HoldClientChange } from './hold-client-change';

/**
 * A new client (admin only): a tenant of its own, or a member of a tenant; its token version goes
 * to the auth state the gateway checks tokens against. A member's creation (or a new admin's) is
 * held when a `policy-change` policy governs its tenant (the platform): one administrator alone
 * cannot give itself a vote in a tenant's approvals.
 */
export class CreateClient {
  constructor(
    private readonly db: Database,
    private readonly authState: AuthState,
    private readonly gate: HoldClientChange,
  ) {}

  async create(
    auth: AuthContext | undefined,
    input: ClientInput,
  ): Promise<ClientView | HeldClientCreation> {
    const admin = requireAdmin(auth);
    const owner = creationGovernedBy(input);
    if (owner === undefined) return this.createUnchecked(input, admin.clientId);
    const { password, ...fields } = input;
    // Refused now rather than held: a tenant that is none, an e-mail taken (checked again when
    // it applies, where a taken one ends the change `failed`).
    await checkCreation(this.db, fields);
    if (await repo.findClientByEmail(this.db, input.email)) throw emailTaken();
    const id = uuidv7();
    const passwordHash = await hashPassword(password);
    const { heldId, approvalId } = await this.gate.hold(
      admin,
      owner,
      { kind: 'create', clientId: id, input: fields, passwordHash },
      summaryOf(id, owner, fields, true),
    );
    if (approvalId !== null) return { id, approvalId };
    const by = { changedBy: admin.clientId, approvalId: null };
    try {
      return await this.apply(id, fields, passwordHash, by, heldId);
    } catch (error) {
      await this.gate.end(heldId, 'failed');
      throw error;
    }
  }

  /** Also used by the bootstrap, which runs before any admin exists (and holds nothing). */
  async createUnchecked(input: ClientInput, changedBy?: string): Promise<ClientView> {
    const { password, ...fields } = input;
    const id = uuidv7();
    return this.apply(id, fields, await hashPassword(password), {
      changedBy: changedBy ?? id,
      approvalId: null,
    });
  }

  private async apply(
    id: string,
    fields: NewClientFields,
    passwordHash: string,
    by: ChangedBy,
    heldId?: string,
  ): Promise<ClientView> {
    const row = await withTransaction(this.db, async (tx) => {
      const created = await insertNewClient(tx, id, fields, passwordHash, by);
      if (heldId) await endHeldChange(tx, heldId, 'applied');
      return created;
    });
    await this.authState.setClientVersion(row.id, row.tokenVersion);
    return clientView(row);
  }
}

/** What the approvers see of a creation: never the password. */
export function summaryOf(
  clientId: string,
  tenantId: string | null,
  fields: NewClientFields,
  passwordSet: boolean,
): MemberChangeSummary {
  return {
    kind: 'create',
    clientId,
    tenantId,
    name: fields.name,
    email: fields.email,
    audience: fields.audience ?? ['general'],
    scopes: fields.scopes ?? [],
    ...(fields.personId !== undefined ? { personId: fields.personId } : {}),
    passwordSet,
  };
}
