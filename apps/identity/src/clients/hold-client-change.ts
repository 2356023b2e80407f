import { v7 as uuidv7 } from 'uuid';
import { type AuthContext, type MemberChangeSummary, POLICY_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, sqlState } from '@custody/persistence';
import type { HeldClientInput } from '../schema';
import * as held from './held-client-changes.repository';

/** A change of a client as it is kept until it applies. */
export interface ClientChange {
  kind: 'create' | 'update';
  clientId: string;
  input: HeldClientInput;
  passwordHash: string | null;
}

/**
 * Asks the policy service whether a client's change is held (`changes.hold`), the change kept
 * first so that an approval never names a change identity does not have: a crash after the
 * keep leaves a pending change no approval will ever apply.
 */
export class HoldClientChange {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  async hold(
    auth: AuthContext,
    tenantId: string | null,
    change: ClientChange,
    summary: MemberChangeSummary,
  ): Promise<{ heldId: string; approvalId: string | null }> {
    const heldId = uuidv7();
    await held
      .insertHeldChange(this.db, {
        id: heldId,
        kind: change.kind,
        clientId: change.clientId,
        input: change.input,
        passwordHash: change.passwordHash,
        status: 'pending',
        createdBy: auth.clientId,
      })
      .catch((error: unknown) => {
        if (sqlState(error) === '23505')
          throw Errors.conflict(
            'A change of this client waits for approval already: it applies or ends first.',
            'client_change_pending',
          );
        throw error;
      });
    // Unanswered or refused, the change ends here: a pending row would refuse every later
    // change of the client (409 client_change_pending). Held after a lost answer, its approval
    // then settles nothing.
    const { approvalId } = await this.rpc
      .call(
        'policy',
        POLICY_RPC.holdChange,
        { operationId: heldId, tenantId, change: { activity: 'member-change', member: summary } },
        { auth },
      )
      .catch(async (error: unknown) => {
        await this.end(heldId, 'failed');
        throw error;
      });
    if (approvalId !== null) await held.setApproval(this.db, heldId, approvalId);
    return { heldId, approvalId };
  }

  /** A change applied at once (or refused) ends, so it no longer blocks the next. */
  async end(heldId: string, status: 'applied' | 'failed'): Promise<void> {
    await held.endHeldChange(this.db, heldId, status);
  }
}
